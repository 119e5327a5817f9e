import FieldNotesModel

/// What Tab offers inside a search: the qualifiers, the tags some note carries, the notebooks'
/// names (inside an open quote too), the states and the date words.
enum NoteQueryCompletion {
  /// The date words a date qualifier completes to.
  static let dateWords = [
    "today", "yesterday", "this-week", "last-week", "this-month", "last-month",
  ]

  /// The words that may replace the word being completed.
  ///
  /// - Parameters:
  ///   - text: The search typed before the word, as typed.
  ///   - tags: The tags some note carries.
  ///   - notebooks: The notebooks' names.
  /// - Returns: Whole words, such as `tag:birds` or `in:"Field trips"`; inside a quote opened
  ///   after `in:`, the rest of a notebook's name and the closing quote (`trips"`).
  static func candidates(before text: String, tags: [String], notebooks: [String]) -> [String] {
    if let quote = openQuote(in: text) {
      guard text[..<quote].lowercased().hasSuffix("in:") else { return [] }
      let typed = text[text.index(after: quote)...].lowercased()
      return notebooks.filter { $0.lowercased().hasPrefix(typed) }.map {
        String($0.dropFirst(typed.count)) + "\""
      }
    }
    var words = NoteQuery.qualifierNames.map { $0 + ":" }
    words += tags.flatMap { ["#" + $0, "tag:" + $0] }
    words += notebooks.map { "in:" + quoted($0) } + ["in:none", "is:pinned", "is:untagged"]
    words += NoteDateField.allCases.flatMap { field in
      dateWords.map { "\(field.rawValue):\($0)" }
    }
    return words + words.map { "-" + $0 } + ["OR", "NOT"]
  }

  /// The last quote of the text when it opens a phrase that isn't closed.
  private static func openQuote(in text: String) -> String.Index? {
    let quotes = text.indices.filter { text[$0] == "\"" }
    return quotes.count % 2 == 1 ? quotes.last : nil
  }

  /// A name as the search language takes it: in quotes when it holds a space.
  private static func quoted(_ name: String) -> String {
    name.contains(where: \.isWhitespace) ? "\"\(name)\"" : name
  }
}
