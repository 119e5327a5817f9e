import ComposerLive
import ComposerScreen
import ConflictsLive
import ConflictsScreen
import FieldNotesNavigation
import FieldNotesServicesLive
import FieldNotesTerminal
import NoteDetailLive
import NoteDetailScreen
import NoteListScreen
import NotebooksScreen
import TagsLive
import TagsScreen
import TrashLive
import TrashScreen

/// Every kind of screen in FieldNotes, each registered once by its own module.
///
/// This is the one place the app names its screens. `help`, the ways in and the "can't be used
/// here" hints all come from this list.
@MainActor
enum Screens {
  /// The registrations, one line each, in the order the features were added: a new feature's
  /// goes last (`new-feature` writes it, and its import above).
  static let registrations: [ScreenRegistration<Route, ScreenDependencies>] = [
    NotebooksScreen.registration,
    NoteListScreen.registration,
    NoteDetailScreen.registration {
      StoreNoteDetailClient(store: $0.store, history: $0.history, files: AtomicNewFileWriter())
    },
    ComposerScreen.registration { composer($0) },
    TagsScreen.registration { StoreTagsClient(store: $0.store) },
    TrashScreen.registration { StoreTrashClient(store: $0.store) },
    ConflictsScreen.registration { StoreConflictsClient(store: $0.store) },
  ]

  /// The composer's data: the live client over the store's notes and the drafts kept beside
  /// them, made here alone for the screen, `fieldnotes add` and a session's start.
  ///
  /// - Parameter dependencies: What the app composed.
  /// - Returns: The client.
  static func composer(_ dependencies: ScreenDependencies) -> StoreComposerClient {
    StoreComposerClient(store: dependencies.store, drafts: dependencies.drafts)
  }

  /// How `fieldnotes add` saves a note with no terminal: the composer's way in, so its rules
  /// and words are the composer's.
  ///
  /// - Parameters:
  ///   - title: The title.
  ///   - body: The body, exactly.
  ///   - tags: The tags, as typed.
  ///   - notebook: The notebook's name, or `nil` for none.
  ///   - dependencies: What the screens are made with.
  /// - Returns: The line saying what was saved and where.
  /// - Throws: `AddNoteFailure`: why nothing was saved, and what became of the text.
  static func addNote(
    _ title: String, _ body: String, _ tags: [String], _ notebook: String?,
    _ dependencies: ScreenDependencies
  ) throws(AddNoteFailure) -> String {
    try ComposerScreen.addNote(
      title: title, body: body, tags: tags, notebook: notebook, client: composer(dependencies),
      with: dependencies)
  }

  /// How a session, `add` or `show` starts: keeping what an editor held when FieldNotes stopped.
  ///
  /// - Parameter dependencies: What the screens are made with.
  /// - Returns: The warnings to show.
  static func keepLeftoverEdits(_ dependencies: ScreenDependencies) -> [String] {
    ComposerScreen.keepLeftoverEdits(client: composer(dependencies), with: dependencies)
  }
}
