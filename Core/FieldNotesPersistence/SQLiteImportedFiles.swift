import FieldNotesModel
import Foundation

/// Where a SQLite store keeps the file each note was imported from
/// (``FieldNotesModel/ImportedFile``): a column of `notes`, and the same column in the trash,
/// so a note restored from the trash exports under its name again.
///
/// The column holds the record as JSON (`{"name":"10 note 2.md","title":"…","header":"…"}`),
/// or `NULL` for a note not imported from another tool's file, as every row was before the
/// column. The versions don't keep it: no edit changes it. A value another program wrote that
/// is no such record reads as none.
enum SQLiteImportedFiles {
  /// The columns, added where missing (SQLite has no `ADD COLUMN IF NOT EXISTS`, and the
  /// migration may run again on a store whose `user_version` went back).
  static let columns: [SQLiteSchema.AddedColumn] = [
    (table: "notes", column: "imported_file", type: "TEXT"),
    (table: "trashed_notes", column: "imported_file", type: "TEXT"),
  ]

  /// What the migration makes besides the columns: nothing, so a statement that does nothing.
  static let creation = "SELECT 1"

  /// The index of only the notes that keep a file (version 19), the notes a file name is
  /// looked for among.
  ///
  /// A file name (`NoteQuery.fileName`) is asked for each link naming no note at every drawing
  /// of its page, and read every note's row for the column. What the index holds is the pin,
  /// the smallest column: what matters is which rows it holds. A store missing it is given it
  /// again when it opens.
  static let keptFilesIndex = """
    CREATE INDEX IF NOT EXISTS notes_keeping_files ON notes (is_pinned)
      WHERE imported_file IS NOT NULL;
    """

  /// The name of the index ``keptFilesIndex`` makes.
  static let keptFilesIndexName = "notes_keeping_files"

  /// Adds the columns a store doesn't have yet.
  static func addColumns(to connection: SQLiteConnection) throws(SQLiteError) {
    for column in columns { try SQLiteSchema.addColumnIfMissing(column, to: connection) }
  }

  /// A note's file as the column holds it.
  ///
  /// - Parameter file: The record, or `nil`.
  /// - Returns: The JSON text, or `nil` for none.
  static func encode(_ file: ImportedFile?) -> String? {
    guard let file else { return nil }
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.withoutEscapingSlashes, .sortedKeys]
    return (try? encoder.encode(file)).map { String(decoding: $0, as: UTF8.self) }
  }

  /// A note's file read from the column.
  ///
  /// - Parameter text: The column's text.
  /// - Returns: The record; none for text that is no record.
  static func decode(_ text: String) -> ImportedFile? {
    try? JSONDecoder().decode(ImportedFile.self, from: Data(text.utf8))
  }
}
