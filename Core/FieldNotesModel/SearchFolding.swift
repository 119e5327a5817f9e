import Foundation
import Synchronization

/// How FieldNotes compares search text: both sides folded to lower case without diacritics
/// ("Café" and "CAFE" both become "cafe"), then matched as bytes.
///
/// Every search in the app goes through here, so every form of every list finds the same notes.
public enum SearchFolding {
  /// The version of the folding: changed whenever ``fold(_:)`` gives other bytes for some text.
  ///
  /// A search index keeps text folded by one version (a store's records it, and is rebuilt when
  /// it differs), so the index and the in-memory scan always compare the same bytes.
  public static let version = 1

  /// Returns text folded for searching, as UTF-8.
  ///
  /// Each Unicode scalar is folded on its own (lower case, diacritics removed), so the result
  /// never depends on what surrounds a character, and a scalar's folding is worked out once per
  /// process.
  ///
  /// - Parameter text: The text to fold.
  /// - Returns: The folded text's UTF-8 bytes.
  /// - Complexity: O(*n*); plain ASCII text takes a fast path.
  public static func fold(_ text: String) -> [UInt8] {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(text.utf8.count)
    fold(text, into: &bytes)
    return bytes
  }

  /// Appends text folded for searching to some bytes.
  ///
  /// - Parameters:
  ///   - text: The text to fold.
  ///   - bytes: Where the folded UTF-8 goes.
  public static func fold(_ text: String, into bytes: inout [UInt8]) {
    var text = text
    text.withUTF8 { utf8 in
      var index = 0
      while index < utf8.count {
        let byte = utf8[index]
        if byte < 0x80 {
          bytes.append(byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte)
          index += 1
          continue
        }
        // A String's UTF-8 is always valid, so the lead byte gives the sequence's length.
        let length = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : 2
        var value = UInt32(byte) & (length == 2 ? 0x1F : length == 3 ? 0x0F : 0x07)
        for offset in 1..<length where index + offset < utf8.count {
          value = value << 6 | UInt32(utf8[index + offset] & 0x3F)
        }
        if let scalar = Unicode.Scalar(value) { bytes += foldedScalar(scalar) }
        index += length
      }
    }
  }

  private static let scalarCache = Mutex<[UInt32: [UInt8]]>([:])

  private static func foldedScalar(_ scalar: Unicode.Scalar) -> [UInt8] {
    if let cached = scalarCache.withLock({ $0[scalar.value] }) { return cached }
    let folded = Array(
      String(Character(scalar)).folding(
        options: [.caseInsensitive, .diacriticInsensitive], locale: nil
      )
      .utf8)
    scalarCache.withLock { $0[scalar.value] = folded }
    return folded
  }

  /// Whether folded text contains a folded query.
  ///
  /// - Parameters:
  ///   - text: Folded text, from ``fold(_:)``.
  ///   - query: A folded query, from ``fold(_:)``.
  /// - Returns: `true` when `query` occurs in `text`; always for an empty query.
  /// - Complexity: O(*n*·*m*) at worst, near O(*n*) in practice.
  public static func contains(_ text: [UInt8], _ query: [UInt8]) -> Bool {
    guard let first = query.first else { return true }
    guard text.count >= query.count else { return false }
    return text.withUnsafeBufferPointer { haystack in
      query.withUnsafeBufferPointer { needle in
        guard let base = haystack.baseAddress, let needleBase = needle.baseAddress else {
          return false
        }
        let last = needle[needle.count - 1]
        var offset = 0
        let lastStart = haystack.count - needle.count
        while offset <= lastStart {
          guard let found = memchr(base + offset, Int32(first), lastStart - offset + 1) else {
            return false
          }
          let position = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
          // Comparing the last byte first skips most false starts without a call.
          if base[position + needle.count - 1] == last,
            memcmp(base + position, needleBase, needle.count) == 0
          {
            return true
          }
          offset = position + 1
        }
        return false
      }
    }
  }
}
