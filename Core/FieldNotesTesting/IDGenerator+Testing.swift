import FieldNotesServices
import Foundation
import Synchronization

extension IDGenerator {
  /// A generator of predictable identifiers: `00000000-0000-0000-0000-000000000001`, then `…2`,
  /// and so on.
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
      return UUID(number: number)
    }
  }
}

extension UUID {
  /// The identifier whose last twelve hex digits spell `number`, for readable test data.
  ///
  /// - Parameter number: A non-negative number below 16¹².
  public init(number: Int) {
    let hex = String(number, radix: 16, uppercase: true)
    let digits = String(repeating: "0", count: max(0, 12 - hex.count)) + hex
    // The string is always a well-formed UUID, so the fallback is never taken.
    self = UUID(uuidString: "00000000-0000-0000-0000-\(digits.suffix(12))") ?? UUID()
  }
}
