import ComposerFeature
import FieldNotesModel
import FieldNotesNavigation
import FieldNotesTerminal

extension ComposerScreen {
  /// Writes and saves one note with no terminal, as `fieldnotes add` does: through the
  /// composer's view model, the one path a note takes in, so its rules and words are the
  /// composer's.
  ///
  /// - Parameters:
  ///   - title: The title.
  ///   - body: The body, exactly.
  ///   - tags: The tags, as typed (`#Birds` is `birds`).
  ///   - notebook: The notebook's name, found ignoring case; `nil` or `none` for none.
  ///   - dependencies: What the screens are made with.
  /// - Returns: The line saying what was saved and where.
  /// - Throws: ``FieldNotesTerminal/ScreenError`` saying why nothing was saved.
  public static func addNote(
    title: String, body: String, tags: [String], notebook: String?,
    with dependencies: ScreenDependencies
  ) throws(ScreenError) -> String {
    let composer = ComposerViewModel(
      store: dependencies.store, purpose: .newNote(in: nil), ids: dependencies.ids,
      now: dependencies.now, session: dependencies.session, editor: dependencies.editor)
    let saved = try ScreenError.carrying { () throws(ComposerError) -> Note? in
      try composer.setTitle(title)
      try composer.replaceBody(with: body)
      try composer.setTags(from: tags.joined(separator: " "))
      if let notebook {
        try composer.chooseNotebook(named: notebook.lowercased() == "none" ? nil : notebook)
      }
      return try composer.save()
    }
    guard let saved else { throw .refused("the note was not saved") }
    let place = composer.notebookName.map { " in \u{201C}\($0.terminalSafe)\u{201D}" } ?? ""
    return "Saved \u{201C}\(saved.title.terminalSafe)\u{201D}\(place)."
  }
}

extension ComposerScreen {
  /// Keeps as drafts the notes a FieldNotes left in its editor's files when it stopped while
  /// the editor ran, as a session starts.
  ///
  /// - Parameter dependencies: What the screens are made with.
  /// - Returns: A warning saying what was kept, or `nil` when nothing was left.
  public static func keepLeftoverEdits(with dependencies: ScreenDependencies) -> String? {
    let kept = ComposerViewModel.keepLeftoverEdits(
      store: dependencies.store, editor: dependencies.editor, session: dependencies.session,
      now: dependencies.now)
    guard kept > 0 else { return nil }
    return "warning: FieldNotes stopped while your editor had \(String(count: kept, noun: "note")) "
      + "open; \(kept == 1 ? "it is kept as a draft" : "they are kept as drafts"), offered back by "
      + "`new` or `edit`"
  }
}
