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
    statement.bind(id.uuidString, at: 1)
    statement.bind(attachment.name, at: 2)
    statement.bind(blob: [UInt8](attachment.bytes), at: 3)
    try statement.run()
  }

  /// A note's attachments, by name.
  static func attachments(of id: Note.ID, in connection: SQLiteConnection) throws(SQLiteError)
    -> [NoteAttachment]
  {
    let statement = try connection.cached(
      "SELECT name, bytes FROM note_attachments WHERE note_id = ?1 ORDER BY name")
    statement.bind(id.uuidString, at: 1)
    defer { statement.reset() }
    var attachments: [NoteAttachment] = []
    while try statement.step() {
      attachments.append(NoteAttachment(name: statement.text(at: 0), bytes: statement.blob(at: 1)))
    }
    return attachments
  }

  /// Deletes a purged note's attachments.
  static func purge(_ id: Note.ID, in connection: SQLiteConnection) throws(SQLiteError) {
    let statement = try connection.cached("DELETE FROM note_attachments WHERE note_id = ?1")
    statement.bind(id.uuidString, at: 1)
    try statement.run()
  }
}
