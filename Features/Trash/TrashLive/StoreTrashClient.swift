import FieldNotesModel
import FieldNotesServices
import TrashFeature

/// The live trash: the trash entries of the store's journal, the removed text that the store
/// keeps for every note it deletes, read here rather than by the store, since they are the
/// trash's data alone.
///
/// The app makes one for the trash screen; it holds nothing of its own but what it last read.
@MainActor
public final class StoreTrashClient: TrashClient {
  private let store: NoteStore
  /// The trash as last read, and the store's change count then: read again only once the
  /// store changed or read what others saved, so a row number stands for what was shown.
  private var kept: (changeCount: Int, trashedNotes: [TrashedNote])?

  /// Creates the client.
  ///
  /// - Parameter store: The store holding the notes and the trash.
  public init(store: NoteStore) {
    self.store = store
  }

  /// The store's trash, deleted last first.
  ///
  /// - Throws: ``TrashError/store(_:)`` when it can't be read.
  public var trashedNotes: [TrashedNote] {
    get throws(TrashError) {
      let changeCount = store.changeCount
      if let kept, kept.changeCount == changeCount { return kept.trashedNotes }
      do {
        let trashedNotes = try Self.trashedNotes(in: store)
        kept = (changeCount, trashedNotes)
        return trashedNotes
      } catch {
        throw .store(error)
      }
    }
  }

  /// Reads the trash of a store's journal, where Observation sees it: reading the store's
  /// ``FieldNotesServices/NoteStore/changeCount`` tells an observer of every change.
  ///
  /// - Parameter store: The store.
  /// - Returns: The trashed notes, deleted last first.
  /// - Throws: ``FieldNotesServices/NoteStoreError/persistence(_:)`` when it can't be read.
  static func trashedNotes(in store: NoteStore) throws(NoteStoreError) -> [TrashedNote] {
    _ = store.changeCount
    do { return try store.journal.trashedNotes() } catch { throw .persistence(error) }
  }

  /// The store's attachments of the note, which its trash entry keeps until it is purged.
  ///
  /// - Parameter note: The trash entry.
  /// - Returns: Their names and sizes.
  /// - Throws: ``TrashError/store(_:)``.
  public func attachments(of note: TrashedNote) throws(TrashError) -> [NoteAttachment.Entry] {
    _ = store.changeCount
    do { return try store.journal.attachments(ofNote: note.id) } catch {
      throw .store(.persistence(error))
    }
  }

  /// Reads the store again; a failed read is the next state's to show.
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
    return (try? store.note(withID: note.id)) ?? note.note
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
  /// - Returns: Its name, or `nil` (also when the notebooks can't be read).
  public func notebookName(_ id: Notebook.ID) -> String? {
    store.notebooks.first { $0.id == id }?.name
  }
}
