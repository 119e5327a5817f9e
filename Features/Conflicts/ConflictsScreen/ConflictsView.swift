import ConflictsFeature
import FieldNotesTerminal

/// What the conflicts screen draws: a function of its view model's state.
@MainActor
enum ConflictsView {
  static func render(_ state: ConflictsViewModel.State) -> [String] {
    switch state {
    case .loaded(let notes, let pinned, let notebooks):
      return [
        "Conflicts",
        "  \(String(count: notes, noun: "note")), \(pinned) pinned",
        "  in \(String(count: notebooks, noun: "notebook"))",
      ]
    case .empty:
      return [
        "Conflicts · no notes yet",
        "  Open a notebook and type `new` to write one.",
      ]
    }
  }

  /// The state in brief, for `state` and `trace on`.
  static func describe(_ state: ConflictsViewModel.State) -> String {
    switch state {
    case .loaded(let notes, let pinned, let notebooks):
      "loaded(\(String(count: notes, noun: "note")), \(pinned) pinned, "
        + "\(String(count: notebooks, noun: "notebook")))"
    case .empty(let notebooks):
      "empty(\(String(count: notebooks, noun: "notebook")))"
    }
  }
}
