import Foundation

/// The parts of a note's Markdown that are prose, not code or comments: where a `#tag` or a
/// `# heading` is read.
public enum MarkdownProse {
  /// The text's lines outside fenced code blocks (between lines opening with ```` ``` ```` or
  /// `~~~`, after spaces), without the fences' own lines and without empty lines.
  ///
  /// - Parameter text: The text.
  /// - Returns: The lines, each without its line break.
  public static func lines(of text: Substring) -> [Substring] {
    var fenced = false
    return text.split(whereSeparator: isLineBreak).filter { line in
      let trimmed = line.drop(while: { $0 == " " })
      if trimmed.hasPrefix("```") || trimmed.hasPrefix("~~~") {
        fenced.toggle()
        return false
      }
      return !fenced
    }
  }

  /// The text with each HTML comment (`<!-- … -->`, over lines or not, or left open to the
  /// end) blanked out, its line breaks kept.
  ///
  /// - Parameter text: The text.
  /// - Returns: The text without the comments' words.
  public static func withoutComments(_ text: Substring) -> Substring {
    guard text.holdsBytes(of: "<!--") else { return text }
    var result = ""
    var rest = text
    while let open = rest.range(of: "<!--") {
      result += rest[..<open.lowerBound]
      let inside = rest[open.upperBound...]
      guard let close = inside.range(of: "-->") else {
        rest = rest[rest.endIndex...]
        result += inside.filter(\.isNewline)
        break
      }
      result += inside[..<close.lowerBound].filter(\.isNewline)
      rest = inside[close.upperBound...]
    }
    return Substring(result + rest)
  }

  /// Whether a character ends a line: `\n`, or Windows' `\r\n` (one character in Swift).
  private static func isLineBreak(_ character: Character) -> Bool {
    character == "\n" || character == "\r\n"
  }

  /// Where a code span opened by a run of `count` backticks ends: after the next run of
  /// exactly as many in the rest of its line, or `nil` when none closes it (the backticks are
  /// text then).
  ///
  /// - Parameters:
  ///   - count: How many backticks opened it.
  ///   - text: The rest of the line, after them.
  /// - Returns: The index after the closing run.
  public static func codeSpanEnd(openedBy count: Int, in text: Substring) -> Substring.Index? {
    var index = text.startIndex
    while index < text.endIndex {
      guard text[index] == "`" else {
        index = text.index(after: index)
        continue
      }
      let run = text[index...].prefix { $0 == "`" }
      if run.count == count { return run.endIndex }
      index = run.endIndex
    }
    return nil
  }
}
