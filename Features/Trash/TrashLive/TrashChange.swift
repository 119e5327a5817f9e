import FieldNotesModel
import FieldNotesServices

/// The trash's own writes, made through the store's one write path
/// (``FieldNotesServices/NoteStore/commit(_:progress:)``), which keeps every text they replace.
public enum TrashChange: StoreChange, Hashable, Sendable {
  /// Puts a trashed note back where it was, or in no notebook when its notebook is gone.
  case restore(Note.ID)
  /// Deletes trashed notes for good, with their versions (emptying the trash): the trash
  /// entries the user was asked about; a note no longer in the trash, or deleted again since,
  /// is left alone.
  case purge([TrashedNote])

  /// Works out the change from the trash as the store reads it now.
  ///
  /// - Parameter store: The store.
  /// - Returns: What is written.
  /// - Throws: ``FieldNotesServices/NoteStoreError/notInTrash(_:)`` for a note restored, or
  ///   purged, meanwhile.
  public func edit(in store: NoteStore) throws(NoteStoreError) -> StoreEdit {
    switch self {
    case .restore(let id):
      let trashed = try StoreTrashClient.trashedNotes(in: store)
      guard var note = trashed.first(where: { $0.id == id })?.note else {
        throw .notInTrash(id)
      }
      if let notebookID = note.notebookID, try store.notebook(withID: notebookID) == nil {
        note.notebookID = nil
      }
      return StoreEdit(changes: [.restoreTrashedNote(note)], savedNotes: [note])
        .expecting(notebookOf: note)
    case .purge(let entries):
      return StoreEdit(changes: entries.map { RepositoryChange.purgeTrashedNote($0) })
    }
  }

  /// Both say what the user wants whatever else changed: a purge names the entries the user was
  /// asked about, and a restore brings the note back as the trash holds it then (in no
  /// notebook, when another process deleted its notebook meanwhile).
  public var holdsWhateverElseChanged: Bool { true }

  /// A note restored (or emptied) meanwhile, by another process, is in the trash no more.
  ///
  /// - Parameter store: The store, holding what is saved now.
  /// - Returns: ``FieldNotesServices/NoteStoreError/notInTrash(_:)``, or `nil`.
  public func whyNot(in store: NoteStore) -> NoteStoreError? {
    guard case .restore(let id) = self else { return nil }
    do {
      return try StoreTrashClient.trashedNotes(in: store).contains { $0.id == id }
        ? nil : .notInTrash(id)
    } catch {
      return error
    }
  }
}
