/// Splits a command line into words, the way a shell would: spaces separate words; double quotes
/// group words and allow backslash escapes; single quotes group words literally; a backslash
/// outside quotes escapes the next character; a line starting with `#` is a comment.
///
/// Text at the end of a line is the exception: a command that takes text (`say`, `label N`,
/// `find`) or a name (`open`, `move N to`) gets the rest of its line exactly as typed, so
/// `say The cat's bowl` keeps its apostrophe and `C:\temp` its backslash. Quotes are only
/// for names in the middle of a line (see ``ArgumentForm``).
public enum CommandTokenizer {
  /// Splits a line into words.
  ///
  /// - Parameter line: The line as typed.
  /// - Returns: The words, quotes and escapes resolved; none for a blank or comment line.
  /// - Throws: ``InputError/unreadable(_:)`` for an open quote or a lone trailing backslash.
  public static func words(in line: String) throws(InputError) -> [String] {
    if isComment(line) { return [] }
    return try split(line[...], upTo: .max).words
  }

  /// Splits a line into the command's name and the rest of the line, as typed.
  ///
  /// - Parameter line: The line as typed.
  /// - Returns: The name, quotes resolved, and the rest after the spaces that follow it; `nil`
  ///   for a blank or comment line.
  /// - Throws: ``InputError/unreadable(_:)`` when the name holds an open quote.
  public static func commandName(in line: String) throws(InputError) -> (
    name: String, rest: Substring
  )? {
    if isComment(line) { return nil }
    let (words, rest) = try split(line[...], upTo: 1)
    guard let name = words.first else { return nil }
    return (name, rest)
  }

  /// A command's arguments: the rest of its line, read the way the command takes it.
  ///
  /// - Parameters:
  ///   - rest: The line after the command's name.
  ///   - form: How the command takes its arguments.
  /// - Returns: The arguments; for text or a name, the last one is the rest of the line after
  ///   the words before it, and none when nothing follows them.
  /// - Throws: ``InputError/unreadable(_:)`` for an open quote or a lone trailing backslash in
  ///   words.
  public static func arguments(in rest: Substring, form: ArgumentForm) throws(InputError)
    -> [String]
  {
    switch form {
    case .words:
      return try split(rest, upTo: .max).words
    case .text(let count):
      let (words, text) = try split(rest, upTo: count)
      return text.isEmpty ? words : words + [String(text)]
    case .name(let count):
      let (words, typed) = try split(rest, upTo: count)
      // Spaces after a name or a path are never part of it (`save list.json `).
      var name = typed
      while name.last?.isWhitespace == true { name.removeLast() }
      guard !name.isEmpty else { return words }
      // A name that starts with a quote is quoted whole, as a shell would have it: the name is
      // the one inside the quotes, and a quote left open is an error, not part of a name.
      guard let first = name.first, first == "\"" || first == "'" else {
        return words + [String(name)]
      }
      let quoted = try split(name, upTo: .max).words
      guard quoted.count == 1 else {
        throw .unreadable(
          "a name that starts with a quote is quoted whole, such as \"Field trips\" or "
            + "\"'Til dawn\"")
      }
      return words + quoted
    }
  }

  /// Whether a line is a comment: its first character that isn't a space is `#`.
  private static func isComment(_ line: String) -> Bool {
    line.first { !$0.isWhitespace } == "#"
  }

  /// Splits words off the start of a line, up to a number of them: the words, and the rest of
  /// the line after the spaces that follow the last one.
  private static func split(_ line: Substring, upTo limit: Int) throws(InputError) -> (
    words: [String], rest: Substring
  ) {
    var words: [String] = []
    var current = ""
    var inWord = false
    var quote: Character?
    var escaping = false
    var index = line.startIndex
    while index < line.endIndex, words.count < limit {
      let character = line[index]
      index = line.index(after: index)
      if escaping {
        current.append(quote == "\"" ? unescape(character) : character)
        escaping = false
        continue
      }
      switch (quote, character) {
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
    if let quote {
      let example = quote == "'" ? #"Don\'t"# : #"say \"hi\""#
      throw .unreadable(
        "a \(quote) quote is not closed: close it, or put a backslash before a \(quote) that is "
          + "part of a word (\(example))")
    }
    if inWord { words.append(current) }
    let rest = line[index...].drop { $0.isWhitespace }
    return (words, rest)
  }

  private static func unescape(_ character: Character) -> Character {
    switch character {
    case "n": "\n"
    case "t": "\t"
    default: character
    }
  }
}

/// How the words after a command's name become its arguments.
public enum ArgumentForm: Equatable, Sendable {
  /// Words, split as a shell splits them; quotes group words that hold spaces: `count 2`,
  /// `rename 'Old name' New`.
  case words
  /// That many words, then the rest of the line exactly as typed, as the last argument:
  /// text, such as `say The cat's bowl`, where quotes and backslashes are the user's.
  case text(afterWords: Int)
  /// That many words, then the rest of the line as typed, as the last argument: a name or a
  /// path, such as `open Field trips`. One that starts with a quote is quoted whole, and taken
  /// without its quotes, as a shell would (`open "Field trips"`).
  case name(afterWords: Int)
}
