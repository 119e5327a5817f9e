import FieldNotesModel

/// The words of a search, as the parser of ``NoteQuery`` reads them: operators, parentheses,
/// qualifiers and text, each with the column it starts at.
///
/// The rules that make ordinary text stay text live here: `#` starts a tag only at the start
/// of a word (`C#` is text), `-` excludes only at the start of a word with more after it (a
/// lone `-` is text), `(` opens a group only at the start of a word and `)` closes one only
/// while one is open (so `:)` is text), a qualifier is one of the known names before a colon
/// (`10:30` and `https://…` are text), and `OR`, `AND` and `NOT` are operators only in capitals.
struct NoteQueryLexer {
  /// One word of a search.
  struct Token: Hashable {
    /// What the word is.
    enum Kind: Hashable {
      case open, close, or, and, not
      /// Text to find, and whether it was quoted (a phrase is never an operator).
      case text(String, quoted: Bool)
      /// A qualifier's name (lower-cased) and value, and the value's column.
      case qualifier(String, value: String, valueColumn: Int)
      /// `#tag`.
      case tag(String)
    }

    var kind: Kind
    /// The column the word starts at, from 1.
    var column: Int
  }

  /// The qualifiers the language knows, by name.
  static let qualifiers = Set(NoteQuery.qualifierNames)

  private let characters: [Character]
  private var position = 0
  private var openGroups = 0
  private(set) var tokens: [Token] = []

  /// Reads a search into tokens.
  ///
  /// - Parameter text: The search as typed.
  /// - Throws: ``NoteQueryError/unclosedQuote(column:)`` for a quote never closed.
  init(_ text: String) throws(NoteQueryError) {
    characters = Array(text)
    while let character = skipSpaces() {
      try readWord(startingWith: character)
    }
  }

  /// Moves past spaces; returns the character a word starts with, or `nil` at the end.
  private mutating func skipSpaces() -> Character? {
    while position < characters.count, characters[position].isWhitespace { position += 1 }
    return position < characters.count ? characters[position] : nil
  }

  private var column: Int { position + 1 }

  private func isEndOfWord(_ index: Int) -> Bool {
    index >= characters.count || characters[index].isWhitespace
  }

  private mutating func append(_ kind: Token.Kind, at column: Int) {
    tokens.append(Token(kind: kind, column: column))
  }

  /// Reads one word from its first character: a parenthesis, an exclusion, a phrase, a tag, a
  /// qualifier or text.
  private mutating func readWord(startingWith first: Character) throws(NoteQueryError) {
    switch first {
    case "(":
      append(.open, at: column)
      openGroups += 1
      position += 1
    case ")" where openGroups > 0:
      append(.close, at: column)
      openGroups -= 1
      position += 1
    case "-" where !isEndOfWord(position + 1):
      append(.not, at: column)
      position += 1
    case "\"":
      let start = column
      append(.text(try readPhrase(), quoted: true), at: start)
      closeGroups()
    case "#" where !isEndOfWord(position + 1):
      let start = column
      position += 1
      append(.tag(readPlain()), at: start)
    default:
      let start = column
      if let name = qualifierName() {
        position += name.count + 1
        let valueColumn = column
        let value =
          position < characters.count && characters[position] == "\""
          ? try readPhrase() : readPlain()
        append(.qualifier(name, value: value, valueColumn: valueColumn), at: start)
        closeGroups()
        return
      }
      let word = readPlain()
      switch word {
      case "OR": append(.or, at: start)
      case "AND": append(.and, at: start)
      case "NOT": append(.not, at: start)
      default: append(.text(word, quoted: false), at: start)
      }
    }
  }

  /// The known qualifier the word at the position starts with, lower-cased, if it starts with
  /// one and a colon.
  private func qualifierName() -> String? {
    var end = position
    while end < characters.count, characters[end].isLetter || characters[end] == "-",
      end - position < 9
    {
      end += 1
    }
    guard end < characters.count, characters[end] == ":", end > position else { return nil }
    let name = String(characters[position..<end]).lowercased()
    return Self.qualifiers.contains(name) ? name : nil
  }

  /// Reads text up to the end of the word, leaving as many `)` at its end as close open
  /// groups to be read as closes.
  private mutating func readPlain() -> String {
    var end = position
    while !isEndOfWord(end) { end += 1 }
    var textEnd = end
    var closes = 0
    while textEnd > position, characters[textEnd - 1] == ")", closes < openGroups {
      textEnd -= 1
      closes += 1
    }
    let text = String(characters[position..<textEnd])
    position = textEnd
    return text
  }

  /// Reads the `)` right after a phrase or a qualifier's value that close open groups.
  private mutating func closeGroups() {
    while position < characters.count, characters[position] == ")", openGroups > 0 {
      append(.close, at: column)
      openGroups -= 1
      position += 1
    }
  }

  /// Reads a phrase from its opening quote to its closing one.
  private mutating func readPhrase() throws(NoteQueryError) -> String {
    let start = column
    position += 1
    var end = position
    while end < characters.count, characters[end] != "\"" { end += 1 }
    guard end < characters.count else { throw .unclosedQuote(column: start) }
    let phrase = String(characters[position..<end])
    position = end + 1
    return phrase
  }
}
