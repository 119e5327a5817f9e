import FieldNotesModel

/// A place in FieldNotes, as a value: each screen module returns these to say where to go, and
/// the app makes each into a screen through the screens' registrations.
///
/// A new feature adds its case last (`new-feature` writes it). Nothing switches over every
/// route, since each registration picks out its own cases, so no other file learns of it.
public enum Route: Hashable, Sendable {
  /// The notebooks screen, the root.
  case notebooks
  /// A note list, with its search, filters and order.
  case noteList(NoteScope, NoteListSettings = NoteListSettings())
  /// One note, read in full, with the terms of the search it was found by highlighted (none
  /// by default).
  case noteDetail(Note.ID, highlighting: [String] = [])
  /// The composer, writing a new note in a notebook or in none.
  case newNote(in: Notebook.ID?)
  /// The composer, changing a note.
  case editNote(Note.ID)
  /// Every tag, with its note count.
  case tags
  /// The trash screen.
  case trash
  /// The conflicts screen.
  case conflicts
}
