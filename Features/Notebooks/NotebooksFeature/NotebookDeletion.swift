/// What happens to a notebook's notes when the notebook is deleted.
public enum NotebookDeletion: Hashable, Sendable {
  /// The notes are deleted with the notebook.
  case deleteNotes
  /// The notes stay, in no notebook.
  case keepNotes
}
