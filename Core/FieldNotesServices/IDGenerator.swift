import Foundation

/// Where new notes and notebooks get their identifiers.
///
/// Injected rather than calling `UUID()` directly so that tests can predict identifiers.
public struct IDGenerator: Sendable {
  private let makeID: @Sendable () -> UUID

  /// Creates an identifier generator from a closure.
  ///
  /// - Parameter makeID: Returns a new identifier each time it is called.
  public init(_ makeID: @escaping @Sendable () -> UUID) {
    self.makeID = makeID
  }

  /// Returns a new identifier.
  public func callAsFunction() -> UUID { makeID() }

  /// Random version 4 identifiers.
  public static let random = IDGenerator { UUID() }
}
