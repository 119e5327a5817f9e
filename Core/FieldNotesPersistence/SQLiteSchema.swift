/// The FieldNotes database schema and the migrations that build it, one per `user_version`.
///
/// To change the schema, append a migration: `migrations[0]` takes an empty database to
/// version 1, `migrations[1]` would take version 1 to 2, and so on. A store's `user_version`
/// says how many have run. Never change what a shipped migration makes.
///
/// A migration may run on a store that already has its tables: one whose `user_version` was set
/// back (by a tool, or by hand) is migrated again from there. So every migration makes only what
/// is missing (`IF NOT EXISTS`), and a store migrated again keeps every note; its search index,
/// which an earlier FieldNotes may have left behind the notes, is rebuilt
/// (``SQLiteNoteRepository`` does that after the migrations).
enum SQLiteSchema {
  /// Marks a database as a FieldNotes store (`PRAGMA application_id`; the bytes "FNOT").
  static let applicationID = 0x464E_4F54

  /// The schema version this build writes.
  static var currentVersion: Int { migrations.count }

  static let migrations: [String] = [
    // Version 1. Dates are seconds since 2001-01-01 UTC (Foundation's reference date), stored
    // as REAL so that a `Date` survives the round trip exactly. Tags are a JSON array of strings.
    """
    CREATE TABLE IF NOT EXISTS notebooks (
      id TEXT PRIMARY KEY NOT NULL,
      name TEXT NOT NULL,
      symbol_name TEXT NOT NULL
    );
    CREATE TABLE IF NOT EXISTS notes (
      id TEXT PRIMARY KEY NOT NULL,
      title TEXT NOT NULL,
      body TEXT NOT NULL,
      created_at REAL NOT NULL,
      updated_at REAL NOT NULL,
      notebook_id TEXT,
      tags TEXT NOT NULL DEFAULT '[]',
      is_pinned INTEGER NOT NULL DEFAULT 0
    );
    CREATE INDEX IF NOT EXISTS notes_by_notebook ON notes (notebook_id);
    """,
    // Version 2. The unsaved text of a note being written when FieldNotes had to stop, one per
    // note (`note_key` is the note's identifier, or "new" for a new note).
    """
    CREATE TABLE IF NOT EXISTS drafts (
      note_key TEXT PRIMARY KEY NOT NULL,
      notebook_id TEXT,
      title TEXT NOT NULL,
      body TEXT NOT NULL,
      tags TEXT NOT NULL DEFAULT '[]',
      kept_at REAL NOT NULL
    );
    """,
    // Version 3. The search index (see `SQLiteSearchIndex`), filled from the notes after the
    // migrations. And every column a list needs but the body, in creation order: loading a
    // large store reads this index instead of the table, whose rows hold the bodies.
    SQLiteSearchIndex.creation
      + """
      CREATE INDEX IF NOT EXISTS notes_listing
        ON notes (created_at, id, title, updated_at, notebook_id, tags, is_pinned);
      """,
    // Version 4. Drafts kept per session and note, so two sessions never write over each
    // other's (version 2 kept one per note). The drafts kept so far move over, as kept by a
    // session of their own whose start is unknown (its time is the draft's). The old table is
    // made again first where it is missing, so the migration can run again on a store whose
    // `user_version` went back.
    """
    CREATE TABLE IF NOT EXISTS drafts (
      note_key TEXT PRIMARY KEY NOT NULL, notebook_id TEXT, title TEXT NOT NULL,
      body TEXT NOT NULL, tags TEXT NOT NULL DEFAULT '[]', kept_at REAL NOT NULL
    );
    CREATE TABLE IF NOT EXISTS session_drafts (
      note_key TEXT NOT NULL,
      session_id TEXT NOT NULL,
      session_started_at REAL NOT NULL,
      session_terminal TEXT,
      notebook_id TEXT,
      title TEXT NOT NULL,
      body TEXT NOT NULL,
      tags TEXT NOT NULL DEFAULT '[]',
      kept_at REAL NOT NULL,
      PRIMARY KEY (note_key, session_id)
    );
    INSERT OR IGNORE INTO session_drafts (note_key, session_id, session_started_at,
        session_terminal, notebook_id, title, body, tags, kept_at)
      SELECT note_key, '\(SQLiteSchema.earlierSession)', kept_at, NULL, notebook_id, title, body,
        tags, kept_at
      FROM drafts;
    DROP TABLE drafts;
    """,
    // Version 5. What the search index was built with (the version of `SearchFolding`) and
    // whether it can be trusted; an index without a row here is rebuilt. Before this version
    // the index had no record, so a store migrated to it gets its index rebuilt.
    SQLiteSearchIndex.stateCreation,
    // Version 6. A draft records the edit date of the note it was written from, so taking it
    // up later never saves it over an edit it never saw. The table is made anew with the
    // column and the drafts moved over (SQLite can't add a column only where it is missing, and
    // the migration may run again on a store whose `user_version` went back; a draft moved
    // twice loses only that date, and is then compared by when it was kept).
    """
    CREATE TABLE IF NOT EXISTS session_drafts_6 (
      note_key TEXT NOT NULL,
      session_id TEXT NOT NULL,
      session_started_at REAL NOT NULL,
      session_terminal TEXT,
      notebook_id TEXT,
      title TEXT NOT NULL,
      body TEXT NOT NULL,
      tags TEXT NOT NULL DEFAULT '[]',
      kept_at REAL NOT NULL,
      base_updated_at REAL,
      PRIMARY KEY (note_key, session_id)
    );
    INSERT OR IGNORE INTO session_drafts_6 (note_key, session_id, session_started_at,
        session_terminal, notebook_id, title, body, tags, kept_at)
      SELECT note_key, session_id, session_started_at, session_terminal, notebook_id, title, body,
        tags, kept_at
      FROM session_drafts;
    DROP TABLE session_drafts;
    ALTER TABLE session_drafts_6 RENAME TO session_drafts;
    """,
  ]

  /// The session identifier of the drafts kept before they were kept per session.
  static let earlierSession = "00000000-0000-0000-0000-000000000000"

  /// The version whose migration adds the search index.
  static let searchIndexVersion = 3
}
