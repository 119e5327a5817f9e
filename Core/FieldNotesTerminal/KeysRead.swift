import FieldNotesPlatform

/// The keys libedit reads during one call of ``LineEditor``'s, read by the editor itself through
/// libedit's key-reading hook (`rl_getc_function`).
///
/// libedit reads one key per call, but an incremental search (Ctrl-R) reads keys itself until
/// one ends it, within the same call; a search ended by Enter pushes Enter back, to run the line
/// found at the next call. Knowing what was read tells that apart without a clock.
///
/// libedit takes what the hook returns as one character (a `wchar_t`), and installs the hook
/// only if it is set before libedit starts; so it is set as the editor is made, and reads a
/// whole UTF-8 sequence and returns its code point, straight from the descriptor (as libedit's own reading
/// does: a buffered `FILE` could hold keys the descriptor no longer says are waiting).
enum KeysRead {
  /// libedit's key-reading hook: `int (*)(FILE *)`, returning a character or -1 at the end.
  typealias Reader = @convention(c) (OpaquePointer?) -> Int32

  /// Whether the call read Ctrl-R, which starts a search.
  nonisolated(unsafe) private static var readSearch = false
  /// The last key the call read.
  nonisolated(unsafe) private static var last: Int32 = -1

  /// Ctrl-R, the key that starts an incremental search.
  static let search: Int32 = 0x12
  /// The keys Enter sends: carriage return and line feed.
  static let enter: Set<Int32> = [0x0D, 0x0A]

  /// Installs the hook, where the library has the variable.
  ///
  /// - Parameter variable: `rl_getc_function`, or `nil` where the library lacks it.
  static func install(into variable: UnsafeMutablePointer<Reader?>?) {
    variable?.pointee = { stream in
      // Some libedits pass no stream (NULL); the keys are standard input's then.
      let descriptor = stream.map { fileno(UnsafeMutablePointer($0)) } ?? STDIN_FILENO
      let key = KeysRead.character(from: descriptor)
      KeysRead.record(key)
      return key
    }
  }

  /// Reads one character: the code point of a UTF-8 sequence, a byte that starts none as it is,
  /// or -1 at the end of the input.
  ///
  /// - Parameter descriptor: The terminal's descriptor.
  /// - Returns: The character.
  static func character(from descriptor: Int32) -> Int32 {
    guard let first = byte(from: descriptor) else { return -1 }
    let length =
      switch first {
      case 0xC2...0xDF: 2
      case 0xE0...0xEF: 3
      case 0xF0...0xF4: 4
      default: 1
      }
    var bytes = [first]
    while bytes.count < length, let next = byte(from: descriptor) { bytes.append(next) }
    return decoded(bytes)
  }

  /// The code point of UTF-8 bytes; the first byte as it is when they are not one whole
  /// sequence.
  static func decoded(_ bytes: [UInt8]) -> Int32 {
    var decoder = UTF8()
    var iterator = bytes.makeIterator()
    guard case .scalarValue(let scalar) = decoder.decode(&iterator), bytes.count > 1 else {
      return Int32(bytes.first ?? 0)
    }
    return Int32(scalar.value)
  }

  /// One byte from the descriptor, read again when a signal interrupts the wait; `nil` at the
  /// end.
  private static func byte(from descriptor: Int32) -> UInt8? {
    var byte: UInt8 = 0
    while true {
      let count = read(descriptor, &byte, 1)
      if count == 1 { return byte }
      if count < 0, errno == EINTR { continue }
      return nil
    }
  }

  /// Forgets what the last call read, before the next.
  static func begin() {
    readSearch = false
    last = -1
  }

  /// Records one key read.
  static func record(_ key: Int32) {
    if key == search { readSearch = true }
    last = key
  }

  /// Whether the call read a search that Enter ended, so Enter waits in libedit to be run.
  static var endedSearchWithEnter: Bool { readSearch && enter.contains(last) }
}
