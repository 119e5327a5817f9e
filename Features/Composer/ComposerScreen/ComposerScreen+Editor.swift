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
    case .changed(let kept) where saving && composer.canSave:
      let saved = try save()
      return ScreenResult(saved.navigation, lines: Self.keptInBody(kept) + saved.lines)
    case .changed(let kept) where saving:
      return ScreenResult(
        .stay,
        lines: Self.keptInBody(kept) + [
          "Not saved yet: fix what is shown (`editor` again, or type it), then `save`."
        ])
    case .changed(let kept):
      return ScreenResult(.stay, lines: Self.keptInBody(kept))
    }
  }

  /// What is said of front-matter lines the editor's file sets nothing by, kept in the body:
  /// their keys, so a `pinned:` or a `created:` that set nothing is not passed over in silence.
  ///
  /// - Parameter keys: The lines' keys, in order.
  /// - Returns: The line saying so; none for no keys.
  static func keptInBody(_ keys: [String]) -> [String] {
    guard !keys.isEmpty else { return [] }
    let named = keys.map { "`\($0.terminalSafe):`" }
    let list =
      named.count == 1
      ? named[0] : named.dropLast().joined(separator: ", ") + " and " + (named.last ?? "")
    return [
      "Kept the front matter's \(list) line\(keys.count == 1 ? "" : "s") at the top of the body, "
        + "as text: the editor's file sets only a note's title, tags, notebook and properties."
    ]
  }
}
