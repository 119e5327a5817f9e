import Foundation

extension String {
  /// This text made safe to print: control characters, escape sequences included, are shown as
  /// visible symbols instead of being obeyed by the terminal.
  ///
  /// A name holding `\u{1B}[2J` prints as `␛[2J` rather than clearing the screen. Tabs become a
  /// space; newlines are shown as `␤` (views print one line at a time); C1 controls and the
  /// bidirectional controls (which would reorder the rest of the line) become `�`.
  public var terminalSafe: String {
    // Printable ASCII, most text, is safe as it is.
    if utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return self }
    guard unicodeScalars.contains(where: { Self.shownInstead(of: $0) != nil }) else { return self }
    var safe = String.UnicodeScalarView()
    for scalar in unicodeScalars { safe.append(Self.shownInstead(of: scalar) ?? scalar) }
    return String(safe)
  }

  /// What is printed in the place of a character the terminal would obey rather than show, or
  /// `nil` for one it shows: the one list of them, so the check and the replacement can't drift.
  private static func shownInstead(of scalar: Unicode.Scalar) -> Unicode.Scalar? {
    switch scalar.value {
    // Printable ASCII is shown as it is: told by its value, as most of any text is, since
    // Unicode's properties below are far slower to look up.
    case 0x20..<0x7F: nil
    case 0x09: " "
    case 0x0A: "\u{2424}"
    case 0x1B: "\u{241B}"
    case 0x00..<0x20: Unicode.Scalar(0x2400 + scalar.value) ?? "?"
    case 0x7F: "\u{2421}"
    case 0x80..<0xA0: "\u{FFFD}"
    // Bidirectional controls reorder the rest of the terminal line. Unicode's own property
    // names them all (the Arabic letter mark, U+061C, too), so no list here can fall behind.
    default: scalar.properties.isBidiControl ? "\u{FFFD}" : nil
    }
  }
}

extension String {
  /// A count with its noun, made plural unless the count is one: `3 rows`, `1 line`.
  ///
  /// - Parameters:
  ///   - count: How many.
  ///   - noun: The noun in the singular; the plural adds an `s`.
  public init(count: Int, noun: String) {
    self = "\(count) \(noun)\(count == 1 ? "" : "s")"
  }

  /// A file's size as a person reads it: `900 bytes`, `12.5 KB`, `3.1 MB` (of 1,024).
  ///
  /// - Parameter byteCount: The size in bytes.
  public init(byteCount: Int) {
    if byteCount < 1024 {
      self = byteCount == 1 ? "1 byte" : "\(byteCount) bytes"
      return
    }
    let kilobytes = Double(byteCount) / 1024
    self =
      kilobytes < 1024
      ? String(format: "%.1f KB", kilobytes) : String(format: "%.1f MB", kilobytes / 1024)
  }
}

extension String {
  /// This text as the lines a terminal shows it in: split at each line break (`\n` or `\r\n`),
  /// each line made ``terminalSafe``.
  ///
  /// The split works on UTF-8 bytes, where a line break can never be part of another
  /// character, so a long text costs what its bytes cost, whatever its script.
  public var terminalLines: [String] {
    let pieces = utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
    return pieces.indices.map { index in
      let line = Substring(pieces[index])
      // A `\r` is part of the line break only when a `\n` follows it.
      let endsInBreak = index < pieces.count - 1 && line.utf8.last == UInt8(ascii: "\r")
      return String(endsInBreak ? line.dropLast() : line).terminalSafe
    }
  }
}

extension String {
  /// This text as one word of a command line: in double quotes when it holds spaces or quotes,
  /// so `Field trips` completes as `"Field trips"`.
  public var quotedIfNeeded: String {
    contains(where: { $0.isWhitespace || $0 == "\"" || $0 == "'" })
      ? "\"" + map { $0 == "\"" ? "\\\"" : String($0) }.joined() + "\"" : self
  }
}
