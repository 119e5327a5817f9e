import FieldNotesFormats
import FieldNotesModel
import FieldNotesPlatform
import Foundation

/// Reads a JSON file whose top is an object, member by member, a megabyte at a time: a member
/// whose value is an array is handed over element by element, so a file of any size is read
/// holding one element.
///
/// It finds where each value starts and ends (strings, escapes and nesting followed exactly) and
/// leaves reading a value to `JSONDecoder`, which is given the value's bytes alone.
struct JSONMemberStream {
  /// A value of the top object: a whole member, or one element of a member's array.
  struct Value {
    /// The member's key.
    var key: String
    /// The element's position in the array, from 0; `nil` for a member that is not an array,
    /// or an empty one.
    var index: Int?
    /// The value's bytes.
    var bytes: Data
  }

  /// Why the file could not be read as JSON.
  struct Failure: Error, Equatable {
    /// What is wrong: "it is not JSON (at byte 12)".
    var reason: String
  }

  /// The largest value taken, in bytes.
  ///
  /// It is a note at the size limit, every character of it escaped as `\uXXXX`, with room to
  /// spare. A larger value is no note, and is refused as soon
  /// as it passes this, so that no value fills memory.
  static let maximumValueBytes = 8 * NoteDocument.maximumBytes

  private let descriptor: Int32
  private var buffer = [UInt8](repeating: 0, count: 1 << 20)
  private var count = 0
  private var position = 0
  /// Bytes consumed so far before the buffer's start.
  private var consumed = 0
  /// The value being taken, while one is: the bytes before the buffer's, and where in the
  /// buffer it started.
  private var taken: [UInt8]?
  private var takenStart = 0

  /// Reads a file, handing each value over.
  ///
  /// - Parameters:
  ///   - path: The file; a link or anything but a regular file is refused.
  ///   - body: Told each value in the file's order; returns whether to go on (one that meets
  ///     a value it can't take keeps why, and stops the reading).
  /// - Throws: ``Failure`` for a file that can't be read or isn't JSON.
  static func read(_ path: String, _ body: (Value) -> Bool) throws(Failure) {
    let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
    guard descriptor >= 0 else {
      throw Failure(reason: errno == ELOOP ? "it is a symbolic link" : "it can't be read")
    }
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else {
      throw Failure(reason: "it is not a regular file")
    }
    var stream = JSONMemberStream(descriptor: descriptor)
    try stream.readObject(body)
  }

  private init(descriptor: Int32) {
    self.descriptor = descriptor
  }

  private mutating func readObject(_ body: (Value) -> Bool) throws(Failure) {
    try skipSpace()
    if try peek() == 0xEF { try expect([0xEF, 0xBB, 0xBF]) }
    try skipSpace()
    if try peek() == UInt8(ascii: "[") {
      throw Failure(reason: "its top is a list, not an object")
    }
    try expect([UInt8(ascii: "{")])
    try skipSpace()
    if try peek() == UInt8(ascii: "}") {
      position += 1
      return try requireEnd()
    }
    while true {
      try skipSpace()
      let key = try readKey()
      try skipSpace()
      try expect([UInt8(ascii: ":")])
      try skipSpace()
      if try peek() == UInt8(ascii: "[") {
        position += 1
        var index = 0
        try skipSpace()
        if try peek() == UInt8(ascii: "]") {
          // An empty array is handed over whole, so its key is seen.
          position += 1
          guard body(Value(key: key, index: nil, bytes: Data("[]".utf8))) else { return }
        } else {
          while true {
            try skipSpace()
            let bytes = try takeValue()
            guard body(Value(key: key, index: index, bytes: bytes)) else { return }
            index += 1
            try skipSpace()
            let next = try nextByte()
            if next == UInt8(ascii: "]") { break }
            guard next == UInt8(ascii: ",") else { throw notJSON() }
          }
        }
      } else {
        let bytes = try takeValue()
        guard body(Value(key: key, index: nil, bytes: bytes)) else { return }
      }
      try skipSpace()
      let next = try nextByte()
      if next == UInt8(ascii: "}") { return try requireEnd() }
      guard next == UInt8(ascii: ",") else { throw notJSON() }
    }
  }

  // MARK: - Bytes

  private mutating func fill() throws(Failure) -> Bool {
    if taken != nil {
      taken?.append(contentsOf: buffer[takenStart..<count])
      takenStart = 0
      if (taken?.count ?? 0) > Self.maximumValueBytes {
        throw Failure(
          reason: "a value ending after byte \(consumed + count) is larger than any note may be")
      }
    }
    consumed += count
    position = 0
    count = 0
    while true {
      let read = buffer.withUnsafeMutableBytes {
        Platform.read(descriptor, $0.baseAddress, $0.count)
      }
      if read < 0, errno == EINTR { continue }
      guard read >= 0 else { throw Failure(reason: "it can't be read") }
      count = read
      return read > 0
    }
  }

  private mutating func peek() throws(Failure) -> UInt8? {
    if position == count, !(try fill()) { return nil }
    return buffer[position]
  }

  private mutating func nextByte() throws(Failure) -> UInt8 {
    guard let byte = try peek() else { throw notJSON() }
    position += 1
    return byte
  }

  private mutating func expect(_ bytes: [UInt8]) throws(Failure) {
    for byte in bytes where try nextByte() != byte { throw notJSON(consumed: true) }
  }

  private mutating func skipSpace() throws(Failure) {
    while let byte = try peek(), byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 {
      position += 1
    }
  }

  private mutating func requireEnd() throws(Failure) {
    try skipSpace()
    guard try peek() == nil else { throw notJSON() }
  }

  /// The failure of a byte that can't be where it is: the next one, or the one just read.
  private func notJSON(consumed isConsumed: Bool = false) -> Failure {
    Failure(reason: "it is not JSON (at byte \(consumed + position + (isConsumed ? 0 : 1)))")
  }

  /// A key: a string, decoded.
  private mutating func readKey() throws(Failure) -> String {
    guard try peek() == UInt8(ascii: "\"") else { throw notJSON() }
    let bytes = try takeValue()
    guard let key = try? JSONDecoder().decode(String.self, from: bytes) else { throw notJSON() }
    return key
  }

  /// The bytes of the value that starts here, which is then passed.
  private mutating func takeValue() throws(Failure) -> Data {
    _ = try peek()
    taken = []
    takenStart = position
    try skipValue()
    var bytes = taken ?? []
    bytes.append(contentsOf: buffer[takenStart..<position])
    taken = nil
    return Data(bytes)
  }

  private mutating func skipValue() throws(Failure) {
    let first = try nextByte()
    switch first {
    case UInt8(ascii: "\""): try skipStringRest()
    case UInt8(ascii: "{"), UInt8(ascii: "["):
      var depth = 1
      while depth > 0 {
        switch try nextByte() {
        case UInt8(ascii: "\""): try skipStringRest()
        case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
        case UInt8(ascii: "}"), UInt8(ascii: "]"): depth -= 1
        default: break
        }
      }
    default:
      // A number, `true`, `false` or `null`: only their characters, up to the next delimiter.
      guard Self.isScalarByte(first) else { throw notJSON(consumed: true) }
      var length = 1
      while let byte = try peek(),
        !(byte == UInt8(ascii: ",") || byte == UInt8(ascii: "]") || byte == UInt8(ascii: "}")
          || byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09)
      {
        guard Self.isScalarByte(byte) else { throw notJSON() }
        guard length < 1_024 else {
          throw Failure(
            reason: "a number at byte \(consumed + position) is longer than any export has")
        }
        position += 1
        length += 1
      }
    }
  }

  /// Whether a byte can be part of a number, `true`, `false` or `null`.
  private static func isScalarByte(_ byte: UInt8) -> Bool {
    (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
      || "-+.eEtrufalsn".utf8.contains(byte)
  }

  /// Passes the rest of a string, its opening quote passed: the bytes read so far are searched
  /// for the next quote or backslash a run at a time, not a byte at a time.
  private mutating func skipStringRest() throws(Failure) {
    while true {
      if position == count, !(try fill()) { throw notJSON() }
      position = buffer.withUnsafeBufferPointer { bytes in
        var index = position
        while index < count, bytes[index] != UInt8(ascii: "\""), bytes[index] != UInt8(ascii: "\\")
        {
          index += 1
        }
        return index
      }
      guard position < count else { continue }
      position += 1
      if buffer[position - 1] == UInt8(ascii: "\"") { return }
      _ = try nextByte()  // the escaped character
    }
  }
}
