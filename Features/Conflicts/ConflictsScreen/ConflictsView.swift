import ConflictsFeature
import FieldNotesModel
import FieldNotesTerminal
import FieldNotesText
import Foundation

/// What the conflicts screen draws: a function of its view model's state.
@MainActor
enum ConflictsView {
  /// The conflicts, one row each; or one conflict, both texts and their diff.
  static func render(_ state: ConflictsViewModel.State, now: Date, timeZone: TimeZone)
    -> [String]
  {
    let when = { (date: Date) in date.relativeDescription(to: now, timeZone: timeZone) }
    switch state {
    case .loaded(let conflicts):
      let width = String(conflicts.count).count
      return [
        "Conflicts \u{00B7} \(conflicts.count) unresolved, oldest first (`open N` compares "
          + "the two texts)"
      ]
        + conflicts.enumerated().map { offset, conflict in
          let number = String(offset + 1)
          let original =
            conflict.original.map { "the note edited \(when($0.updatedAt))" } ?? "the note is gone"
          return "  " + String(repeating: " ", count: width - number.count) + number + "  "
            + "\u{201C}\((conflict.original?.title ?? conflict.copyTitle).terminalSafe)\u{201D} "
            + "\u{00B7} the copy written "
            + "\(when(conflict.copy.updatedAt)), \(original)"
        }
    case .opened(let conflict):
      let title = conflict.original?.title ?? conflict.copyTitle
      var lines = ["Conflict over \u{201C}\(title.terminalSafe)\u{201D}", ""]
      if let original = conflict.original {
        lines.append("The note (edited \(when(original.updatedAt))), kept by `keep original`:")
        lines += text(of: original)
      } else {
        lines.append("The note is gone (deleted since).")
      }
      lines += ["", "The copy (written \(when(conflict.copy.updatedAt))), kept by `keep copy`:"]
      lines += text(of: conflict.copy)
      if let original = conflict.original {
        lines += ["", "--- the note", "+++ the copy"]
        if original.title != conflict.copyTitle {
          lines.append(
            "title: \u{201C}\(original.title.terminalSafe)\u{201D} \u{2192} "
              + "\u{201C}\(conflict.copyTitle.terminalSafe)\u{201D}")
        }
        if original.tags != conflict.copy.tags {
          lines.append("tags: \(tags(original.tags)) \u{2192} \(tags(conflict.copy.tags))")
        }
        lines += LineDiff(from: original.body, to: conflict.copy.body).unified().map(\.terminalSafe)
      }
      lines += [
        "",
        conflict.original == nil
          ? "`keep copy` keeps this text as a note of its own; `close` lists all."
          : "Keep which? `keep original`, `keep copy`, or `keep both` (as two notes); "
            + "`close` lists all.",
      ]
      return lines
    case .empty:
      return [
        "Conflicts \u{00B7} none",
        "  When a sync finds a note changed on two machines, the text that lost comes here.",
      ]
    case .failed(let message):
      return [
        "Conflicts \u{00B7} \(message.terminalSafe)",
        "  `list` reads them again; `back` leaves.",
      ]
    }
  }

  private static func tags(_ tags: [String]) -> String {
    tags.isEmpty ? "none" : TagRules.hashtags(tags).terminalSafe
  }

  /// A note's title, tags and text, indented.
  private static func text(of note: Note) -> [String] {
    var lines = ["  # " + NoteConflict.unmarked(note.title).terminalSafe]
    if !note.tags.isEmpty {
      lines.append("  " + TagRules.hashtags(note.tags).terminalSafe)
    }
    return lines + (note.body.isEmpty ? ["  (no text)"] : note.body.terminalLines.map { "  " + $0 })
  }

  /// The state in brief, for `state` and `trace on`.
  static func describe(_ state: ConflictsViewModel.State) -> String {
    switch state {
    case .loaded(let conflicts): "loaded(\(String(count: conflicts.count, noun: "conflict")))"
    case .opened(let conflict): "opened(\(conflict.copyTitle.terminalSafe.debugDescription))"
    case .empty: "empty"
    case .failed(let message): "failed(\"\(message.terminalSafe)\")"
    }
  }
}
