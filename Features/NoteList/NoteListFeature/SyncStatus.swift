/// Where a list's sync stands, shown alongside its rows.
public enum SyncStatus: Hashable, Sendable {
  /// No sync is running, and the last one (if any) succeeded.
  case idle
  /// A sync is running; the rows shown are the last ones saved.
  case refreshing
  /// The last sync failed; the rows shown are the last ones saved.
  case failed(message: String)
}
