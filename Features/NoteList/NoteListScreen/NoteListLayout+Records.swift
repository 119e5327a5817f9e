import FieldNotesFormats
import FieldNotesModel
import FieldNotesQuery
import FieldNotesTerminal

extension NoteListLayout {
  /// A list as a script's format prints it (`--format json`, `jsonl`, `markdown`), shared by
  /// the MV and MVVM forms: its notes' records and nothing else in JSON (no heading, filters,
  /// hints or sync line, so the output parses); in Markdown the list's title as a heading, then
  /// each note under its own.
  ///
  /// As in text, the rows are those the list shows (the first 200, the next after `more`), so
  /// the output of `list`, `more`, `more` … is each note once.
  ///
  /// - Parameters:
  ///   - title: The list's title.
  ///   - records: The records of the rows, in order, each with its short id, which Markdown
  ///     shows (JSON has the whole id).
  ///   - above: How many rows of the list are above these (after `more`).
  ///   - format: A script's format.
  /// - Returns: The lines.
  static func recordLines(
    title: String, records: [(NoteRecord, NoteIDPrefix)], above: Int, format: OutputFormat
  ) -> [String] {
    guard format == .markdown else { return format.lines(ofJSONObjects: records.map(\.0.json)) }
    var lines = above > 0 ? [] : ["# \(title.terminalSafe)"]
    if records.isEmpty { lines += ["", "*No notes.*"] }
    for (record, shortID) in records {
      lines += [""] + record.markdown(headingLevel: 2, shortID: "\(shortID)").map(\.terminalSafe)
    }
    return lines
  }
}
