import FieldNotesPlatform

/// Measures the terminal on standard output.
public enum TerminalSize {
  /// Reads the width of the terminal on standard output, or else `COLUMNS`.
  ///
  /// - Returns: The columns (at least ``TerminalContext/minimumColumns``), or `nil` when standard
  ///   output is not a terminal of known width.
  public static func measureColumns() -> Int? {
    var size = winsize()
    if ioctl(1, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 {
      return max(TerminalContext.minimumColumns, Int(size.ws_col))
    }
    return getenv("COLUMNS").flatMap { Int(String(cString: $0)) }.map {
      max(TerminalContext.minimumColumns, $0)
    }
  }

  /// Reads the height of the terminal on standard output, or else `LINES`.
  ///
  /// - Returns: The rows, or `nil` when standard output is not a terminal of known height.
  public static func measureRows() -> Int? {
    var size = winsize()
    if ioctl(1, UInt(TIOCGWINSZ), &size) == 0, size.ws_row > 0 { return Int(size.ws_row) }
    return getenv("LINES").flatMap { Int(String(cString: $0)) }
  }
}

extension Character {
  /// The columns a terminal draws this character in: 2 for wide East Asian characters and
  /// emoji, 0 for a mark or format character on its own, 1 otherwise.
  public var terminalColumns: Int {
    // Printable ASCII takes one column, and is most text: no Unicode property to look up.
    if let byte = asciiValue, byte >= 0x20, byte < 0x7F { return 1 }
    guard let first = unicodeScalars.first else { return 0 }
    if unicodeScalars.contains(where: { $0.properties.isEmojiPresentation })
      || unicodeScalars.contains("\u{FE0F}") || Self.isWide(first)
    {
      return 2
    }
    switch first.properties.generalCategory {
    case .nonspacingMark, .enclosingMark, .format: return 0
    default: return 1
    }
  }

  /// East Asian Wide and Fullwidth ranges (after Markus Kuhn's `wcwidth`).
  private static func isWide(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
      0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
      0xFFE0...0xFFE6, 0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x2FFFD,
      0x30000...0x3FFFD:
      true
    default:
      false
    }
  }
}

extension String {
  /// The columns a terminal draws this text in (see ``Character/terminalColumns``).
  public var terminalColumns: Int {
    if utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return utf8.count }
    return reduce(0) { $0 + $1.terminalColumns }
  }

  /// This text cut to fit in some columns, ending in `…` when cut.
  ///
  /// - Parameter columns: The columns available, or `nil` for no limit.
  /// - Returns: The text, whole when it fits.
  public func fitted(toColumns columns: Int?) -> String {
    guard let columns else { return self }
    // Printable ASCII is a column a byte: text that is, at least past the cut, is cut by bytes.
    var printable = 0
    for byte in utf8 {
      guard byte >= 0x20, byte < 0x7F, printable <= columns else { break }
      printable += 1
    }
    if printable > columns {
      return String(decoding: utf8.prefix(Swift.max(0, columns - 1)), as: UTF8.self) + "…"
    }
    if printable == utf8.count { return self }
    guard terminalColumns > columns else { return self }
    var kept = ""
    var used = 0
    for character in self {
      let width = character.terminalColumns
      guard used + width <= columns - 1 else { break }
      kept.append(character)
      used += width
    }
    return kept + "…"
  }

  /// This text followed by spaces up to some columns.
  ///
  /// - Parameter columns: The columns to fill.
  /// - Returns: The text, and at least no spaces.
  public func padded(toColumns columns: Int) -> String {
    self + String(repeating: " ", count: max(0, columns - terminalColumns))
  }

  /// This text broken, where it is wider than some columns, into lines that fit them.
  ///
  /// A line breaks at the last space that fits (the space itself is where it breaks), or
  /// inside a word longer than a line. Nothing else changes: runs of spaces stay, text that
  /// fits is as it was, and colours' escape sequences take no column.
  ///
  /// - Parameter columns: The columns of each line, or `nil` for no limit.
  /// - Returns: The lines.
  public func brokenAtSpaces(toColumns columns: Int?) -> [String] {
    guard let columns, columns > 0, Self.drawnColumns(of: self[...]) > columns else {
      return [self]
    }
    var lines: [String] = []
    var rest = Substring(self)
    while Self.drawnColumns(of: rest) > columns {
      var width = 0
      var end = rest.startIndex
      var lastSpace: String.Index?
      var inEscape = false
      for index in rest.indices {
        let character = rest[index]
        // A colour's escape sequence (`ESC [ … m`) takes no column.
        if inEscape || character == "\u{1B}" {
          inEscape = character == "\u{1B}" || character == "[" || !(character.isLetter)
          end = rest.index(after: index)
          continue
        }
        let characterWidth = character.terminalColumns
        if width + characterWidth > columns { break }
        width += characterWidth
        if character == " ", index > rest.startIndex { lastSpace = index }
        end = rest.index(after: index)
      }
      // A character wider than the whole line still goes on one of its own.
      if end == rest.startIndex { end = rest.index(after: end) }
      // Text that fills the line up to a space breaks at that space.
      if end < rest.endIndex, rest[end] == " " { lastSpace = end }
      let cut = lastSpace ?? end
      lines.append(String(rest[..<cut]))
      rest = rest[cut...]
      if lastSpace != nil { rest = rest.dropFirst() }
    }
    lines.append(String(rest))
    return lines
  }

  /// The columns text takes on a terminal, its colours' escape sequences taking none.
  private static func drawnColumns(of text: Substring) -> Int {
    var width = 0
    var inEscape = false
    for character in text {
      if inEscape || character == "\u{1B}" {
        inEscape = character == "\u{1B}" || character == "[" || !(character.isLetter)
        continue
      }
      width += character.terminalColumns
    }
    return width
  }

  /// This text broken into lines of at most some columns, at spaces where it can be (a word
  /// longer than a line is cut).
  ///
  /// - Parameter columns: The columns of each line.
  /// - Returns: The lines; one empty line for empty text.
  public func wrapped(toColumns columns: Int) -> [String] {
    var lines: [String] = []
    var line = ""
    for word in split(separator: " ", omittingEmptySubsequences: true).map(String.init) {
      let candidate = line.isEmpty ? word : line + " " + word
      if candidate.terminalColumns <= columns {
        line = candidate
        continue
      }
      if !line.isEmpty { lines.append(line) }
      line = word.fitted(toColumns: max(1, columns))
    }
    lines.append(line)
    return lines
  }
}
