import CSQLite
import FieldNotesModel
import FieldNotesServices
import Foundation

/// The versions and the trash of a SQLite store: what keeps every saved text.
///
/// Versions are kept by a trigger, so every write of a note's row — FieldNotes' own saves,
/// moves, retags, imports and sync merges, or another tool's — keeps the text it replaces, in
/// the same transaction. A note leaves `notes` only through the trash (``trash(_:at:in:)``),
/// and leaves the trash when it is saved again (a trigger, which keeps the trashed text as a
/// version when the note comes back with other text) or purged. The rules are those of
/// `FieldNotesServices.NoteRecovery`, which the stores in memory follow.
enum SQLiteRecovery {
  /// What version 8 makes: the versions, the trash, and the triggers that keep them; and, for
  /// a conflict copy, the note it conflicts with (`notes.conflict_of`, added before this runs:
  /// ``addedColumns``), indexed so the conflicts are found without reading every note.
  ///
  /// The version tables have no `NOT NULL` columns: a row another tool damaged is still kept
  /// as it was when it is written over, never refused.
  static let creation = """
    CREATE TABLE IF NOT EXISTS note_versions (
      note_id TEXT,
      number INTEGER,
      title TEXT,
      body TEXT,
      tags TEXT,
      notebook_id TEXT,
      saved_at REAL,
      replaced_at REAL
    );
    CREATE INDEX IF NOT EXISTS note_versions_by_note ON note_versions (note_id, number);
    DROP TRIGGER IF EXISTS note_versions_keep;
    CREATE TRIGGER note_versions_keep
      AFTER UPDATE OF title, body, tags, notebook_id ON notes
      WHEN old.title IS NOT new.title OR old.body IS NOT new.body OR old.tags IS NOT new.tags
        OR old.notebook_id IS NOT new.notebook_id
    BEGIN
      INSERT INTO note_versions (note_id, number, title, body, tags, notebook_id, saved_at,
          replaced_at)
        VALUES (old.id,
          coalesce((SELECT max(number) FROM note_versions WHERE note_id = old.id), 0) + 1,
          old.title, old.body, old.tags, old.notebook_id, old.updated_at, new.updated_at);
    END;
    CREATE TABLE IF NOT EXISTS trashed_notes (
      id TEXT PRIMARY KEY NOT NULL,
      title TEXT,
      body TEXT,
      created_at REAL,
      updated_at REAL,
      notebook_id TEXT,
      tags TEXT,
      is_pinned INTEGER,
      conflict_of TEXT,
      trashed_at REAL NOT NULL,
      notebook_name TEXT
    );
    CREATE INDEX IF NOT EXISTS notes_conflicts ON notes (conflict_of)
      WHERE conflict_of IS NOT NULL;
    DROP TRIGGER IF EXISTS trashed_notes_saved_again;
    CREATE TRIGGER trashed_notes_saved_again AFTER INSERT ON notes BEGIN
      DELETE FROM trashed_notes WHERE id = new.id;
    END;
    """

  /// What version 9 makes: a trash trigger that keeps the trashed text as a version.
  ///
  /// A note saved again while in the trash (a sync bringing it back, an import, an undo) keeps
  /// the trashed text as its next version when it comes back with other text, before it leaves
  /// the trash. Version 8's trigger only took it out of the trash, so a
  /// text written and then deleted here was lost when another machine's edit of it came back.
  static let trashedTextKept = """
    DROP TRIGGER IF EXISTS trashed_notes_saved_again;
    DROP TRIGGER IF EXISTS \(trashLeavesAVersion);
    CREATE TRIGGER \(trashLeavesAVersion) AFTER INSERT ON notes BEGIN
      INSERT INTO note_versions (note_id, number, title, body, tags, notebook_id, saved_at,
          replaced_at)
        SELECT trashed.id,
          coalesce((SELECT max(number) FROM note_versions WHERE note_id = trashed.id), 0) + 1,
          trashed.title, trashed.body, trashed.tags, trashed.notebook_id, trashed.updated_at,
          new.updated_at
        FROM trashed_notes AS trashed
        WHERE trashed.id = new.id
          AND (trashed.title IS NOT new.title OR trashed.body IS NOT new.body
            OR trashed.tags IS NOT new.tags OR trashed.notebook_id IS NOT new.notebook_id);
      DELETE FROM trashed_notes WHERE id = new.id;
    END;
    """

  /// The trigger version 9 makes, which a store one version older doesn't have.
  static let trashLeavesAVersion = "trashed_notes_leave_a_version"

  /// The column version 8 adds to `notes`, as `ALTER TABLE` adds it: only where it is missing,
  /// since SQLite has no `ADD COLUMN IF NOT EXISTS` and the migration may run again on a store
  /// whose `user_version` went back.
  static let addedColumns = [(table: "notes", column: "conflict_of", type: "TEXT")]

  /// Adds the columns of ``addedColumns`` a store doesn't have yet.
  static func addMissingColumns(to connection: SQLiteConnection) throws(SQLiteError) {
    for added in addedColumns { try SQLiteSchema.addColumnIfMissing(added, to: connection) }
  }

  /// Copies a saved note's row into the trash (nothing for a note not saved); the caller then
  /// deletes it from `notes`, in the same transaction.
  static func trash(_ id: Note.ID, at date: Date, in connection: SQLiteConnection)
    throws(SQLiteError)
  {
    let statement = try connection.cached(
      """
      INSERT OR REPLACE INTO trashed_notes (id, title, body, created_at, updated_at, notebook_id,
          tags, is_pinned, conflict_of, properties, imported_file, trashed_at, notebook_name)
        SELECT id, title, body, created_at, updated_at, notebook_id, tags, is_pinned, conflict_of,
          properties, imported_file, ?2,
          (SELECT name FROM notebooks WHERE notebooks.id = notes.notebook_id)
        FROM notes WHERE id = ?1
      """)
    statement.bind(id, at: 1)
    statement.bind(date.timeIntervalSinceReferenceDate, at: 2)
    try statement.run()
  }

  /// Whether a note is in the trash and not among the notes: what a restore requires.
  static func isOnlyTrashed(_ id: Note.ID, in connection: SQLiteConnection) throws(SQLiteError)
    -> Bool
  {
    let statement = try connection.cached(
      """
      SELECT 1 FROM trashed_notes WHERE id = ?1
        AND NOT EXISTS (SELECT 1 FROM notes WHERE notes.id = ?1)
      """)
    statement.bind(id, at: 1)
    defer { statement.reset() }
    return try statement.step()
  }

  /// Deletes a trashed note for good, with its versions, when its trash entry is the one asked
  /// about (deleted and last changed at the same dates); nothing for a note not in the trash, or
  /// deleted again since.
  static func purge(_ asked: TrashedNote, in connection: SQLiteConnection) throws(SQLiteError) {
    let id = asked.id
    guard try isOnlyTrashed(id, in: connection) else { return }
    let entry = try connection.cached(
      "SELECT trashed_at, updated_at FROM trashed_notes WHERE id = ?1")
    entry.bind(id, at: 1)
    let isTheOneAsked =
      try entry.step() && entry.double(at: 0) == asked.trashedAt.timeIntervalSinceReferenceDate
      && entry.double(at: 1) == asked.note.updatedAt.timeIntervalSinceReferenceDate
    entry.reset()
    guard isTheOneAsked else { return }
    for sql in [
      "DELETE FROM note_versions WHERE note_id = ?1", "DELETE FROM trashed_notes WHERE id = ?1",
    ] {
      let statement = try connection.cached(sql)
      statement.bind(id, at: 1)
      try statement.run()
    }
    try SQLiteAttachments.purge(id, in: connection)
  }

  /// A note's versions, oldest first; a row that can't be read is left out, and so is a
  /// version kept as a script that doesn't rebuild its text (see `SQLiteVersionDeltas`).
  ///
  /// The rows are read newest first, so each script is applied to the text just rebuilt.
  static func versions(of id: Note.ID, in connection: SQLiteConnection) throws(SQLiteError)
    -> [NoteVersion]
  {
    let statement = try connection.cached(
      """
      SELECT v.number, v.title, v.tags, v.notebook_id, v.saved_at, v.replaced_at,
        \(SQLiteVersionDeltas.bodyColumns), v.properties
      FROM \(SQLiteVersionDeltas.bodyJoin) WHERE v.note_id = ?1 ORDER BY v.number DESC
      """)
    statement.bind(id, at: 1)
    defer { statement.reset() }
    var versions: [NoteVersion] = []
    var next: (number: Int, body: [UInt8]?)?
    while try statement.step() {
      let body = SQLiteVersionDeltas.body(from: statement, at: 6, after: next)
      next = (statement.int(at: 0), body)
      guard let body, let tags = statement.withBytes(at: 2, TagsText.decode),
        statement.isNumber(at: 0), statement.isNumber(at: 4), statement.isNumber(at: 5)
      else { continue }
      versions.append(
        NoteVersion(
          number: statement.int(at: 0), noteID: id, title: statement.text(at: 1),
          body: String(decoding: body, as: UTF8.self), tags: tags,
          notebookID: statement.isNull(at: 3) ? nil : statement.uuid(at: 3),
          savedAt: Date(timeIntervalSinceReferenceDate: statement.double(at: 4)),
          replacedAt: Date(timeIntervalSinceReferenceDate: statement.double(at: 5)),
          properties: statement.isNull(at: 11)
            ? [] : SQLiteProperties.decode(statement.text(at: 11))))
    }
    return Array(versions.reversed())
  }

  /// One version of a note, its body rebuilt alone (see `SQLiteVersionDeltas`); `nil` when
  /// there is none of that number, or it can't be read.
  static func version(_ number: Int, of id: Note.ID, in connection: SQLiteConnection)
    throws(SQLiteError) -> NoteVersion?
  {
    let statement = try connection.cached(
      """
      SELECT title, tags, notebook_id, saved_at, replaced_at, properties
      FROM note_versions WHERE note_id = ?1 AND number = ?2
      """)
    statement.bind(id, at: 1)
    statement.bind(number, at: 2)
    defer { statement.reset() }
    guard try statement.step(), let tags = statement.withBytes(at: 1, TagsText.decode),
      statement.isNumber(at: 3), statement.isNumber(at: 4),
      let body = try SQLiteVersionDeltas.body(of: id.uuidString, number: number, in: connection)
    else { return nil }
    return NoteVersion(
      number: number, noteID: id, title: statement.text(at: 0),
      body: String(decoding: body, as: UTF8.self), tags: tags,
      notebookID: statement.isNull(at: 2) ? nil : statement.uuid(at: 2),
      savedAt: Date(timeIntervalSinceReferenceDate: statement.double(at: 3)),
      replacedAt: Date(timeIntervalSinceReferenceDate: statement.double(at: 4)),
      properties: statement.isNull(at: 5) ? [] : SQLiteProperties.decode(statement.text(at: 5)))
  }

  /// The conflict copies among the notes, oldest first.
  static func conflictCopies(in connection: SQLiteConnection) throws(SQLiteError) -> [Note] {
    let statement = try connection.cached(
      "SELECT \(SQLiteRows.noteColumns) FROM notes WHERE conflict_of IS NOT NULL")
    defer { statement.reset() }
    var copies: [Note] = []
    var unreadable: [UnreadableNote] = []
    while try statement.step() {
      if let note = SQLiteRows.note(from: statement, unreadable: &unreadable),
        note.conflictOf != nil
      {
        copies.append(note)
      }
    }
    return SQLiteRows.oldestFirst(copies)
  }

  /// The trashed notes, deleted last first; a row that can't be read as a note is left out.
  static func trashedNotes(in connection: SQLiteConnection) throws(SQLiteError) -> [TrashedNote] {
    let statement = try connection.cached(
      """
      SELECT id, title, body, created_at, updated_at, notebook_id, tags, is_pinned, conflict_of,
        properties, imported_file, trashed_at, notebook_name
      FROM trashed_notes ORDER BY trashed_at DESC, rowid DESC
      """)
    defer { statement.reset() }
    var trashed: [TrashedNote] = []
    var unreadable: [UnreadableNote] = []
    while try statement.step() {
      guard let note = SQLiteRows.note(from: statement, unreadable: &unreadable) else { continue }
      trashed.append(
        TrashedNote(
          note: note, trashedAt: Date(timeIntervalSinceReferenceDate: statement.double(at: 11)),
          notebookName: statement.isNull(at: 12) ? nil : statement.text(at: 12)))
    }
    return trashed
  }
}
