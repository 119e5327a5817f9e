import FieldNotesTerminal
import NotebooksFeature

/// The notebooks screen: a function of ``NotebooksFeature/NotebooksViewModel``'s state.
@MainActor
enum NotebooksView {
  static func render(_ state: NotebooksViewModel.State, in terminal: TerminalContext) -> [String] {
    switch state {
    case .failed(let message):
      return [
        "Notebooks · \(message.terminalSafe)",
        "  Type `retry` to read them again.",
      ]
    case .empty(let noteCount, let conflicts):
      var lines = [
        "Notebooks · none yet",
        "  Create one with: notebook new NAME",
      ]
      if noteCount > 0 {
        lines.append(
          "  \(noteCount) \(noteCount == 1 ? "note is" : "notes are") in no notebook: open all")
      }
      return lines + conflictLine(conflicts)
    case .loaded(let rows, let conflicts):
      // Names are aligned by the columns they take (鳥 takes two), and cut to leave the
      // counts room on a narrow terminal.
      let columns = terminal.columns
      let names = rows.map { $0.name.terminalSafe.fitted(toColumns: columns.map { $0 / 2 }) }
      let width = names.map(\.terminalColumns).max() ?? 0
      return ["Notebooks"]
        + zip(rows.indices, rows).map { index, row in
          let number = String(index + 1)
          let padding = String(repeating: " ", count: max(0, 3 - number.count))
          let start = "\(padding)\(number)  \(names[index].padded(toColumns: width + 2))"
          var counts = String(count: row.noteCount, noun: "note")
          if row.pinnedCount > 0 { counts += ", \(row.pinnedCount) pinned" }
          // The counts are dim (with colour on), and cut to the width.
          let room = columns.map { max(1, $0 - start.terminalColumns) }
          return start + terminal.style.dim(counts.fitted(toColumns: room))
        } + conflictLine(conflicts)
    case .confirming(let request):
      return [
        "Delete \u{201C}\(request.name.terminalSafe)\u{201D}? It holds "
          + "\(String(count: request.noteCount, noun: "note")).",
        "  yes   delete the notebook, its notes to the trash",
        "  keep  delete the notebook, keep its notes in no notebook",
        "  no    delete nothing",
      ]
    }
  }

  /// The line saying how many conflicts wait in the inbox; none when none do.
  private static func conflictLine(_ conflicts: Int) -> [String] {
    guard conflicts > 0 else { return [] }
    return [
      "  \(String(count: conflicts, noun: "conflict")) to resolve: type `conflicts` to compare "
        + "and keep a text"
    ]
  }
}
