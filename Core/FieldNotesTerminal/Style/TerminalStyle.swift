import FieldNotesPlatform

/// Colour that helps reading: dim metadata, highlighted search matches, errors in red.
///
/// Off unless a person is at a colour terminal: an interactive session turns it on, and never
/// when `NO_COLOR` is set (to anything but the empty string, as no-color.org asks), when `TERM`
/// is `dumb`, or when standard output is not a terminal. Views apply it to text already cut to
/// the width, so the escapes never count as columns; ``plain`` returns the text unchanged, which
/// is what scripts, transcripts and tests see.
public struct TerminalStyle: Equatable, Sendable {
  /// Whether text is coloured.
  public var isColored: Bool

  /// Creates a style.
  ///
  /// - Parameter isColored: Whether text is coloured.
  public init(isColored: Bool) {
    self.isColored = isColored
  }

  /// No colour.
  public static let plain = TerminalStyle(isColored: false)

  /// The style a session in this process's environment should use.
  ///
  /// - Returns: Plain under `NO_COLOR`, `TERM=dumb`, or output that is not a terminal; coloured
  ///   otherwise.
  public static func wanted() -> TerminalStyle {
    if let noColor = getenv("NO_COLOR"), noColor.pointee != 0 { return .plain }
    if let term = getenv("TERM"), String(cString: term) == "dumb" { return .plain }
    return TerminalStyle(isColored: isatty(1) == 1)
  }

  /// Text of less importance, such as a row's date: dim.
  public func dim(_ text: String) -> String {
    isColored && !text.isEmpty ? "\u{1B}[2m\(text)\u{1B}[22m" : text
  }

  /// A match of the search: bold yellow.
  public func highlight(_ text: String) -> String {
    isColored && !text.isEmpty ? "\u{1B}[1;33m\(text)\u{1B}[22;39m" : text
  }

  /// An error line: red, when standard error is a terminal too (not a file it was sent to).
  public func error(_ text: String) -> String {
    isColored && !text.isEmpty && isatty(2) == 1 ? "\u{1B}[31m\(text)\u{1B}[39m" : text
  }

  /// Text with some of its characters marked without colour, for plain output: each run
  /// between `«` and `»`.
  ///
  /// The marks take columns, so they are put in before text is cut to a width.
  ///
  /// - Parameters:
  ///   - text: The text, as shown.
  ///   - ranges: The character offsets to mark, in order and not overlapping.
  /// - Returns: The text with those characters marked.
  public static func marking(_ text: String, _ ranges: [Range<Int>]) -> String {
    guard !ranges.isEmpty else { return text }
    let characters = Array(text)
    var result = ""
    var position = 0
    for range in ranges where range.lowerBound >= position && range.upperBound <= characters.count {
      result += String(characters[position..<range.lowerBound])
      result += "«" + String(characters[range]) + "»"
      position = range.upperBound
    }
    return result + String(characters[position...])
  }

  /// Text with some of its characters highlighted.
  ///
  /// - Parameters:
  ///   - text: The text, as shown.
  ///   - ranges: The character offsets to highlight, in order and not overlapping.
  /// - Returns: The text with those characters highlighted.
  public func highlighting(_ text: String, _ ranges: [Range<Int>]) -> String {
    guard isColored, !ranges.isEmpty else { return text }
    let characters = Array(text)
    var result = ""
    var position = 0
    for range in ranges where range.lowerBound >= position && range.upperBound <= characters.count {
      result += String(characters[position..<range.lowerBound])
      result += highlight(String(characters[range]))
      position = range.upperBound
    }
    return result + String(characters[position...])
  }
}
