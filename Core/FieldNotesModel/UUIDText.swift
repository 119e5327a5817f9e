import Foundation

/// Parses the 36-character text form of a UUID (`8-4-4-4-12` hex digits, in either case)
/// straight from its bytes.
///
/// `UUID(uuidString:)` goes through `sscanf`: loading a store parses two of these a note, and
/// an import three, where it was the largest cost of opening a big store and a hundredth of an
/// import. This takes the canonical form alone, the one FieldNotes writes. `UUID(uuidString:)`
/// on Linux takes more: each pair of digits is read by `sscanf`'s `%2hhx`, which also takes a
/// space or a sign in it (`41B7-D86-…` reads as `41B7F386-…`). Wherever this answers, it
/// answers as `UUID(uuidString:)` does (`UUIDTextTests`); a reader that must take every text
/// Foundation takes (an export's note) falls back to Foundation where this answers `nil`.
public enum UUIDText {
  /// The UUID a text's bytes spell.
  ///
  /// - Parameter text: The bytes, UTF-8.
  /// - Returns: The UUID; `nil` unless they are 32 hex digits with a dash after the 8th, 12th,
  ///   16th and 20th.
  public static func parse(_ text: UnsafeBufferPointer<UInt8>) -> UUID? {
    guard text.count == 36 else { return nil }
    var bytes: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    var position = 0
    let ok = withUnsafeMutableBytes(of: &bytes) { output -> Bool in
      for index in 0..<16 {
        if [8, 13, 18, 23].contains(position) {
          guard text[position] == 0x2D else { return false }
          position += 1
        }
        guard let high = hexValue(text[position]), let low = hexValue(text[position + 1]) else {
          return false
        }
        output[index] = high << 4 | low
        position += 2
      }
      return true
    }
    return ok ? UUID(uuid: bytes) : nil
  }

  /// The UUID a text spells, as ``parse(_:)-(UnsafeBufferPointer<UInt8>)`` reads its bytes.
  ///
  /// - Parameter text: The text.
  /// - Returns: The UUID; `nil` for any other text.
  public static func parse(_ text: String) -> UUID? {
    var text = text
    return text.withUTF8 { parse($0) }
  }

  /// The canonical text of a UUID, in capitals: what `uuidString` gives, without its
  /// `sprintf` of every byte (a list of 200 notes writes some 800 identifiers to ask SQLite for
  /// their neighbours and show their short forms).
  ///
  /// - Parameter id: The UUID.
  /// - Returns: 32 hex digits in capitals, a dash after the 8th, 12th, 16th and 20th.
  public static func string(_ id: UUID) -> String {
    String(unsafeUninitializedCapacity: 36) { write(id, into: $0) }
  }

  /// Hands the canonical text of a UUID, as ``string(_:)`` writes it, to `body` as bytes held
  /// only while it runs: for binding an identifier without making a `String` of it.
  ///
  /// - Parameters:
  ///   - id: The UUID.
  ///   - body: Reads the 36 bytes, UTF-8.
  /// - Returns: What `body` returns.
  public static func withText<Result>(
    of id: UUID, _ body: (UnsafeBufferPointer<UInt8>) throws -> Result
  ) rethrows -> Result {
    try withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 36) { buffer in
      let count = write(id, into: buffer)
      return try body(UnsafeBufferPointer(rebasing: buffer[..<count]))
    }
  }

  /// Writes the canonical text of a UUID into at least 36 bytes.
  ///
  /// - Returns: How many bytes were written: 36.
  private static func write(_ id: UUID, into output: UnsafeMutableBufferPointer<UInt8>) -> Int {
    let digits: StaticString = "0123456789ABCDEF"
    var position = 0
    withUnsafeBytes(of: id.uuid) { bytes in
      for (index, byte) in bytes.enumerated() {
        if index == 4 || index == 6 || index == 8 || index == 10 {
          output[position] = 0x2D
          position += 1
        }
        output[position] = digits.utf8Start[Int(byte >> 4)]
        output[position + 1] = digits.utf8Start[Int(byte & 0x0F)]
        position += 2
      }
    }
    return position
  }

  private static func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case 0x30...0x39: byte - 0x30
    case 0x41...0x46: byte - 0x41 + 10
    case 0x61...0x66: byte - 0x61 + 10
    default: nil
    }
  }
}
