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
  /// The first is `a0010000-0000-0000-0000-000000000001`, then `a0020000-…-000000000002`, and
  /// so on (``sequentialID(_:)``). Tests use it, and so does `FIELDNOTES_IDS=sequential`, which
  /// makes a run reproducible.
  ///
  /// - Parameter first: The number of the first identifier; 1 by default.
  /// - Returns: A generator of increasing identifiers.
  public static func incrementing(from first: Int = 1) -> IDGenerator {
    let next = Mutex(first)
    return IDGenerator {
      sequentialID(
        next.withLock { next in
          defer { next += 1 }
          return next
        })
    }
  }

  /// The identifier numbered so by ``incrementing(from:)``: readable, and in the order of the
  /// numbers.
  ///
  /// Its first digits are a letter saying how many hex digits the number has (`a` for three or
  /// fewer, `b` for four, up to `e` for seven) and the number, so the short ids a list shows read
  /// as the numbers (`a001`, `a0a1`, `b1000`); its last twelve digits spell the number too.
  /// Identifiers sort as their numbers do, so notes made at the same moment keep the order they
  /// were made in.
  ///
  /// - Parameter number: A number from 0 to 16¹² − 1.
  /// - Returns: The identifier.
  public static func sequentialID(_ number: Int) -> UUID {
    let hex = String(max(0, number), radix: 16, uppercase: true)
    let padded = { (width: Int) in String(repeating: "0", count: max(0, width - hex.count)) + hex }
    // Past seven digits the first eight are all `F0000000`, and the last twelve decide.
    let letters: [Character] = ["A", "B", "C", "D", "E"]
    let width = max(3, hex.count)
    let head = width <= 7 ? String(letters[width - 3]) + padded(width) : "F"
    let first = (head + "0000000").prefix(8)
    // The string is always a well-formed UUID, so the fallback is never taken.
    return UUID(uuidString: "\(first)-0000-0000-0000-\(padded(12).suffix(12))") ?? UUID()
  }
}
