import FieldNotesTerminal

/// How one note looks in a list, shared by the MV and MVVM forms of the note list (as the seed's
/// `NoteRow` view is shared by both).
@MainActor
enum NoteRowView {
  /// The lines of one row: number, pin, title, date and tags; then the excerpt, indented.
  static func lines(
    number: Int, title: String, excerpt: String, tags: [String], isPinned: Bool, date: String
  ) -> [String] {
    let numberText = String(number)
    let padding = String(repeating: " ", count: max(0, 3 - numberText.count))
    let start = "\(padding)\(numberText) \(isPinned ? "*" : " ") "
    // On a terminal each line is cut to its width, the title first, so the date stays.
    let columns = TerminalWidth.columns
    let titleColumns = columns.map { max(10, $0 - start.count - " · ".count - date.count) }
    var first = start + title.terminalSafe.fitted(toColumns: titleColumns) + " · \(date)"
    if !tags.isEmpty {
      first += " · " + tags.map { "#\($0.terminalSafe)" }.joined(separator: " ")
    }
    first = first.fitted(toColumns: columns)
    guard !excerpt.isEmpty else { return [first] }
    return [first, "      \(excerpt.terminalSafe)".fitted(toColumns: columns)]
  }
}
