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
    // Version 7. What lets the store answer a list from SQL instead of from every note in
    // memory (see `SQLiteQueries`): indexes for each kind of list, each by pin and then creation
    // order, so a page reads its rows from one end of an index; each note's tags, one row per
    // tag, for a tag's list; and the notes and pinned notes of each notebook ('' for no
    // notebook), so the notebooks screen counts without reading notes. A tag's rows are ordered
    // as its list is (pin, then date), so its page is read from one end of them too. Triggers keep the two
    // tables in step with `notes` through every write, FieldNotes' own or another tool's. The
    // listing index of version 3 (every column but the body, for loading every note) goes.
    // The tables are filled anew, so the migration can run again.
    """
    CREATE INDEX IF NOT EXISTS notes_by_pin ON notes (is_pinned, created_at, id);
    CREATE INDEX IF NOT EXISTS notes_in_notebook ON notes (notebook_id, is_pinned, created_at, id);
    CREATE INDEX IF NOT EXISTS notes_untagged ON notes (is_pinned, created_at, id)
      WHERE tags = '[]';
    CREATE INDEX IF NOT EXISTS notes_damaged ON notes (id) WHERE \(SQLiteSchema.damagedRow());
    DROP INDEX IF EXISTS notes_by_notebook;
    DROP INDEX IF EXISTS notes_listing;
    CREATE TABLE IF NOT EXISTS note_tags (
      tag TEXT NOT NULL,
      is_pinned INTEGER NOT NULL,
      created_at REAL NOT NULL,
      note_id TEXT NOT NULL,
      PRIMARY KEY (tag, is_pinned, created_at, note_id)
    ) WITHOUT ROWID;
    CREATE INDEX IF NOT EXISTS note_tags_by_note ON note_tags (note_id);
    CREATE TRIGGER IF NOT EXISTS note_tags_insert AFTER INSERT ON notes BEGIN
      \(SQLiteSchema.insertTags(of: "new"))
    END;
    CREATE TRIGGER IF NOT EXISTS note_tags_delete AFTER DELETE ON notes BEGIN
      DELETE FROM note_tags WHERE note_id = old.id;
    END;
    CREATE TRIGGER IF NOT EXISTS note_tags_update
      AFTER UPDATE OF id, tags, created_at, is_pinned ON notes
    BEGIN
      DELETE FROM note_tags WHERE note_id = old.id;
      \(SQLiteSchema.insertTags(of: "new"))
    END;
    DELETE FROM note_tags;
    INSERT OR IGNORE INTO note_tags (tag, is_pinned, created_at, note_id)
      SELECT DISTINCT tag.value, notes.is_pinned, notes.created_at, notes.id
      FROM notes, json_each(\(SQLiteSchema.tagList(of: "notes"))) AS tag
      WHERE tag.type = 'text';
    CREATE TABLE IF NOT EXISTS note_counts (
      notebook_id TEXT PRIMARY KEY NOT NULL,
      notes INTEGER NOT NULL,
      pinned INTEGER NOT NULL
    ) WITHOUT ROWID;
    CREATE TRIGGER IF NOT EXISTS note_counts_insert AFTER INSERT ON notes BEGIN
      \(SQLiteSchema.count(of: "new", by: 1))
    END;
    CREATE TRIGGER IF NOT EXISTS note_counts_delete AFTER DELETE ON notes BEGIN
      \(SQLiteSchema.count(of: "old", by: -1))
    END;
    CREATE TRIGGER IF NOT EXISTS note_counts_update
      AFTER UPDATE OF id, notebook_id, tags, is_pinned ON notes
    BEGIN
      \(SQLiteSchema.count(of: "old", by: -1))
      \(SQLiteSchema.count(of: "new", by: 1))
    END;
    DELETE FROM note_counts;
    INSERT INTO note_counts (notebook_id, notes, pinned)
      SELECT coalesce(notebook_id, ''), count(*), total(is_pinned = 1) FROM notes
      WHERE NOT \(SQLiteSchema.damagedRow()) GROUP BY 1;
    """,
  ]

  /// The SQL condition of a row that can't be a note FieldNotes wrote.
  ///
  /// An identifier or notebook of the wrong length, a pin other than 0 or 1, or tags that are
  /// not a JSON list. The store
  /// reports such rows when it opens, through a partial index holding only them
  /// (`notes_damaged`), leaves them as they are, and counts them in no list.
  ///
  /// - Parameter row: `new.` or `old.` in a trigger; nothing elsewhere.
  /// - Returns: The condition, in parentheses.
  static func damagedRow(_ row: String = "") -> String {
    """
    (length(\(row)id) != 36 OR (\(row)notebook_id IS NOT NULL AND length(\(row)notebook_id) != 36)
      OR \(row)is_pinned NOT IN (0, 1)
      OR CASE WHEN json_valid(\(row)tags) THEN json_type(\(row)tags) != 'array' ELSE 1 END)
    """
  }

  /// A row's tags as a JSON list json_each can read: its own, or none when they are damaged.
  static func tagList(of row: String) -> String {
    """
    CASE WHEN json_valid(\(row).tags) THEN
      CASE WHEN json_type(\(row).tags) = 'array' THEN \(row).tags ELSE '[]' END
    ELSE '[]' END
    """
  }

  /// The statement a trigger runs to give a note's row a `note_tags` row per tag.
  static func insertTags(of row: String) -> String {
    """
    INSERT OR IGNORE INTO note_tags (tag, is_pinned, created_at, note_id)
      SELECT DISTINCT value, \(row).is_pinned, \(row).created_at, \(row).id
      FROM json_each(\(tagList(of: row)))
      WHERE type = 'text';
    """
  }

  /// The statement a trigger runs to add a note's row to its notebook's counts, or take it
  /// away (`change` is 1 or -1).
  static func count(of row: String, by change: Int) -> String {
    """
    INSERT INTO note_counts (notebook_id, notes, pinned)
      SELECT coalesce(\(row).notebook_id, ''), \(change), \(change) * (\(row).is_pinned = 1)
      WHERE NOT \(damagedRow(row + "."))
      ON CONFLICT (notebook_id) DO UPDATE SET
        notes = notes + excluded.notes, pinned = pinned + excluded.pinned;
    """
  }

  /// Whether a store at a version is one the FieldNotes before this one left as it was.
  ///
  /// That is a store at the version just before the current one, without the table the latest
  /// migration makes (a store whose version was set back has it). That FieldNotes kept the
  /// search index in step with the same folding, so the index needs no rebuild.
  ///
  /// - Parameters:
  ///   - version: The store's `user_version`.
  ///   - connection: The store.
  /// - Returns: `true` for a plain upgrade.
  /// - Throws: `SQLiteError` when the schema can't be read.
  static func isPlainUpgrade(from version: Int, of connection: SQLiteConnection)
    throws(SQLiteError) -> Bool
  {
    guard version == currentVersion - 1 else { return false }
    return try connection.integer(
      "SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = 'note_counts'") == 0
  }

  /// The session identifier of the drafts kept before they were kept per session.
  static let earlierSession = "00000000-0000-0000-0000-000000000000"

  /// The version whose migration adds the search index.
  static let searchIndexVersion = 3
}
