import FieldNotesModel

/// A pending request to delete a notebook that still holds notes, awaiting the user's choice.
public struct NotebookDeletionRequest: Hashable, Sendable {
  /// The notebook to delete.
  public var notebookID: Notebook.ID
  /// Its name, for the question.
  public var name: String
  /// How many notes it holds.
  public var noteCount: Int

  /// Creates a request.
  ///
  /// - Parameters:
  ///   - notebookID: The notebook to delete.
  ///   - name: Its name.
  ///   - noteCount: How many notes it holds.
  public init(notebookID: Notebook.ID, name: String, noteCount: Int) {
    self.notebookID = notebookID
    self.name = name
    self.noteCount = noteCount
  }
}
