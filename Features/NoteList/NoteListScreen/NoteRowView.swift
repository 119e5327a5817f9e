import FieldNotesModel
import FieldNotesQuery
import FieldNotesTerminal
import FieldNotesText

/// How one note looks in a list, shared by the MV and MVVM forms of the note list (as the seed's
/// `NoteRow` view is shared by both).
@MainActor
enum NoteRowView {
  /// The lines of one row: number (as last shown), pin, short id, title, notebook, date and
  /// tags; then the excerpt, indented.
  ///
  /// `  1 * e621  Heron at the weir · Field trips · 5 min ago · #birds`: the short ids are
  /// padded to the widest of the list's (`idColumns`), so the titles line up. On a terminal
  /// each line is cut to its width, the title first so the id, notebook and date stay; with
  /// colour on, what follows the title is dim and the search's matches are highlighted;
  /// without, the matches are marked `«…»`.
  static func lines(
    number: Int, shortID: NoteIDPrefix, idColumns: Int, title: String, notebook: String?,
    excerpt: String, tags: [String], isPinned: Bool, date: String,
    highlighting matches: SearchMatches = SearchMatches([]), in terminal: TerminalContext
  ) -> [String] {
    let start =
      String(repeating: " ", count: max(0, 3 - String(number).count))
      + "\(number) \(isPinned ? "*" : " ") \(shortID.description.padded(toColumns: idColumns))  "
    let columns = terminal.columns
    let style = terminal.style
    let metadata = [notebook?.terminalSafe, date].compactMap { $0 }.map { " · " + $0 }.joined()
    let titleColumns = columns.map { max(10, $0 - start.count - metadata.terminalColumns) }
    let tagsText = tags.isEmpty ? "" : " · " + TagRules.hashtags(tags).terminalSafe
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
        (metadata + tagsText, style.dim),
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
