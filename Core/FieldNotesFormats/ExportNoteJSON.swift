import FieldNotesModel
import Foundation

/// One note object of a JSON export read straight from its bytes, in the shape FieldNotes'
/// export writes: the members `id`, `title`, `body`, `createdAt`, `updatedAt`, `tags`,
/// `isPinned` and, for a note in a notebook, `notebookID`, each once, in any order and spacing,
/// the dates as text, the strings with any escape JSON has.
///
/// It is a shortcut past `JSONDecoder`, whose generic containers cost an import of 100,000
/// notes more than reading their bytes does. Anything else (another member, a date in seconds,
/// a `null`, an escape in a key, text that is not UTF-8, half a surrogate pair, bytes that are
/// not JSON) gets `nil`, and the caller asks the decoder, which reads every shape and says
/// what is wrong. So wherever the shortcut answers, its answer is the decoder's.
enum ExportNoteJSON {
  /// The note an object holds, when the object is in the export's own shape.
  ///
  /// - Parameter data: The object's bytes.
  /// - Returns: The note, or `nil` for an object to leave to `JSONDecoder`.
  static func note(from data: Data) -> Note? {
    data.withUnsafeBytes { raw in
      raw.withMemoryRebound(to: UInt8.self) { bytes in
        var reader = Reader(bytes: bytes)
        return reader.note()
      }
    }
  }

  /// The identifier of the note an object holds, when the object is in the export's own shape.
  ///
  /// - Parameter data: The object's bytes.
  /// - Returns: The identifier, or `nil` for an object to leave to `JSONDecoder`.
  static func identifier(from data: Data) -> Note.ID? {
    // The whole object is read: an identifier is answered only where the note would be.
    note(from: data)?.id
  }

  /// A note's members, by the names the export writes.
  private enum Member: String, CaseIterable {
    case id, title, body, createdAt, updatedAt, notebookID, tags, isPinned

    /// Each member's name in UTF-8, in the order of `allCases`.
    static let names = allCases.map { Array($0.rawValue.utf8) }
  }

  /// Reads JSON tokens from a position on, answering `nil` for whatever is not the shape.
  private struct Reader {
    let bytes: UnsafeBufferPointer<UInt8>
    var position = 0

    private static let quote = UInt8(ascii: "\"")
    private static let backslash = UInt8(ascii: "\\")

    mutating func note() -> Note? {
      var id: UUID?
      var title: String?
      var body: String?
      var createdAt: Date?
      var updatedAt: Date?
      var notebookID: UUID?
      var tags: [String]?
      var isPinned: Bool?
      var seen: UInt16 = 0  // a bit for each member read, in the order of `Member.allCases`
      guard take("{") else { return nil }
      repeat {
        guard let (member, bit) = member(), seen & bit == 0, take(":") else { return nil }
        seen |= bit
        switch member {
        case .id: id = string().flatMap(UUIDText.parse)
        case .title: title = string()
        case .body: body = string()
        case .createdAt: createdAt = string().flatMap(LibraryArchive.date(fromText:))
        case .updatedAt: updatedAt = string().flatMap(LibraryArchive.date(fromText:))
        case .notebookID:
          notebookID = string().flatMap(UUIDText.parse)
          guard notebookID != nil else { return nil }
        case .tags: tags = strings()
        case .isPinned: isPinned = bool()
        }
      } while take(",")
      guard take("}"), atEnd(), let id, let title, let body, let createdAt, let updatedAt,
        let tags, let isPinned
      else { return nil }
      return Note(
        id: id, title: title, body: body, createdAt: createdAt, notebookID: notebookID,
        tags: tags, isPinned: isPinned, updatedAt: updatedAt)
    }

    /// A key the note has a member of, read with its quotes, and the member's bit; `nil` for
    /// any other key, and for one with an escape.
    private mutating func member() -> (Member, UInt16)? {
      guard take("\"") else { return nil }
      let start = position
      while position < bytes.count, bytes[position] != Self.quote {
        guard bytes[position] != Self.backslash else { return nil }
        position += 1
      }
      guard position < bytes.count else { return nil }
      let key = UnsafeBufferPointer(rebasing: bytes[start..<position])
      position += 1
      guard let index = Member.names.firstIndex(where: { $0.elementsEqual(key) }) else {
        return nil
      }
      return (Member.allCases[index], 1 << index)
    }

    /// A string: its bytes as they are up to its first escape, if any, then unescaped.
    private mutating func string() -> String? {
      guard take("\"") else { return nil }
      let start = position
      skipUnescaped()
      if position < bytes.count, bytes[position] == Self.quote {
        position += 1
        return String(
          validating: UnsafeBufferPointer(rebasing: bytes[start..<position - 1]), as: UTF8.self)
      }
      var text = Array(UnsafeBufferPointer(rebasing: bytes[start..<position]))
      while position < bytes.count, bytes[position] == Self.backslash {
        position += 1
        guard unescape(into: &text) else { return nil }
        let run = position
        skipUnescaped()
        text.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[run..<position]))
      }
      // The closing quote, not a control character (JSON has none raw in a string) or the end.
      guard position < bytes.count, bytes[position] == Self.quote else { return nil }
      position += 1
      return String(validating: text, as: UTF8.self)
    }

    /// Moves past the bytes of a string that stand for themselves: up to its closing quote, an
    /// escape or a control character.
    private mutating func skipUnescaped() {
      while position < bytes.count {
        let byte = bytes[position]
        guard byte != Self.quote, byte != Self.backslash, byte >= 0x20 else { return }
        position += 1
      }
    }

    /// The character an escape stands for, after its backslash, added to a string's bytes.
    private mutating func unescape(into text: inout [UInt8]) -> Bool {
      guard position < bytes.count else { return false }
      let letter = bytes[position]
      position += 1
      switch UnicodeScalar(letter) {
      case "\"", "\\", "/": text.append(letter)
      case "b": text.append(0x08)
      case "f": text.append(0x0C)
      case "n": text.append(0x0A)
      case "r": text.append(0x0D)
      case "t": text.append(0x09)
      case "u":
        guard var value = hexUnit() else { return false }
        if (0xD800...0xDBFF).contains(value) {
          // A pair of escapes for a character past the first 65,536, or nothing.
          guard take("\\", spaced: false), take("u", spaced: false), let low = hexUnit(),
            (0xDC00...0xDFFF).contains(low)
          else { return false }
          value = 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)
        }
        guard let scalar = Unicode.Scalar(value), let encoded = UTF8.encode(scalar) else {
          return false  // half a pair
        }
        text.append(contentsOf: encoded)
      default: return false
      }
      return true
    }

    /// The four hexadecimal digits of a `\u` escape.
    private mutating func hexUnit() -> UInt32? {
      guard position + 4 <= bytes.count else { return nil }
      var value: UInt32 = 0
      for byte in bytes[position..<position + 4] {
        let digit: UInt8
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
        default: return nil
        }
        value = value << 4 | UInt32(digit)
      }
      position += 4
      return value
    }

    /// An array of strings.
    private mutating func strings() -> [String]? {
      guard take("[") else { return nil }
      var strings: [String] = []
      if take("]") { return strings }
      repeat {
        guard let string = string() else { return nil }
        strings.append(string)
      } while take(",")
      return take("]") ? strings : nil
    }

    /// `true` or `false`.
    private mutating func bool() -> Bool? {
      skipSpace()
      for (word, value) in [("true", true), ("false", false)]
      where bytes[position...].starts(with: word.utf8) {
        position += word.utf8.count
        return value
      }
      return nil
    }

    /// Takes one byte, after any space when `spaced`; whether it was there.
    private mutating func take(_ byte: Unicode.Scalar, spaced: Bool = true) -> Bool {
      if spaced { skipSpace() }
      guard position < bytes.count, bytes[position] == UInt8(ascii: byte) else { return false }
      position += 1
      return true
    }

    private mutating func atEnd() -> Bool {
      skipSpace()
      return position == bytes.count
    }

    /// Skips JSON's four space characters.
    private mutating func skipSpace() {
      while position < bytes.count {
        switch bytes[position] {
        case 0x20, 0x09, 0x0A, 0x0D: position += 1
        default: return
        }
      }
    }
  }
}
