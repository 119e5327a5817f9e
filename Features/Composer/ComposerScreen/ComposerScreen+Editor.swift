import ComposerFeature
import FieldNotesTerminal

extension ComposerScreen {
  /// `editor`: the draft goes to the user's editor and comes back into the composer, which
  /// then waits for `save` as after typing; `editor --save` (what `new --editor` and
  /// `edit N --editor` run) saves what comes back when it is a note, as `git commit` does.
  ///
  /// - Parameter saving: Whether to save what the editor wrote, and leave.
  /// - Returns: Staying with the draft shown, or leaving once saved (or with nothing written).
  /// - Throws: ``FieldNotesTerminal/ScreenError`` when the editor failed (the draft is as it
  ///   was) or what it wrote needs fixing (the problem is shown, nothing is lost).
  func writeInEditor(thenSaving saving: Bool) async throws(ScreenError) -> ScreenResult<Route> {
    hasWarnedBeforeQuitting = false
    if case .confirming(let question) = composer.state {
      throw .refused(Self.answerFirst(question))
    }
    let outcome: EditorOutcome
    do { outcome = try await composer.writeInEditor() } catch { throw .failed(error) }
    switch outcome {
    case .unchanged where saving && !composer.hasChanges:
      // Opened straight in the editor and closed with nothing written: nothing to save.
      try ScreenError.carrying { () throws(ComposerError) in try composer.cancel() }
      return ScreenResult(.pop, lines: ["Nothing changed in the editor, so nothing was saved."])
    case .unchanged:
      return .say("Nothing changed in the editor.")
    case .changed where saving && composer.canSave:
      return try save()
    case .changed where saving:
      return .say("Not saved yet: fix what is shown (`editor` again, or type it), then `save`.")
    case .changed:
      return .stay
    }
  }
}
