import FieldNotesModel
import FieldNotesTerminal
import Foundation
import NoteDetailFeature

/// A note's page: a function of ``NoteDetailFeature/NoteDetailViewModel``'s state.
@MainActor
enum NoteDetailView {
  static func render(_ state: NoteDetailViewModel.State, now: Date, timeZone: TimeZone)
    -> [String]
  {
    guard case .loaded(let note, let notebookName, let summary) = state else {
      return ["This note no longer exists. Type `back`."]
    }
    var facts = [notebookName?.terminalSafe ?? "No Notebook"]
    if !note.tags.isEmpty {
      facts.append(note.tags.map { "#\($0.terminalSafe)" }.joined(separator: " "))
    }
    if note.isPinned { facts.append("pinned") }
    facts.append("written \(note.createdAt.relativeDescription(to: now, timeZone: timeZone))")
    var lines = [note.title.terminalSafe, facts.joined(separator: " · "), ""]
    lines += note.body.isEmpty ? ["(no text)"] : note.body.terminalLines
    switch summary {
    case .none: break
    case .summarizing: lines += ["", "Summary: summarizing…"]
    case .summarized(let text): lines += ["", "Summary: \(text.terminalSafe)"]
    case .failed(let message): lines += ["", "Summary unavailable: \(message.terminalSafe)"]
    }
    return lines
  }

  /// The state in brief, for `state` and `trace on`.
  static func describe(_ state: NoteDetailViewModel.State) -> String {
    switch state {
    case .empty: return "empty"
    case .loaded(_, _, let summary):
      let brief =
        switch summary {
        case .none: "none"
        case .summarizing: "summarizing"
        case .summarized: "summarized"
        case .failed(let message): "failed(\"\(message.terminalSafe)\")"
        }
      return "loaded(summary: \(brief))"
    }
  }
}
