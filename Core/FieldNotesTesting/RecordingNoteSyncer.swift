import FieldNotesServices
import Synchronization

/// A syncer that succeeds and counts how often it was asked to sync.
///
/// The count is read at once, from any context, so a synchronous test step can state it.
public final class RecordingNoteSyncer: NoteSyncing {
  private let syncs = Mutex(0)

  /// Creates a syncer that has not synced yet.
  public init() {}

  /// How many times ``sync()`` ran.
  public var syncCount: Int { syncs.withLock { $0 } }

  /// Counts the call and succeeds.
  public func sync() async throws { syncs.withLock { $0 += 1 } }
}
