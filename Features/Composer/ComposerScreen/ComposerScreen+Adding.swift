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
  ///   - client: The composer's data, where the note is saved (or its text kept as a draft).
  ///   - dependencies: What the screens are made with.
  /// - Returns: The line saying what was saved and where.
  /// - Throws: ``AddNoteFailure`` saying why nothing was saved, and what became of the text,
  ///   which came on standard input, read once: kept as a draft (`new` offers it back), or,
  ///   where it can't be kept, given back whole to print.
  public static func addNote(
    title: String, body: String, tags: [String], notebook: String?, client: any ComposerClient,
    with dependencies: ScreenDependencies
  ) throws(AddNoteFailure) -> String {
    let composer = ComposerViewModel(
      client: client, purpose: .newNote(in: nil), ids: dependencies.ids,
      now: dependencies.now, session: dependencies.session, editor: dependencies.editor)
    let saved: Note?
    do throws(ScreenError) {
      saved = try ScreenError.carrying { () throws(ComposerError) -> Note? in
        try composer.setTitle(title)
        try composer.replaceBody(with: body)
        try composer.setTags(from: tags.joined(separator: " "))
        if let notebook {
          try composer.chooseNotebook(named: notebook.lowercased() == "none" ? nil : notebook)
        }
        return try composer.save()
      }
    } catch {
      throw AddNoteFailure(error: error, text: preserveUnsavedWork(of: composer))
    }
    guard let saved else {
      throw AddNoteFailure(
        error: .refused("the note was not saved"), text: preserveUnsavedWork(of: composer))
    }
    let place = composer.notebookName.map { " in \u{201C}\($0.terminalSafe)\u{201D}" } ?? ""
    return "Saved \u{201C}\(saved.title.terminalSafe)\u{201D}\(place)."
  }
}

/// Why `fieldnotes add` saved nothing, and what became of its text: kept as a draft, or given
/// back whole where it couldn't be kept, so a body piped in is never lost with the error.
public struct AddNoteFailure: Error {
  /// Why nothing was saved.
  public var error: ScreenError
  /// What became of the text.
  public var text: PreservedWork
}

extension ComposerScreen {
  /// Keeps as drafts the notes a FieldNotes of this store left in its editor's files when it
  /// stopped while the editor ran, or while its composer held unsaved text, as a session
  /// starts, and names the files other stores left.
  ///
  /// - Parameters:
  ///   - client: The composer's data, where the drafts are kept.
  ///   - dependencies: What the screens are made with.
  /// - Returns: A warning for what was kept, one for what this store couldn't take, and one
  ///   for other stores' files; the files of the last two stay.
  public static func keepLeftoverEdits(
    client: any ComposerClient, with dependencies: ScreenDependencies
  ) -> [String] {
    let kept = ComposerViewModel.keepLeftoverEdits(
      client: client, editor: dependencies.editor, now: dependencies.now)
    var warnings: [String] = []
    if kept > 0 {
      warnings.append(
        "warning: FieldNotes stopped while \(String(count: kept, noun: "note")) "
          + "\(kept == 1 ? "was" : "were") being written (in the composer or your editor); "
          + "\(kept == 1 ? "it is kept as a draft" : "they are kept as drafts"), offered back by "
          + "`new` or `edit`")
    }
    let notKept = ComposerViewModel.leftoverEditsNotKept(editor: dependencies.editor)
    if let first = notKept.first {
      let place =
        notKept.count == 1
        ? "it stays at \(first.terminalSafe)"
        : "they stay in \(commonFolder(of: notKept).terminalSafe)"
      warnings.append(
        "warning: \(String(count: notKept.count, noun: "note")) being written when FieldNotes "
          + "stopped could not be kept as \(notKept.count == 1 ? "a draft" : "drafts") (this store "
          + "took none); \(place), and the next session of this store tries again")
    }
    let others = ComposerViewModel.leftoverEditsOfOtherStores(editor: dependencies.editor)
    if let first = others.first {
      let count = String(count: others.count, noun: "file")
      let place =
        others.count == 1
        ? "is kept at \(first.terminalSafe); `import \(first.terminalSafe)` brings its text"
        : "are kept in \(commonFolder(of: others).terminalSafe); `import FILE` brings one's text"
      warnings.append(
        "warning: \(count) of a note being written by a FieldNotes of another store (or of one "
          + "in memory) \(place) in here as a note")
    }
    return warnings
  }

  /// The deepest folder that holds every one of some files.
  private static func commonFolder(of paths: [String]) -> String {
    let folders = paths.map {
      $0.split(separator: "/", omittingEmptySubsequences: false).dropLast()
    }
    var common = folders.first.map(Array.init) ?? []
    for folder in folders.dropFirst() {
      common = Array(zip(common, folder).prefix { $0 == $1 }.map(\.0))
    }
    return common.isEmpty ? "/" : common.joined(separator: "/")
  }
}
