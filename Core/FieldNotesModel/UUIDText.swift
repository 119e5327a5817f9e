import Foundation

/// Parses the 36-character text form of a UUID (`8-4-4-4-12` hex digits) straight from bytes.
///
/// Loading a store parses two of these per note; `UUID(uuidString:)` goes through `sscanf`,
/// which made it the largest cost of opening a big store.
enum UUIDText {
  static func parse(_ text: UnsafeBufferPointer<UInt8>) -> UUID? {
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

  private static func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case 0x30...0x39: byte - 0x30
    case 0x41...0x46: byte - 0x41 + 10
    case 0x61...0x66: byte - 0x61 + 10
    default: nil
    }
  }
}
