/// One thing a user does in a no-loss run, on one of the run's stores.
///
/// A note is named by a word of its title (`search WORD`, then row 1), so the stores' actions
/// meet on the same notes whatever their rows; other rows are those of the trash or the
/// conflict inbox as the store is when the action runs. Words are the run's unique words
/// (`zq17x`), which the oracle then looks for in every store.
enum OracleAction: Hashable, Sendable {
  /// `new`, a title and a body, `save`.
  case write(store: Int, word: String)
  /// `edit`, a new body, `save`: the old body is the note's version.
  case edit(store: Int, note: String, word: String)
  /// `fieldnotes add` run several times at once on one store, each with its text on standard
  /// input: each must wait its turn, never be refused as busy.
  case addAtOnce(store: Int, words: [String])
  /// `new`, then the input ends with the note unsaved: kept as a draft.
  case leaveUnsaved(store: Int, word: String)
  /// `new`, `draft 1`, `save`: a kept draft of a new note saved.
  case saveKeptDraft(store: Int)
  /// `delete`: to the trash.
  case delete(store: Int, note: String)
  /// `restore N` in the trash.
  case restoreFromTrash(store: Int, row: Int)
  /// `empty` in the trash, answered `yes`: the one way texts may go for good.
  case emptyTrash(store: Int)
  /// `restore 1` on a note's page: its first version made current again.
  case restoreVersion(store: Int, note: String)
  /// `sync`.
  case sync(store: Int)
  /// `keep original|copy|both 1` in the conflict inbox.
  case resolveConflict(store: Int, choice: String)
  /// `new --editor`, the editor exiting cleanly: saved.
  case editorSaves(store: Int, word: String)
  /// `edit --editor`, the editor dying by a signal after writing the file.
  case editorCrashes(store: Int, note: String, word: String)
  /// `new --editor`, the editor exiting with status 1 (`:cq`): the user's choice to discard.
  case editorQuits(store: Int, word: String)
  /// `new --editor` in each store given at once, every FieldNotes killed while its editor has
  /// written.
  case killWhileEditing(stores: [Int], words: [String])
  /// A session of a store in memory (`--in-memory`, `--demo`), as a cron job or a curious
  /// user might start between two sessions.
  case sessionInMemory(demo: Bool)
  /// `export FOLDER/`.
  case exportFolder(store: Int)
  /// The user adds a word to one exported file, in place.
  case editExportedFile(store: Int, pick: Int, word: String)
  /// The user copies one exported file beside it, adding a word.
  case copyExportedFile(store: Int, pick: Int, word: String)
  /// `import FOLDER` of the store's export folder.
  case importExportFolder(store: Int)
  /// `export FILE.md` over a file of the user's of that name.
  case exportOverUsersFile(store: Int, word: String)
  /// `export FILE.json`, the user changes one note's body in it, `import FILE.json`.
  case importEditedBackup(store: Int, pick: Int, word: String)
  /// `import` of a jrnl journal whose two entries share their minute and text, their tags
  /// apart.
  case importJournal(store: Int, words: [String])
}

extension OracleAction {
  /// The store the action is done on, if one.
  var store: Int? {
    switch self {
    case .write(let store, _), .edit(let store, _, _), .leaveUnsaved(let store, _),
      .addAtOnce(let store, _),
      .saveKeptDraft(let store), .delete(let store, _), .restoreFromTrash(let store, _),
      .emptyTrash(let store), .restoreVersion(let store, _), .sync(let store),
      .resolveConflict(let store, _), .editorSaves(let store, _),
      .editorCrashes(let store, _, _), .editorQuits(let store, _), .exportFolder(let store),
      .editExportedFile(let store, _, _), .copyExportedFile(let store, _, _),
      .importExportFolder(let store), .importEditedBackup(let store, _, _),
      .exportOverUsersFile(let store, _),
      .importJournal(let store, _):
      store
    case .killWhileEditing, .sessionInMemory: nil
    }
  }
}
