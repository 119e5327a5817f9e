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
    var first = "\(padding)\(numberText) \(isPinned ? "*" : " ") \(title.terminalSafe) · \(date)"
    if !tags.isEmpty {
      first += " · " + tags.map { "#\($0.terminalSafe)" }.joined(separator: " ")
    }
    guard !excerpt.isEmpty else { return [first] }
    return [first, "      \(excerpt.terminalSafe)"]
  }
}
