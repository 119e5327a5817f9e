import FieldNotesModel
import FieldNotesTerminal

/// How one note looks in a list, shared by the MV and MVVM forms of the note list (as the seed's
/// `NoteRow` view is shared by both).
@MainActor
enum NoteRowView {
  /// The lines of one row: number, pin, title, date and tags; then the excerpt, indented.
  ///
  /// On a terminal each line is cut to its width, the title first so the date stays; with
  /// colour on, the date and tags are dim and the search's matches are highlighted; without,
  /// the matches are marked `«…»`.
  static func lines(
    number: Int, title: String, excerpt: String, tags: [String], isPinned: Bool, date: String,
    highlighting matches: SearchMatches = SearchMatches([]), in terminal: TerminalContext
  ) -> [String] {
    let numberText = String(number)
    let padding = String(repeating: " ", count: max(0, 3 - numberText.count))
    let start = "\(padding)\(numberText) \(isPinned ? "*" : " ") "
    let columns = terminal.columns
    let style = terminal.style
    let titleColumns = columns.map { max(10, $0 - start.count - " · ".count - date.count) }
    var metadata = " · \(date)"
    if !tags.isEmpty {
      metadata += " · " + TagRules.hashtags(tags).terminalSafe
    }
    // Colour goes on after a line is cut to the width, as it takes no columns; marks go in
    // before, as they do.
    let highlighted: (String) -> String = { line in
      matches.isEmpty || !style.isColored
        ? line : style.highlighting(line, matches.ranges(in: line))
    }
    let marked: (String) -> String = { text in
      matches.isEmpty || style.isColored
        ? text : TerminalStyle.marking(text, matches.ranges(in: text))
    }
    let first = fitted(
      [
        (start, { $0 }),
        (marked(title.terminalSafe).fitted(toColumns: titleColumns), highlighted),
        (metadata, style.dim),
      ], columns: columns)
    guard !excerpt.isEmpty else { return [first] }
    // The excerpt is as long as a wide terminal can show; elsewhere it is cut to the usual 60.
    let shown = marked(excerpt.terminalSafe).fitted(
      toColumns: columns == nil ? Note.excerptLength : nil)
    return [first, fitted([("      ", { $0 }), (shown, highlighted)], columns: columns)]
  }

  /// Pieces of a line, each with its style, cut together to the width (with `…`), then styled.
  private static func fitted(_ pieces: [(String, (String) -> String)], columns: Int?) -> String {
    let plain = pieces.map(\.0).joined()
    guard let columns, plain.terminalColumns > columns else {
      return pieces.map { text, style in style(text) }.joined()
    }
    var budget = columns - 1
    var line = ""
    for (text, style) in pieces {
      var kept = ""
      for character in text {
        guard character.terminalColumns <= budget else { return line + style(kept) + "…" }
        kept.append(character)
        budget -= character.terminalColumns
      }
      line += style(kept)
    }
    return line + "…"
  }
}
