import FieldNotesModel
import FieldNotesQuery
import FieldNotesServices

/// The notebooks screen's own writes, made through the store's one write path
/// (``FieldNotesServices/NoteStore/commit(_:progress:)``), which keeps every text they replace.
///
/// A notebook deleted with its notes puts them in the trash, and one deleted without them saves
/// them in no notebook, each note's earlier text kept as a version: in the same transaction as
/// the notebook's removal, so a failure leaves the notebook and its notes as they were.
public enum NotebookChange: StoreChange, Hashable, Sendable {
  /// Adds a notebook.
  case add(Notebook)
  /// Renames a notebook.
  case rename(Notebook.ID, to: String)
  /// Deletes a notebook, deleting its notes or keeping them in no notebook.
  case delete(Notebook.ID, notes: NotebookDeletion)

  /// Works out the change from the notebooks and notes as the store reads them now.
  ///
  /// - Parameter store: The store.
  /// - Returns: What is written.
  /// - Throws: ``NotebooksError/duplicateNotebook(_:)`` for a notebook added
  ///   twice, ``FieldNotesServices/NoteStoreError/notebookNotFound(_:)`` for one gone, or
  ///   ``FieldNotesServices/NoteStoreError/persistence(_:)`` when the store can't be read.
  public func edit(in store: NoteStore) throws(NoteStoreError) -> StoreEdit {
    switch self {
    case .add(let notebook):
      guard try store.notebook(withID: notebook.id) == nil else {
        throw .duplicateNotebook(notebook.id)
      }
      return StoreEdit(changes: [.saveNotebook(notebook)])
    case .rename(let id, let name):
      guard var notebook = try store.notebook(withID: id) else { throw .notebookNotFound(id) }
      notebook.name = name
      return StoreEdit(changes: [.saveNotebook(notebook)])
    case .delete(let id, let disposition):
      guard try store.notebook(withID: id) != nil else { throw .notebookNotFound(id) }
      return try Self.removing(id, notes: disposition, in: store)
    }
  }

  /// Renaming and deleting say what the user wants whatever the notebook's notes hold now;
  /// adding one twice does not.
  public var holdsWhateverElseChanged: Bool {
    switch self {
    case .rename, .delete: true
    case .add: false
    }
  }

  /// Removes a notebook and deletes or releases its notes, in one transaction.
  private static func removing(
    _ id: Notebook.ID, notes disposition: NotebookDeletion, in store: NoteStore
  ) throws(NoteStoreError) -> StoreEdit {
    let held = try store.page(NoteListQuery(scope: .notebook(id))).notes
    let stamp = store.now()
    var edit = StoreEdit(changes: [])
    switch disposition {
    case .deleteNotes:
      for note in held {
        edit.changes += [.expectNote(note.id, note), .trashNote(note.id, at: stamp)]
      }
      edit.removedNotes = held
    case .keepNotes:
      for note in held {
        var released = note
        released.notebookID = nil
        released.updatedAt = stamp
        edit.changes.append(.replaceNote(note, with: released))
        edit.savedNotes.append(released)
      }
    }
    edit.changes.append(.deleteNotebook(id))
    return edit
  }
}
