import FieldNotesServices
import Foundation

/// A syncer that always fails with the error it was given.
public struct FailingNoteSyncer: NoteSyncing {
  /// The error every sync throws.
  public let error: SyncTestError

  /// Creates a syncer that always fails.
  ///
  /// - Parameter error: The error to throw; `.offline` by default.
  public init(error: SyncTestError = .offline) {
    self.error = error
  }

  /// Throws the syncer's error.
  ///
  /// - Throws: Always ``error``.
  public func sync() async throws { throw error }
}

/// Errors thrown by the syncer doubles.
public enum SyncTestError: Error, Equatable, LocalizedError {
  /// The sync destination could not be reached.
  case offline

  /// A message for the user.
  public var errorDescription: String? {
    switch self {
    case .offline: "The sync folder could not be reached."
    }
  }
}
