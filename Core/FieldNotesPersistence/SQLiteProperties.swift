import FieldNotesModel
import Foundation

/// Where a SQLite store keeps each note's properties (``FieldNotesModel/NoteProperty``): a
/// column of `notes`, and the same column in the versions and the trash, so that a property an
/// edit removed is kept in the version it replaced, as the body's text is.
///
/// The column holds a JSON list of `[key, value]` pairs, each value as written (`[]` for none,
/// what every row had before the column): `[["status"," draft"],["aliases"," [a, b]"]]`. A
/// search reads it with `json_each` (``SQLiteQueries``). A value another program wrote that is
/// no such list reads as no properties; the next save writes the note's, and the version it
/// replaces keeps what was there.
enum SQLiteProperties {
  /// The columns, added where missing (SQLite has no `ADD COLUMN IF NOT EXISTS`, and the
  /// migration may run again on a store whose `user_version` went back).
  static let columns: [SQLiteSchema.AddedColumn] = [
    (table: "notes", column: "properties", type: "TEXT NOT NULL DEFAULT '[]'"),
    (table: "note_versions", column: "properties", type: "TEXT"),
    (table: "trashed_notes", column: "properties", type: "TEXT"),
  ]

  /// What the migration makes besides the columns: the triggers of the versions (those of
  /// ``SQLiteRecovery/creation`` and ``SQLiteRecovery/trashedTextKept``) made again, so that
  /// a change of the properties alone keeps a version, and every version keeps them.
  static let creation = """
    DROP TRIGGER IF EXISTS note_versions_keep;
    CREATE TRIGGER note_versions_keep
      AFTER UPDATE OF title, body, tags, notebook_id, properties ON notes
      WHEN old.title IS NOT new.title OR old.body IS NOT new.body OR old.tags IS NOT new.tags
        OR old.notebook_id IS NOT new.notebook_id OR old.properties IS NOT new.properties
    BEGIN
      INSERT INTO note_versions (note_id, number, title, body, tags, notebook_id, saved_at,
          replaced_at, properties)
        VALUES (old.id,
          coalesce((SELECT max(number) FROM note_versions WHERE note_id = old.id), 0) + 1,
          old.title, old.body, old.tags, old.notebook_id, old.updated_at, new.updated_at,
          old.properties);
    END;
    DROP TRIGGER IF EXISTS \(SQLiteRecovery.trashLeavesAVersion);
    CREATE TRIGGER \(SQLiteRecovery.trashLeavesAVersion) AFTER INSERT ON notes BEGIN
      \(trashedTextKept(from: "trashed_notes AS trashed", where: "trashed.id = new.id"))
      DELETE FROM trashed_notes WHERE id = new.id;
    END;
    """

  /// The statement that keeps, as a version, the text a trashed note had when a note of its
  /// identifier is saved with other text (`new`, a row of `notes`): what the trigger does for
  /// one new row, and an import for all its new rows at once (``SQLiteBulkInsert``), so the two
  /// are one text.
  ///
  /// - Parameters:
  ///   - source: The rows read, naming the trashed note `trashed` and the new row `new`.
  ///   - condition: Which of them.
  /// - Returns: The `INSERT`, ending with its semicolon.
  static func trashedTextKept(from source: String, where condition: String) -> String {
    """
    INSERT INTO note_versions (note_id, number, title, body, tags, notebook_id, saved_at,
        replaced_at, properties)
      SELECT trashed.id,
        coalesce((SELECT max(number) FROM note_versions WHERE note_id = trashed.id), 0) + 1,
        trashed.title, trashed.body, trashed.tags, trashed.notebook_id, trashed.updated_at,
        new.updated_at, trashed.properties
      FROM \(source)
      WHERE \(condition)
        AND (trashed.title IS NOT new.title OR trashed.body IS NOT new.body
          OR trashed.tags IS NOT new.tags OR trashed.notebook_id IS NOT new.notebook_id
          OR coalesce(trashed.properties, '[]') IS NOT new.properties);
    """
  }

  /// Adds the columns a store doesn't have yet.
  static func addColumns(to connection: SQLiteConnection) throws(SQLiteError) {
    for column in columns { try SQLiteSchema.addColumnIfMissing(column, to: connection) }
  }

  /// A note's properties as the column holds them.
  ///
  /// - Parameter properties: The properties.
  /// - Returns: `[]` for none, else the JSON list of pairs.
  static func encode(_ properties: [NoteProperty]) -> String {
    let pairs = properties.map { [$0.key, $0.rawValue] }
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.withoutEscapingSlashes]
    guard !pairs.isEmpty, let data = try? encoder.encode(pairs) else { return "[]" }
    return String(decoding: data, as: UTF8.self)
  }

  /// A note's properties read from the column.
  ///
  /// - Parameter text: The column's text.
  /// - Returns: The properties; none for `[]`, or for text that is no list of pairs.
  static func decode(_ text: String) -> [NoteProperty] {
    guard text != "[]", !text.isEmpty,
      let pairs = try? JSONDecoder().decode([[String]].self, from: Data(text.utf8))
    else { return [] }
    return pairs.compactMap { $0.count == 2 ? NoteProperty(key: $0[0], rawValue: $0[1]) : nil }
  }
}
