import Foundation

/// Where a list's sync stands, shown alongside its rows.
public enum SyncStatus: Hashable, Sendable {
  /// No sync is running, and the last one (if any) succeeded.
  case idle
  /// A sync is running; the rows shown are the last ones saved.
  case refreshing
  /// The last sync failed; the rows shown are the last ones saved.
  case failed(message: String)

  /// Why the last sync failed, or `nil` when it did not fail.
  public var failure: String? {
    if case .failed(let message) = self { message } else { nil }
  }

  /// Where a list's sync stands after one ran, in both forms of the list: idle once it
  /// succeeded, failed with why, or where it stood before when it was cancelled.
  ///
  /// - Parameters:
  ///   - previous: Where the sync stood before this one started.
  ///   - sync: The sync; cancelling the task running it throws `CancellationError`.
  /// - Returns: Where it stands now.
  @MainActor
  public static func after(
    syncingFrom previous: SyncStatus, _ sync: () async throws -> Void
  ) async -> SyncStatus {
    do {
      try await sync()
      return .idle
    } catch is CancellationError {
      return previous
    } catch {
      return .failed(message: (error as? any LocalizedError)?.errorDescription ?? "\(error)")
    }
  }
}
