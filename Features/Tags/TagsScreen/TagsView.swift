import FieldNotesFormats
import FieldNotesModel
import FieldNotesTerminal
import TagsFeature

/// The tags screen: a function of ``TagsFeature/TagsViewModel``'s state (and of the output
/// format: the tags as text, as `{"tag": …, "count": …}` records, or as a Markdown list).
@MainActor
enum TagsView {
  static func render(_ state: TagsViewModel.State, format: OutputFormat = .text) -> [String] {
    switch state {
    case .empty where format == .markdown:
      return ["# Tags", "", "*No tags yet.*"]
    case .loaded(let rows) where format == .markdown:
      return ["# Tags", ""]
        + rows.map { "- #\($0.name.terminalSafe) (\(String(count: $0.noteCount, noun: "note")))" }
    case .empty where format != .text:
      return format.lines(ofJSONObjects: [])
    case .loaded(let rows) where format != .text:
      return format.lines(
        ofJSONObjects: rows.map { TagRecord(tag: $0.name, count: $0.noteCount).json })
    case .empty:
      return ["Tags · none yet", "  Tag a note in the composer: tags birds, lake"]
    case .loaded(let rows):
      let width = rows.map { $0.name.count + 1 }.max() ?? 0
      return ["Tags"]
        + rows.enumerated().map { index, row in
          let number = String(index + 1)
          let padding = String(repeating: " ", count: max(0, 3 - number.count))
          let gap = String(repeating: " ", count: max(1, width - row.name.count - 1 + 2))
          return "\(padding)\(number)  #\(row.name.terminalSafe)\(gap)"
            + String(count: row.noteCount, noun: "note")
        }
    case .failed(let message):
      return ["Tags · \(message.terminalSafe)", "  `list` reads them again."]
    case .confirming(let request) where request.writtenInText.isEmpty:
      return [
        "Remove #\(request.tag.terminalSafe) from "
          + "\(String(count: request.noteCount, noun: "note"))? The notes stay.",
        "  yes  remove the tag from every note (`undo` puts it back)",
        "  no   keep it",
      ]
    case .confirming(let request):
      let kept = request.writtenInText.count
      return [
        "Remove #\(request.tag.terminalSafe) from "
          + "\(String(count: request.noteCount - kept, noun: "note"))? The notes stay.",
        "  \(String(count: kept, noun: "note")) "
          + (kept == 1 ? "writes it in its text and keeps" : "write it in their text and keep")
          + " it: "
          + TagsError.quoted(request.writtenInText.map(\.terminalSafe)) + ".",
        "  yes  remove the tag from the others (`undo` puts it back)",
        "  no   keep it",
      ]
    }
  }

  /// What changed between two states beyond what their brief descriptions say: the tags whose
  /// counts moved.
  static func describeChange(_ old: TagsViewModel.State, _ new: TagsViewModel.State) -> String? {
    guard case .loaded(let before) = old, case .loaded(let after) = new else { return nil }
    let oldCounts = Dictionary(before.map { ($0.name, $0.noteCount) }) { first, _ in first }
    let newCounts = Dictionary(after.map { ($0.name, $0.noteCount) }) { first, _ in first }
    let moved = Set(oldCounts.keys).union(newCounts.keys).sorted().compactMap { name -> String? in
      let (was, now) = (oldCounts[name] ?? 0, newCounts[name] ?? 0)
      return was == now ? nil : "#\(name.terminalSafe) \(was) → \(now)"
    }
    return moved.isEmpty ? nil : moved.joined(separator: ", ")
  }

  /// The state in brief, for `state` and `trace on`.
  static func describe(_ state: TagsViewModel.State) -> String {
    switch state {
    case .empty: "empty"
    case .failed(let message): "failed(\"\(message.terminalSafe)\")"
    case .loaded(let rows): "loaded(\(String(count: rows.count, noun: "tag")))"
    case .confirming(let request):
      "confirming(#\(request.tag.terminalSafe), \(String(count: request.noteCount, noun: "note")))"
    }
  }
}
