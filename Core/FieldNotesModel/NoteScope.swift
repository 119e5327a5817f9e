/// Which notes a list shows: every note, the notes in no notebook, one notebook's notes, or the
/// notes carrying a tag.
public enum NoteScope: Hashable, Sendable {
  /// Every note, whatever its notebook.
  case allNotes
  /// The notes that are in no notebook.
  case unfiled
  /// The notes in one notebook.
  case notebook(Notebook.ID)
  /// The notes carrying a tag, whatever their notebook.
  case tagged(String)

  /// The name of the scope of every note, as lists and the notebooks screen show it.
  public static let allNotesName = "All Notes"
  /// The name of the scope of the notes in no notebook.
  public static let unfiledName = "No Notebook"

  /// Whether a note belongs in this scope.
  ///
  /// - Parameter note: The note to test.
  /// - Returns: `true` when a list of this scope shows the note.
  public func contains(_ note: Note) -> Bool {
    switch self {
    case .allNotes: true
    case .unfiled: note.notebookID == nil
    case .notebook(let id): note.notebookID == id
    case .tagged(let tag): note.tags.contains(tag)
    }
  }
}
