import Foundation

/// Why a feature's change can't be made, said in the feature's own error type: a note no longer
/// in the trash, a version the note doesn't have, a conflict resolved meanwhile.
///
/// A feature's change (a ``StoreChange`` in its live target) refuses with its own reason, which
/// the store's one write path carries as ``NoteStoreError/refused(_:)``: the kernel's error
/// names no feature, and a new feature's reasons need no case of it.
public struct StoreRefusal: Hashable, Sendable {
  /// The feature's reason, which says what went wrong to the user.
  public let reason: any LocalizedError & Hashable & Sendable

  /// Carries a feature's reason.
  ///
  /// - Parameter reason: The reason, a case of the feature's own error type.
  public init(_ reason: some LocalizedError & Hashable & Sendable) {
    self.reason = reason
  }

  /// Whether two refusals give the same reason, of the same type.
  ///
  /// - Parameters:
  ///   - lhs: A refusal.
  ///   - rhs: Another.
  /// - Returns: `true` when their reasons are equal.
  public static func == (lhs: StoreRefusal, rhs: StoreRefusal) -> Bool {
    lhs.reason.isEqual(to: rhs.reason)
  }

  /// Hashes the reason.
  ///
  /// - Parameter hasher: The hasher.
  public func hash(into hasher: inout Hasher) {
    reason.hash(into: &hasher)
  }
}

extension Hashable {
  /// Whether another value is of this one's type and equal to it.
  fileprivate func isEqual(to other: any Hashable) -> Bool {
    (other as? Self) == self
  }
}
