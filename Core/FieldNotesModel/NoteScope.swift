/// Which notes a list shows: every note, the notes in no notebook, or one notebook's notes.
public enum NoteScope: Hashable, Sendable {
  /// Every note, whatever its notebook.
  case allNotes
  /// The notes that are in no notebook.
  case unfiled
  /// The notes in one notebook.
  case notebook(Notebook.ID)

  /// Whether a note belongs in this scope.
  ///
  /// - Parameter note: The note to test.
  /// - Returns: `true` when a list of this scope shows the note.
  public func contains(_ note: Note) -> Bool {
    switch self {
    case .allNotes: true
    case .unfiled: note.notebookID == nil
    case .notebook(let id): note.notebookID == id
    }
  }
}
