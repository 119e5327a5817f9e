import FieldNotesModel
import FieldNotesTerminal
import Foundation

/// One note, read in full, with its summary when one was asked for.
@MainActor
enum NoteDetailView {
  static func render(
    note: Note?, notebookName: String?, summary: SummaryState, now: Date, timeZone: TimeZone
  ) -> [String] {
    guard let note else { return ["This note no longer exists. Type `back`."] }
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
    case .loading: lines += ["", "Summary: summarizing…"]
    case .loaded(let text): lines += ["", "Summary: \(text.terminalSafe)"]
    case .failed(let message): lines += ["", "Summary unavailable: \(message.terminalSafe)"]
    }
    return lines
  }
}

/// Where a note's summary stands.
@MainActor
enum SummaryState: Hashable, Sendable {
  case none
  case loading
  case loaded(String)
  case failed(String)
}
