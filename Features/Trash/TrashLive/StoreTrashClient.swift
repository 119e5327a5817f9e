import FieldNotesModel
import FieldNotesServices
import TrashFeature

/// The live trash: the store's trash entries, the journal of removed text that the store keeps
/// for every note it deletes.
///
/// The app makes one for the trash screen; it holds nothing of its own.
@MainActor
public final class StoreTrashClient: TrashClient {
  private let store: NoteStore

  /// Creates the client.
  ///
  /// - Parameter store: The store holding the notes and the trash.
  public init(store: NoteStore) {
    self.store = store
  }

  /// The store's trash, deleted last first, read through its observed cache.
  public var trashedNotes: [TrashedNote] { store.trashedNotes }

  /// Reads the store again; a failed read keeps what was read before (the store reports it).
  public func refresh() {
    try? store.reload()
  }

  /// Restores through the store's one write path, which checks the entry is still in the trash.
  ///
  /// - Parameter note: The trash entry.
  /// - Returns: The note as restored.
  /// - Throws: ``TrashError/store(_:)``.
  public func restore(_ note: TrashedNote) throws(TrashError) -> Note {
    do { try store.commit(TrashChange.restore(note.id)) } catch { throw .store(error) }
    return store.note(withID: note.id) ?? note.note
  }

  /// Purges through the store's one write path.
  ///
  /// - Parameter entries: The entries the user was asked about.
  /// - Throws: ``TrashError/store(_:)``.
  public func purge(_ entries: [TrashedNote]) throws(TrashError) {
    do { try store.commit(TrashChange.purge(entries)) } catch { throw .store(error) }
  }

  /// The notebook's name, as the store last read it.
  ///
  /// - Parameter id: The notebook.
  /// - Returns: Its name, or `nil`.
  public func notebookName(_ id: Notebook.ID) -> String? {
    store.notebook(withID: id)?.name
  }
}
