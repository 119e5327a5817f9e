/// Turns raw bytes from the terminal, a pipe or a script into a line of text, refusing what no
/// command could mean: invalid UTF-8, control characters, lines too long to be typed.
public enum InputLine {
  /// The longest line accepted, in bytes: room for a long text pasted as one line.
  public static let maximumBytes = 512 * 1024

  /// Reads a line's bytes as text.
  ///
  /// - Parameter bytes: The line, without its newline.
  /// - Returns: The text.
  /// - Throws: ``InputError/unreadable(_:)`` naming what is wrong with the bytes.
  public static func text(from bytes: some Collection<UInt8>) throws(InputError) -> String {
    guard bytes.count <= maximumBytes else {
      throw .unreadable("the line is \(bytes.count) bytes long; the limit is \(maximumBytes)")
    }
    guard let text = String(validating: bytes, as: UTF8.self) else {
      throw .unreadable("the line is not valid UTF-8 text")
    }
    if let control = text.unicodeScalars.first(where: isForbidden) {
      throw .unreadable(
        "the line holds a control character (U+\(String(control.value, radix: 16, uppercase: true).leftPadded(to: 4)))"
      )
    }
    return text
  }

  /// Control characters other than tab, including escape sequences and NUL.
  private static func isForbidden(_ scalar: Unicode.Scalar) -> Bool {
    (scalar.value < 0x20 && scalar.value != 0x09) || (0x7F..<0xA0).contains(scalar.value)
  }
}

extension String {
  /// This text with zeros in front, to at least a width.
  ///
  /// - Parameter width: The width to reach.
  /// - Returns: The padded text.
  public func leftPadded(to width: Int) -> String {
    String(repeating: "0", count: max(0, width - count)) + self
  }
}
