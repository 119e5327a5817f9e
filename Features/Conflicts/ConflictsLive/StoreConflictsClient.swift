import ConflictsFeature
import FieldNotesModel
import FieldNotesServices

/// The live conflict inbox: the store's conflict copies, beside the notes they conflict with.
///
/// The app makes one for the conflicts screen; it holds nothing of its own.
@MainActor
public final class StoreConflictsClient: ConflictsClient {
  private let store: NoteStore

  /// Creates the client.
  ///
  /// - Parameter store: The store holding the notes.
  public init(store: NoteStore) {
    self.store = store
  }

  /// The store's unresolved conflicts, oldest first, read through its observed cache.
  public var conflicts: [NoteConflict] { store.conflicts }

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
