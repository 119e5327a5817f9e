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
  /// As in text, the rows are those the list holds (the first 200, and more after `more`),
  /// and after `more` the rows drawn before are not printed again, so the output of `list`,
  /// `more`, `more` … is each note once.
  ///
  /// - Parameters:
  ///   - title: The list's title.
  ///   - records: The records of the rows, in order, each with its short id, which Markdown
  ///     shows (JSON has the whole id).
  ///   - settings: The list's settings, which say which rows were drawn before.
  ///   - format: A script's format.
  /// - Returns: The lines.
  static func recordLines(
    title: String, records: [(NoteRecord, NoteIDPrefix)], settings: NoteListSettings,
    format: OutputFormat
  ) -> [String] {
    let above = rowsDrawnAbove(records.map(\.0.id), settings: settings)
    let shown = records.dropFirst(above)
    guard format == .markdown else { return format.lines(ofJSONObjects: shown.map(\.0.json)) }
    var lines = above > 0 ? [] : ["# \(title.terminalSafe)"]
    if records.isEmpty { lines += ["", "*No notes.*"] }
    for (record, shortID) in shown {
      lines += [""] + record.markdown(headingLevel: 2, shortID: "\(shortID)").map(\.terminalSafe)
    }
    return lines
  }
}
