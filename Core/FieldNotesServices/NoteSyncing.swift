/// A service that synchronises the local notes with somewhere else.
///
/// The syncer is stored by the main-actor ``NoteStore`` but does its work elsewhere, typically in
/// an actor, so the protocol refines `Sendable`.
public protocol NoteSyncing: Sendable {
  /// Exchanges changes with the other side.
  ///
  /// - Throws: An error describing why the exchange failed, or `CancellationError` when the task
  ///   running the sync was cancelled.
  func sync() async throws
}

/// The syncer used when no sync destination is configured: it does nothing and always succeeds.
public struct NoOpNoteSyncer: NoteSyncing {
  /// Creates a syncer that does nothing.
  public init() {}

  /// Returns at once.
  public func sync() async throws {}
}
