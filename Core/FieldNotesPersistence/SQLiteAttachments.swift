import CSQLite
import FieldNotesModel
import Foundation

/// The files kept with notes (``FieldNotesModel/NoteAttachment``): one row per note and name,
/// its bytes a blob, kept through edits, the trash and a restore, deleted only with the note
/// when it is purged (``purge(_:in:)``, called by `SQLiteRecovery.purge`).
///
/// A row is keyed by its note's identifier, never by the note's row, so trashing a note (which
/// deletes its row) leaves its attachments where a restore finds them.
enum SQLiteAttachments {
  /// What the schema's migration for attachments makes; it may run again, so it makes only
  /// what is missing.
  static let creation = """
    CREATE TABLE IF NOT EXISTS note_attachments (
      note_id TEXT NOT NULL,
      name TEXT NOT NULL,
      bytes BLOB NOT NULL,
      PRIMARY KEY (note_id, name)
    ) WITHOUT ROWID;
    """

  /// Keeps a file with a note, unless it keeps one of that name already.
  static func save(
    _ attachment: NoteAttachment, forNote id: Note.ID, in connection: SQLiteConnection
  ) throws(SQLiteError) {
    let statement = try connection.cached(
      "INSERT OR IGNORE INTO note_attachments (note_id, name, bytes) VALUES (?1, ?2, ?3)")
    statement.bind(id, at: 1)
    statement.bind(attachment.name, at: 2)
    statement.bind(blob: attachment.bytes, at: 3)
    try statement.run()
  }

  /// A note's attachments' names and sizes, by name; SQLite reads no blob to size it.
  static func attachments(of id: Note.ID, in connection: SQLiteConnection) throws(SQLiteError)
    -> [NoteAttachment.Entry]
  {
    let statement = try connection.cached(
      "SELECT name, length(bytes) FROM note_attachments WHERE note_id = ?1 ORDER BY name")
    statement.bind(id, at: 1)
    defer { statement.reset() }
    var entries: [NoteAttachment.Entry] = []
    while try statement.step() {
      entries.append(NoteAttachment.Entry(name: statement.text(at: 0), size: statement.int(at: 1)))
    }
    return entries
  }

  /// One of a note's attachments, bytes and all; `nil` when it keeps none of that name.
  static func attachment(named name: String, of id: Note.ID, in connection: SQLiteConnection)
    throws(SQLiteError) -> NoteAttachment?
  {
    let statement = try connection.cached(
      "SELECT bytes FROM note_attachments WHERE note_id = ?1 AND name = ?2")
    statement.bind(id, at: 1)
    statement.bind(name, at: 2)
    defer { statement.reset() }
    guard try statement.step() else { return nil }
    return NoteAttachment(name: name, bytes: statement.blob(at: 0))
  }

  /// Deletes a purged note's attachments.
  static func purge(_ id: Note.ID, in connection: SQLiteConnection) throws(SQLiteError) {
    let statement = try connection.cached("DELETE FROM note_attachments WHERE note_id = ?1")
    statement.bind(id, at: 1)
    try statement.run()
  }
}
