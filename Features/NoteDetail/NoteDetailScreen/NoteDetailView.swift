import FieldNotesFormats
import FieldNotesModel
import FieldNotesTerminal
import FieldNotesText
import Foundation
import NoteDetailFeature

/// A note's page: a function of ``NoteDetailFeature/NoteDetailViewModel``'s state.
@MainActor
enum NoteDetailView {
  /// The page's lines: the title, the facts, the text and the summary, broken for the width.
  ///
  /// The terms of the search the note was found by are highlighted wherever they match (in
  /// colour, or marked `«…»` without it). For a script's format, the page is the note's
  /// record: a JSON array of one, one JSON line, or the note as Markdown.
  static func render(
    _ state: NoteDetailViewModel.State, now: Date, timeZone: TimeZone, columns: Int? = nil,
    highlighting matches: SearchMatches = SearchMatches([]), style: TerminalStyle = .plain,
    format: OutputFormat = .text
  ) -> [String] {
    if case .failed(let message) = state {
      return [
        "This note could not be read: \(message.terminalSafe)",
        "  `list` reads it again; `back` leaves.",
      ]
    }
    guard case .loaded(let note, let notebookName, let summary, let connections) = state else {
      return ["This note no longer exists. Type `back`."]
    }
    if format != .text {
      let record = NoteRecord(note, notebook: notebookName)
      return format == .markdown
        ? record.markdown(headingLevel: 1).map(\.terminalSafe)
        : format.lines(ofJSONObjects: [record.json])
    }
    var facts = [notebookName?.terminalSafe ?? "No Notebook"]
    if !note.tags.isEmpty {
      facts.append(TagRules.hashtags(note.tags).terminalSafe)
    }
    if note.isPinned { facts.append("pinned") }
    let written = note.createdAt.relativeDescription(to: now, timeZone: timeZone)
    let changed = note.updatedAt.relativeDescription(to: now, timeZone: timeZone)
    facts.append("written \(written)")
    if changed != written { facts.append("changed \(changed)") }
    // Marks take columns, so they go in before lines are broken; colour goes on after.
    let marked = { (line: String) in
      style.isColored || matches.isEmpty
        ? line : TerminalStyle.marking(line, matches.ranges(in: line))
    }
    let highlighted = { (line: String) in
      style.isColored && !matches.isEmpty
        ? style.highlighting(line, matches.ranges(in: line)) : line
    }
    let title = marked(note.title.terminalSafe).brokenAtSpaces(toColumns: columns).map(highlighted)
    // Properties as the front matter had them, one a line, each value as it reads.
    let properties = note.properties.map { property in
      "\(property.key): \(property.displayValue)".terminalSafe
    }
    var lines = [facts.joined(separator: " · ")] + properties + [""]
    lines += note.body.isEmpty ? ["(no text)"] : note.body.terminalLines.map(marked)
    switch summary {
    case .none: break
    case .summarizing: lines += ["", "Summary: summarizing…"]
    case .summarized(let text): lines += ["", "Summary: \(text.terminalSafe)"]
    case .failed(let message): lines += ["", "Summary unavailable: \(message.terminalSafe)"]
    }
    lines += links(connections)
    lines += attachments(connections.attachments)
    // Long lines break at spaces for the terminal's width, never inside a word.
    let broken = lines.flatMap { $0.brokenAtSpaces(toColumns: columns) }
    return title + (matches.isEmpty ? broken : broken.map(highlighted))
  }

  /// The links and backlinks under the text, numbered for `open N`: the notes linked to, then
  /// the titles linked to that name no note, then the notes linking here; nothing when there
  /// are none.
  static func links(_ connections: NoteConnections) -> [String] {
    guard !connections.isEmpty else { return [] }
    let width = String(connections.rows.count).count
    var row = 0
    let numbered = { (title: String) -> String in
      row += 1
      let number = String(row)
      return "  " + String(repeating: " ", count: width - number.count) + number + "  " + title
    }
    var lines: [String] = []
    if !connections.links.isEmpty {
      lines += ["", "Links:"]
      lines += connections.links.map { linked in
        numbered(
          linked.note.title.terminalSafe
            + (linked.link.heading.map { " \u{203A} " + $0.terminalSafe } ?? ""))
      }
    }
    if !connections.unresolved.isEmpty {
      lines += [
        "",
        "Links to no note: "
          + connections.unresolved.map { "[[\($0.title.terminalSafe)]]" }
          .joined(separator: ", "),
      ]
    }
    if !connections.backlinks.isEmpty {
      lines += ["", "Linked from:"]
      lines += connections.backlinks.map { numbered($0.title.terminalSafe) }
    }
    if let earlier = connections.earlierTitle {
      let count = earlier.linkedBy.count
      lines += [
        "",
        "\(String(count: count, noun: "note")) still \(count == 1 ? "links" : "link") to its "
          + "earlier title [[\(earlier.title.terminalSafe)]]: "
          + earlier.linkedBy.map { "\u{201C}\($0.title.terminalSafe)\u{201D}" }
          .joined(separator: ", ") + ".",
        "  `relink` makes \(count == 1 ? "it link" : "them link") here (each keeps what it "
          + "replaced as a version).",
      ]
    }
    return lines
  }

  /// The files kept with the note, numbered for `attachment save N PATH`, each with its size,
  /// and marked when the text no longer references it; nothing when there are none.
  static func attachments(_ rows: [AttachmentRow]) -> [String] {
    guard !rows.isEmpty else { return [] }
    let width = String(rows.count).count
    return ["", "Attachments (`attachment save N PATH` writes one out):"]
      + rows.enumerated().map { index, row in
        let number = String(index + 1)
        return "  " + String(repeating: " ", count: width - number.count) + number + "  "
          + row.name.terminalSafe + " · " + String(byteCount: row.size)
          + (row.isReferenced ? "" : " · no longer referenced by the text")
      }
  }

  /// What changed between two states beyond their brief descriptions: the note's fields.
  static func describeChange(
    _ old: NoteDetailViewModel.State, _ new: NoteDetailViewModel.State
  ) -> String? {
    guard case .loaded(let before, let oldNotebook, _, let oldLinks) = old,
      case .loaded(let after, let newNotebook, _, let newLinks) = new
    else { return nil }
    var changes: [String] = []
    if before.isPinned != after.isPinned { changes.append(after.isPinned ? "pinned" : "unpinned") }
    if oldNotebook != newNotebook {
      changes.append("moved to \(newNotebook?.terminalSafe ?? "no notebook")")
    }
    if before.title != after.title { changes.append("retitled") }
    if before.body != after.body { changes.append("body changed") }
    if before.tags != after.tags { changes.append("tags changed") }
    if oldLinks.attachments != newLinks.attachments { changes.append("attachments changed") }
    if (oldLinks.links, oldLinks.unresolved, oldLinks.backlinks)
      != (newLinks.links, newLinks.unresolved, newLinks.backlinks)
    {
      changes.append("links changed")
    }
    if before.properties != after.properties { changes.append("properties changed") }
    return changes.isEmpty ? nil : changes.joined(separator: ", ")
  }

  /// The state in brief, for `state` and `trace on`.
  static func describe(_ state: NoteDetailViewModel.State) -> String {
    switch state {
    case .empty: return "empty"
    case .failed(let message): return "failed(\"\(message.terminalSafe)\")"
    case .loaded(_, _, let summary, let connections):
      let brief =
        switch summary {
        case .none: "none"
        case .summarizing: "summarizing"
        case .summarized: "summarized"
        case .failed(let message): "failed(\"\(message.terminalSafe)\")"
        }
      let links =
        connections.isEmpty
        ? ""
        : ", links: \(connections.links.count), unresolved: \(connections.unresolved.count), "
          + "backlinks: \(connections.backlinks.count)"
      return "loaded(summary: \(brief)\(links))"
    }
  }
}
