import Foundation
import Synchronization

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

  /// A generator of predictable identifiers, numbered from one.
  ///
  /// The first is `00000000-0000-0000-0000-000000000001`, then `…2`, and so on. Tests use it,
  /// and so does `FIELDNOTES_IDS=sequential`, which makes a run reproducible.
  ///
  /// - Parameter first: The number of the first identifier; 1 by default.
  /// - Returns: A generator of increasing identifiers.
  public static func incrementing(from first: Int = 1) -> IDGenerator {
    let next = Mutex(first)
    return IDGenerator {
      let number = next.withLock { next in
        defer { next += 1 }
        return next
      }
      let hex = String(number, radix: 16, uppercase: true)
      let digits = String(repeating: "0", count: max(0, 12 - hex.count)) + hex
      // The string is always a well-formed UUID, so the fallback is never taken.
      return UUID(uuidString: "00000000-0000-0000-0000-\(digits.suffix(12))") ?? UUID()
    }
  }
}
