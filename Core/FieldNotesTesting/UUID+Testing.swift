import FieldNotesServices
import Foundation

extension UUID {
  /// The identifier numbered so by ``FieldNotesServices/IDGenerator/incrementing(from:)``, for
  /// readable test data: its short id reads as the number (`a0a1` for `0xA1`), and its last
  /// twelve hex digits spell it.
  ///
  /// - Parameter number: A non-negative number below 16¹².
  public init(number: Int) {
    self = IDGenerator.sequentialID(number)
  }
}
