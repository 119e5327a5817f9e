/// Splits a command line into words, the way a shell would: spaces separate words; double quotes
/// group words and allow backslash escapes; single quotes group words literally; a backslash
/// outside quotes escapes the next character; a line starting with `#` is a comment.
public enum CommandTokenizer {
  /// Splits a line into words.
  ///
  /// - Parameter line: The line as typed.
  /// - Returns: The words, quotes and escapes resolved; none for a blank or comment line.
  /// - Throws: ``InputError/unreadable(_:)`` for an open quote or a lone trailing backslash.
  public static func words(in line: String) throws(InputError) -> [String] {
    var words: [String] = []
    var current = ""
    var inWord = false
    var quote: Character?
    var escaping = false
    for character in line {
      if escaping {
        current.append(quote == "\"" ? unescape(character) : character)
        escaping = false
        continue
      }
      switch (quote, character) {
      case (nil, "#") where !inWord && words.isEmpty:
        return []
      case ("'", "'"), ("\"", "\""):
        quote = nil
      case ("'", _):
        current.append(character)
      case (_, "\\"):
        escaping = true
        inWord = true
      case ("\"", _):
        current.append(character)
      case (nil, "\""), (nil, "'"):
        quote = character
        inWord = true
      case (nil, _) where character.isWhitespace:
        if inWord { words.append(current) }
        current = ""
        inWord = false
      default:
        current.append(character)
        inWord = true
      }
    }
    if escaping { throw .unreadable("the line ends with a lone backslash") }
    if let quote { throw .unreadable("a \(quote) quote is not closed") }
    if inWord { words.append(current) }
    return words
  }

  private static func unescape(_ character: Character) -> Character {
    switch character {
    case "n": "\n"
    case "t": "\t"
    default: character
    }
  }
}
