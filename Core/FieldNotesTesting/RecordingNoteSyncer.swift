import FieldNotesServices

/// A syncer that succeeds and counts how often it was asked to sync.
public actor RecordingNoteSyncer: NoteSyncing {
  /// How many times ``sync()`` ran.
  public private(set) var syncCount = 0

  /// Creates a syncer that has not synced yet.
  public init() {}

  /// Counts the call and succeeds.
  public func sync() async throws { syncCount += 1 }
}
