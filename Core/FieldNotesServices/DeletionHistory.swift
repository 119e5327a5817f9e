import FieldNotesModel
import Observation

/// The notes deleted in this session, newest last, so that `undo` restores the one deleted last
/// from whichever screen deleted it: a note list in either form, or a note's page.
///
/// One history is made when the app starts and handed to every screen that deletes or undoes.
@MainActor
@Observable
public final class DeletionHistory {
  private var deleted: [Note] = []

  /// Creates an empty history.
  public init() {}

  /// The note deleted last, if any is still to be restored.
  public var lastDeleted: Note? { deleted.last }

  /// Remembers a deleted note, exactly as it was.
  ///
  /// - Parameter note: The note as it was before it was deleted.
  public func remember(_ note: Note) {
    deleted.append(note)
  }

  /// Forgets deleted notes that `undo` must not bring back: deleted for good (the trash
  /// emptied), or back already (restored from the trash).
  ///
  /// - Parameter ids: The notes.
  public func forget(_ ids: Set<Note.ID>) {
    guard deleted.contains(where: { ids.contains($0.id) }) else { return }
    deleted.removeAll { ids.contains($0.id) }
  }

  /// Forgets the note deleted last, once it has been restored.
  public func forgetLast() {
    _ = deleted.popLast()
  }

  /// Deletes a note from a store and remembers it as it was when deleted (another process's
  /// newer version, if it changed the note meanwhile).
  ///
  /// - Parameters:
  ///   - id: The note.
  ///   - store: The store holding it.
  /// - Throws: ``NoteStoreError``; nothing was deleted or remembered then.
  public func delete(_ id: Note.ID, from store: NoteStore) throws(NoteStoreError) {
    let edit = try store.commit(NoteStore.Mutation.deleteNote(id))
    guard let removed = edit.removedNotes.first else { throw .noteNotFound(id) }
    remember(removed)
  }

  /// Restores the note deleted last with its identity, notebook, tags, pin and dates; if its
  /// notebook went meanwhile, the note comes back in no notebook.
  ///
  /// - Parameter store: The store to restore it to.
  /// - Returns: The note restored, or `nil` when there is nothing to restore.
  /// - Throws: ``NoteStoreError`` when it cannot be saved; it can then still be restored.
  @discardableResult
  public func restoreLast(to store: NoteStore) throws(NoteStoreError) -> Note? {
    // A note saved again since (restored from the trash by another process, or synced back)
    // needs no undo.
    while let last = lastDeleted, try store.note(withID: last.id) != nil { forgetLast() }
    guard var note = lastDeleted else { return nil }
    if let notebookID = note.notebookID, try store.notebook(withID: notebookID) == nil {
      note.notebookID = nil
    }
    try store.perform(.addNote(note))
    forgetLast()
    return note
  }
}
