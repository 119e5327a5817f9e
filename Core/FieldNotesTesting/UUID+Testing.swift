import Foundation

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
