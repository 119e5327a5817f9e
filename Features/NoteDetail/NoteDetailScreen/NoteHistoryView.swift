import FieldNotesModel
import FieldNotesTerminal
import Foundation
import NoteDetailFeature

/// What `history` and `diff` print on a note's page: functions of the view model's history
/// and comparisons.
@MainActor
enum NoteHistoryView {
  /// The versions, newest first: each one's number, when it was saved, and what the save that
  /// replaced it changed.
  static func history(
    _ entries: [NoteVersion.Entry], title: String, now: Date, timeZone: TimeZone
  ) -> [String] {
    let quoted = "\u{201C}\(title.terminalSafe)\u{201D}"
    guard !entries.isEmpty else {
      return ["\(quoted) has no earlier versions: it is as it was first saved."]
    }
    let count = String(count: entries.count, noun: "version")
    // As wide as the widest number, which a damaged store may make larger than the count.
    let width = entries.map { String($0.version.number).count }.max() ?? 1
    let dates = entries.map {
      "saved " + $0.version.savedAt.relativeDescription(to: now, timeZone: timeZone)
    }
    let dateWidth = dates.map(\.count).max() ?? 0
    return [
      "\(count) of \(quoted) kept, newest first (`diff N` compares, `restore N` brings back):"
    ]
      + zip(entries, dates).map { entry, date in
        let number = String(entry.version.number)
        return "  " + String(repeating: " ", count: max(0, width - number.count)) + number + "  "
          + date.padding(toLength: dateWidth, withPad: " ", startingAt: 0) + "  then "
          + describe(entry.changes)
      }
  }

  /// What changed, in a few words: "title, tags, body +2 −1".
  static func describe(_ changes: NoteChanges) -> String {
    var parts: [String] = []
    if changes.title { parts.append("title") }
    if changes.tags { parts.append("tags") }
    if changes.notebook { parts.append("notebook") }
    if changes.properties { parts.append("properties") }
    if changes.linesAdded > 0 || changes.linesRemoved > 0 {
      parts.append("body +\(changes.linesAdded) \u{2212}\(changes.linesRemoved)")
    }
    return parts.isEmpty ? "nothing shown here" : parts.joined(separator: ", ")
  }

  /// A version beside a later text: how the title, tags and notebook changed, then the body's
  /// unified diff.
  static func comparison(
    _ comparison: VersionComparison, notebookName: (Notebook.ID?) -> String?, now: Date,
    timeZone: TimeZone
  ) -> [String] {
    let earlier = comparison.earlier
    let later = comparison.laterText
    let saved = { (version: NoteVersion) in
      "version \(version.number), saved "
        + version.savedAt.relativeDescription(to: now, timeZone: timeZone)
    }
    let laterName = comparison.later.map(saved) ?? "now"
    var lines = ["--- \(saved(earlier))", "+++ \(laterName)"]
    if earlier.title != later.title {
      lines.append(
        "title: \u{201C}\(earlier.title.terminalSafe)\u{201D} \u{2192} "
          + "\u{201C}\(later.title.terminalSafe)\u{201D}")
    }
    if earlier.tags != later.tags {
      lines.append("tags: \(tags(earlier.tags)) \u{2192} \(tags(later.tags))")
    }
    if earlier.notebookID != later.notebookID {
      let names = [earlier.notebookID, later.notebookID].map { id in
        id == nil ? "No Notebook" : notebookName(id)?.terminalSafe ?? "a notebook since deleted"
      }
      lines.append("notebook: \(names[0]) \u{2192} \(names[1])")
    }
    lines += propertyChanges(from: earlier.properties, to: later.properties)
    lines += comparison.diff.unified().map(\.terminalSafe)
    if lines.count == 2 {
      lines.append("(the same text)")
    }
    return lines
  }

  /// A line for each key whose properties a later text added, changed or removed, in the
  /// order of the earlier text's and then the added ones: `status: draft → done`.
  private static func propertyChanges(
    from earlier: [NoteProperty], to later: [NoteProperty]
  ) -> [String] {
    guard earlier != later else { return [] }
    let value = { (properties: [NoteProperty]) -> String in
      properties.isEmpty ? "none" : properties.map(\.displayValue).joined(separator: "; ")
    }
    var keys: [String] = []
    for property in earlier + later where !keys.contains(property.key) {
      keys.append(property.key)
    }
    return keys.compactMap { key in
      let before = earlier.filter { $0.key == key }
      let after = later.filter { $0.key == key }
      guard before != after else { return nil }
      return "\(key): \(value(before)) \u{2192} \(value(after))".terminalSafe
    }
  }

  private static func tags(_ tags: [String]) -> String {
    tags.isEmpty ? "none" : TagRules.hashtags(tags).terminalSafe
  }
}
