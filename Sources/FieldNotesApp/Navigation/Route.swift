import ComposerScreen
import FieldNotesModel

/// A place in the app, as a value: the router's stack is made of these.
public enum Route: Hashable, Sendable {
  /// The notebooks screen, the root.
  case notebooks
  /// A note list.
  case noteList(NoteScope)
  /// One note, read in full.
  case noteDetail(Note.ID)
  /// The composer, presented over the screen below it.
  case composer(ComposerScreen.Purpose)
}
