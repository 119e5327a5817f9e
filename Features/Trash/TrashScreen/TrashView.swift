import FieldNotesModel
import FieldNotesQuery
import FieldNotesTerminal
import Foundation
import TrashFeature

/// What the trash screen draws: a function of its view model's state.
@MainActor
enum TrashView {
  /// The trashed notes, one row each, or the question whether to empty the trash.
  static func render(_ state: TrashViewModel.State, now: Date, timeZone: TimeZone) -> [String] {
    switch state {
    case .loaded(let trashed):
      let width = String(trashed.count).count
      // Each note's id, as short as tells it from the others here: `fieldnotes restore ID`.
      let ids = NoteIDPrefix.distinguishing(trashed.map(\.id)).map(\.description)
      let idWidth = ids.map(\.count).max() ?? 0
      return ["Trash \u{00B7} \(String(count: trashed.count, noun: "note")), deleted last first"]
        + trashed.enumerated().map { offset, item in
          let number = String(offset + 1)
          return "  " + String(repeating: " ", count: width - number.count) + number + "  "
            + ids[offset].padding(toLength: idWidth, withPad: " ", startingAt: 0) + "  "
            + row(item, now: now, timeZone: timeZone)
        }
    case .showing(let item, let attachments):
      return note(item, now: now, timeZone: timeZone) + files(attachments)
        + ["", "`back` returns to the trash."]
    case .confirmingEmpty(let trashed):
      return [
        "Empty the trash? \(String(count: trashed.count, noun: "note")) will be deleted for "
          + "good, with \(trashed.count == 1 ? "its" : "their") versions and the files kept "
          + "with \(trashed.count == 1 ? "it" : "them").",
        "Type `yes` to empty it, or `no` to keep them.",
      ]
    case .empty:
      return [
        "Trash \u{00B7} empty",
        "  A note you delete comes here; `restore N` puts it back where it was.",
      ]
    case .failed(let message):
      return [
        "Trash \u{00B7} \(message.terminalSafe)",
        "  `list` reads it again; `back` leaves.",
      ]
    }
  }

  /// One trashed note: its title, when it was deleted, and from where.
  static func row(_ item: TrashedNote, now: Date, timeZone: TimeZone) -> String {
    let title = item.note.title.isEmpty ? "(untitled)" : item.note.title.terminalSafe
    return title + " \u{00B7} deleted "
      + item.trashedAt.relativeDescription(to: now, timeZone: timeZone) + " \u{00B7} from "
      + (item.notebookName.map { "\u{201C}\($0.terminalSafe)\u{201D}" } ?? "no notebook")
  }

  /// A trashed note in full, for `open N`: its title, then where it was, its tags and when
  /// it was deleted (as a note's page says its facts), then its text.
  static func note(_ item: TrashedNote, now: Date, timeZone: TimeZone) -> [String] {
    var facts = [
      "from " + (item.notebookName.map { "\u{201C}\($0.terminalSafe)\u{201D}" } ?? "no notebook")
    ]
    if !item.note.tags.isEmpty {
      facts.append(TagRules.hashtags(item.note.tags).terminalSafe)
    }
    facts.append("deleted " + item.trashedAt.relativeDescription(to: now, timeZone: timeZone))
    let title = item.note.title.isEmpty ? "(untitled)" : item.note.title.terminalSafe
    return [title, facts.joined(separator: " \u{00B7} "), ""]
      + (item.note.body.isEmpty ? ["(no text)"] : item.note.body.terminalLines)
  }

  /// The files kept with a trashed note, each with its size: they come back with it.
  static func files(_ attachments: [NoteAttachment.Entry]) -> [String] {
    guard !attachments.isEmpty else { return [] }
    return ["", "Attachments (`restore N` brings them back with the note):"]
      + attachments.map {
        "  \($0.name.terminalSafe) \u{00B7} \(String(byteCount: $0.size))"
      }
  }

  /// The state in brief, for `state` and `trace on`.
  static func describe(_ state: TrashViewModel.State) -> String {
    switch state {
    case .loaded(let trashed): "loaded(\(String(count: trashed.count, noun: "note")))"
    case .confirmingEmpty(let trashed):
      "confirmingEmpty(\(String(count: trashed.count, noun: "note")))"
    case .showing(let item, _): "showing(\u{201C}\(item.note.title.terminalSafe)\u{201D})"
    case .empty: "empty"
    case .failed(let message): "failed(\"\(message.terminalSafe)\")"
    }
  }
}
