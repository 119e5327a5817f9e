import Foundation

/// Where a view model or the store gets "now" when it stamps a value with a date.
///
/// Injected rather than calling `Date()` directly so that tests can fix the date.
public struct DateProvider: Sendable {
  private let makeDate: @Sendable () -> Date

  /// Creates a date provider from a closure.
  ///
  /// - Parameter makeDate: Returns the current date each time it is called.
  public init(_ makeDate: @escaping @Sendable () -> Date) {
    self.makeDate = makeDate
  }

  /// Returns the current date.
  public func callAsFunction() -> Date { makeDate() }

  /// The system clock's wall-clock date.
  public static let system = DateProvider { Date() }
}
