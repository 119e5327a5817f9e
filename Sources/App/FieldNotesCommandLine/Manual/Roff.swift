/// Text written for roff, the language of man pages: what it would read as a request, an
/// escape or a hyphen is written so it prints as typed.
enum Roff {
  /// Text escaped for a line of a man page.
  ///
  /// A backslash becomes `\(rs`, a hyphen-minus `\-` (so `--store` is not set as dashes and
  /// can be searched for), a character beyond ASCII `\[uXXXX]` (so the page reads the same
  /// whatever encoding the formatter assumes), and a line starting with `.` or `'`, which roff
  /// would take as a request, starts with `\&`, which prints nothing.
  ///
  /// - Parameter text: The text, one line.
  /// - Returns: The escaped line.
  static func escaped(_ text: String) -> String {
    protectingRequests(characters(text))
  }

  /// Text with each `command` in backticks set in bold instead, escaped, as `--help` marks a
  /// command and a man page sets it.
  ///
  /// - Parameter text: The text, one line.
  /// - Returns: The escaped line.
  static func marked(_ text: String) -> String {
    let pieces = text.split(separator: "`", omittingEmptySubsequences: false)
    // An odd count of backticks leaves them as they are.
    guard pieces.count % 2 == 1 else { return escaped(text) }
    return protectingRequests(
      pieces.enumerated().map { index, piece in
        index % 2 == 1 ? bold(characters(String(piece))) : characters(String(piece))
      }.joined())
  }

  /// Each character that means something to roff written so it prints as itself.
  private static func characters(_ text: String) -> String {
    var escaped = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\\": escaped += #"\(rs"#
      case "-": escaped += #"\-"#
      case _ where scalar.isASCII: escaped.unicodeScalars.append(scalar)
      default:
        let hex = String(scalar.value, radix: 16, uppercase: true)
        escaped += #"\[u"# + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + "]"
      }
    }
    return escaped
  }

  /// A line that roff would read as a request (it starts with `.` or `'`) made to start with
  /// `\&`, which prints nothing.
  private static func protectingRequests(_ line: String) -> String {
    line.hasPrefix(".") || line.hasPrefix("'") ? #"\&"# + line : line
  }

  /// Escaped text in bold.
  static func bold(_ escaped: String) -> String { #"\fB"# + escaped + #"\fR"# }

  /// Escaped text in italics, as a placeholder is set.
  static func italic(_ escaped: String) -> String { #"\fI"# + escaped + #"\fR"# }

  /// Text as one quoted argument of a request such as `.SH`, where a double quote is `\(dq`.
  ///
  /// - Parameter text: The text.
  /// - Returns: The argument, quotes included.
  static func argument(_ text: String) -> String {
    "\"" + escaped(text).replacingOccurrences(of: "\"", with: #"\(dq"#) + "\""
  }
}
