import ComposerScreen
import ConflictsLive
import ConflictsScreen
import FieldNotesNavigation
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
    NoteDetailScreen.registration { StoreNoteDetailClient(store: $0.store, history: $0.history) },
    ComposerScreen.registration,
    TagsScreen.registration { StoreTagsClient(store: $0.store) },
    TrashScreen.registration { StoreTrashClient(store: $0.store) },
    ConflictsScreen.registration { StoreConflictsClient(store: $0.store) },
  ]

  /// How `fieldnotes add` saves a note with no terminal: the composer's way in, so its rules
  /// and words are the composer's.
  static let addNote = ComposerScreen.addNote(title:body:tags:notebook:with:)

  /// How a session starts by keeping the notes an editor held when FieldNotes last stopped.
  static let keepLeftoverEdits = ComposerScreen.keepLeftoverEdits(with:)
}
