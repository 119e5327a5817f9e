/// Whether a text holds a short ASCII string, looked for byte by byte in its UTF-8.
///
/// A guard for a hot path before the slower search that finds where: with Foundation imported,
/// `text.contains("[[")` is Foundation's, which copies the text into UTF-16 first, and a note's
/// page asked it of every note whose text holds its title, at every redraw. The answer is the
/// same as that search's whenever the string is absent (no bytes, no characters); when the bytes
/// are there, the caller's own search decides.
extension StringProtocol {
  /// Whether the text's UTF-8 holds the bytes of an ASCII string.
  ///
  /// - Parameter needle: The string, ASCII.
  /// - Returns: `true` when the bytes are there, wherever they fall.
  public func holdsBytes(of needle: StaticString) -> Bool {
    needle.withUTF8Buffer { pattern in
      utf8.withContiguousStorageIfAvailable { Self.search(pattern, in: $0) }
        ?? Self.search(pattern, in: Array(utf8))
    }
  }

  private static func search(
    _ pattern: UnsafeBufferPointer<UInt8>, in bytes: some RandomAccessCollection<UInt8>
  ) -> Bool {
    guard let first = pattern.first else { return true }
    guard bytes.count >= pattern.count else { return false }
    var start = bytes.startIndex
    let last = bytes.index(bytes.endIndex, offsetBy: 1 - pattern.count)
    while start < last, let found = bytes[start..<last].firstIndex(of: first) {
      if bytes[found...].starts(with: pattern) { return true }
      start = bytes.index(after: found)
    }
    return false
  }
}
