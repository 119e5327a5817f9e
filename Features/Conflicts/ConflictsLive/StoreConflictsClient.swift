import ConflictsFeature
import FieldNotesModel
import FieldNotesServices

/// The live conflict inbox: the conflict copies of the store's journal (read here, since they
/// are the inbox's data alone), beside the notes they conflict with.
///
/// The app makes one for the conflicts screen; it holds nothing of its own but what it last
/// read.
@MainActor
public final class StoreConflictsClient: ConflictsClient {
  private let store: NoteStore
  /// The conflicts as last read, and the store's change count then: read again only once the
  /// store changed or read what others saved, so a row number stands for what was shown.
  private var kept: (changeCount: Int, conflicts: [NoteConflict])?

  /// Creates the client.
  ///
  /// - Parameter store: The store holding the notes.
  public init(store: NoteStore) {
    self.store = store
  }

  /// The store's unresolved conflicts, oldest first.
  ///
  /// - Throws: ``ConflictsFeature/ConflictsError/store(_:)`` when they can't be read.
  public var conflicts: [NoteConflict] {
    get throws(ConflictsError) {
      let changeCount = store.changeCount
      if let kept, kept.changeCount == changeCount { return kept.conflicts }
      do {
        let conflicts = try Self.conflicts(in: store)
        kept = (changeCount, conflicts)
        return conflicts
      } catch {
        throw .store(error)
      }
    }
  }

  /// Reads the conflicts of a store's journal, each copy beside its original, where Observation
  /// sees it: reading the store's ``FieldNotesServices/NoteStore/changeCount`` tells an
  /// observer of every change.
  ///
  /// - Parameter store: The store.
  /// - Returns: The unresolved conflicts, oldest first.
  /// - Throws: ``FieldNotesServices/NoteStoreError/persistence(_:)`` when they can't be read.
  static func conflicts(in store: NoteStore) throws(NoteStoreError) -> [NoteConflict] {
    _ = store.changeCount
    let copies: [Note]
    do { copies = try store.journal.conflictCopies() } catch { throw .persistence(error) }
    var conflicts: [NoteConflict] = []
    for copy in copies where NoteConflict.isUnresolvedCopy(copy) {
      let original = try copy.conflictOf.flatMap { id throws(NoteStoreError) in
        try store.note(withID: id)
      }
      conflicts.append(NoteConflict(copy: copy, original: original))
    }
    return conflicts
  }

  /// Resolves through the store's one write path, which refuses a copy changed since it was
  /// listed.
  ///
  /// - Parameters:
  ///   - conflict: The conflict.
  ///   - resolution: Which text to keep.
  /// - Throws: ``ConflictsFeature/ConflictsError/store(_:)``.
  public func resolve(_ conflict: NoteConflict, _ resolution: ConflictResolution)
    throws(ConflictsError)
  {
    do { try store.commit(ResolveConflict(conflict, resolution)) } catch {
      throw .store(error)
    }
  }
}
