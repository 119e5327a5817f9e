import Foundation

/// What Tab offers inside a search, from the language's own words: the query knows which
/// qualifiers, states and date words it reads, so it offers them.
extension NoteQuery {
  /// The date words a date qualifier completes to.
  public static let completedDateWords = [
    "today", "yesterday", "this-week", "last-week", "this-month", "last-month",
  ]

  /// The words Tab may offer for the word being completed in a search: the qualifiers, the
  /// tags some note carries, the notebooks' names (inside an open quote too), the states and
  /// the date words, each also negated, and `OR` and `NOT`.
  ///
  /// - Parameters:
  ///   - text: The search typed before the word, as typed.
  ///   - tags: The tags some note carries.
  ///   - notebooks: The notebooks' names.
  /// - Returns: Whole words, such as `tag:birds` or `in:"Field trips"`; inside a quote opened
  ///   after `in:`, the rest of a notebook's name and the closing quote (`trips"`).
  public static func completions(before text: String, tags: [String], notebooks: [String])
    -> [String]
  {
    if let quote = openQuote(in: text) {
      guard text[..<quote].lowercased().hasSuffix("in:") else { return [] }
      let typed = text[text.index(after: quote)...].lowercased()
      return notebooks.filter { $0.lowercased().hasPrefix(typed) && !$0.contains("\"") }.map {
        String($0.dropFirst(typed.count)) + "\""
      }
    }
    var words = NoteQuery.qualifierNames.map { $0 + ":" }
    words += tags.flatMap { ["#" + $0, "tag:" + $0] }
    // Every notebook's name is offered in quotes, `none` too, so the candidates for what is
    // typed share a beginning the line editor can put in (`in:Fi` gives `in:"Field` for
    // "Field trips" and "Fieldwork", where unquoted and quoted names would share only `in:`).
    // A name holding a quote can't be written in a search, so it isn't offered.
    words += notebooks.filter { !$0.contains("\"") }.map { "in:\"\($0)\"" } + ["in:\"none\""]
    words += ["is:pinned", "is:untagged"]
    words += NoteDateField.allCases.flatMap { field in
      completedDateWords.map { "\(field.rawValue):\($0)" }
    }
    return words + words.map { "-" + $0 } + ["OR", "NOT"]
  }

  /// The last quote of the text when it opens a phrase that isn't closed.
  private static func openQuote(in text: String) -> String.Index? {
    let quotes = text.indices.filter { text[$0] == "\"" }
    return quotes.count % 2 == 1 ? quotes.last : nil
  }
}
