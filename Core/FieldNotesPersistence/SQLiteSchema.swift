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
    // tag, ordered as a tag's list is (pin, then date), so its page is read from one end of
    // them too, and each tag's count; the notes, pinned notes and untagged notes of each
    // notebook ('' for no notebook), so the notebooks screen counts without reading notes; and
    // the rows that are no note FieldNotes can read, so no list shows or counts them.
    // Triggers keep the tables in step with `notes` through every write, FieldNotes' own or
    // another tool's. The listing index of version 3 (every column but the body, for loading
    // every note) goes. The tables are filled anew, so the migration can run again (and does,
    // when the store opens without one of them or their triggers: `SQLiteSchema.listObjects`).
    SQLiteSchema.listTables,
    // Version 8. The versions each save replaces and the trash deleted notes go to, with the
    // triggers that keep them, and a conflict copy's original (see `SQLiteRecovery`; its
    // column is added just before, where missing). Nothing is moved: a store migrated to it
    // starts with no versions and an empty trash.
    SQLiteRecovery.creation,
    // Version 9. A note saved again out of the trash keeps the trashed text as a version (see
    // `SQLiteRecovery.trashedTextKept`); the trigger of version 8 is replaced.
    SQLiteRecovery.trashedTextKept,
    // Version 10. The store's sync mark (`SQLiteNoteRepository.syncMarkCreation`): which
    // commit of its sync folder its notes descend from, so a sync folder beside a new store,
    // or one restored from a backup, deletes nothing anywhere.
    SQLiteNoteRepository.syncMarkCreation,
    // Version 11. Each note's title key, kept beside its title, and the index a list in title
    // order reads its first page from (see `SQLiteTitleKeys`; the column is added just before,
    // where missing, and every row's key is filled in after the migrations).
    SQLiteTitleKeys.creation,
    // Version 12. Each note's properties (the front-matter keys FieldNotes has no field for),
    // kept with the note, its versions and its trash entry, and the versions' triggers made
    // again to keep them (see `SQLiteProperties`; the columns are added just before, where
    // missing).
    SQLiteProperties.creation,
    // Version 13. The sync journal (`SQLiteNoteRepository.syncJournalCreation`): the notes and
    // notebooks written since the sync mark, so a sync reads and commits only those. It starts
    // with no commit, so a store migrated to it syncs its whole library once.
    SQLiteNoteRepository.syncJournalCreation,
    // Version 14. Versions kept as changes: a version's body becomes an edit script against the
    // next version's once a later one is saved, the newest kept whole (see
    // `SQLiteVersionDeltas`). Nothing is moved: a store migrated to it keeps its versions whole
    // until its note is saved again.
    SQLiteVersionDeltas.creation,
    // Version 15. Attachments: the files a note references, kept with it (see `SQLiteAttachments`).
    // Self-contained (`IF NOT EXISTS`), so it may take any place at the end of this list.
    SQLiteAttachments.creation,
    // Version 16. The file each note was imported from, kept with the note and its trash entry
    // (see `SQLiteImportedFiles`; the columns are added just before, where missing).
    SQLiteImportedFiles.creation,
    // Version 17. The sync journal's trigger on a note's update names its properties too
    // (`SQLiteNoteRepository.syncJournalPropertiesCreation`), so another program's edit of a
    // property alone is synced.
    SQLiteNoteRepository.syncJournalPropertiesCreation,
    // Version 18. The sync journal names a note whose attachments were kept or purged
    // (`SQLiteNoteRepository.syncJournalAttachmentsCreation`), so a sync carries its files.
    SQLiteNoteRepository.syncJournalAttachmentsCreation,
    // Version 19. The index a list of All Notes by last change reads its first page from
    // (``editOrder``), and the index of the notes that keep the file they were imported from
    // (`SQLiteImportedFiles.keptFilesIndex`). Self-contained (`IF NOT EXISTS`).
    SQLiteSchema.editOrder + SQLiteImportedFiles.keptFilesIndex,
    // Version 20. A note's identifier is kept in capitals: a write in small letters is refused,
    // and the rows written so before are given capitals (see `SQLiteIdentifierCase`).
    SQLiteIdentifierCase.creation,
  ]

  /// What version 19 makes: the index of every note by pin and edit date, so that All Notes by
  /// last change reads its first page from one end of it, as the list by creation date reads
  /// `notes_by_pin`, where SQLite sorted every note.
  ///
  /// It holds no identifier: ties of one edit date are few, and SQLite sorts each run of them
  /// by identifier as it reads. Only All Notes, with or without a search, is read through it: a
  /// notebook's, a tag's or the untagged list by last change sorts its own notes
  /// (`SQLiteQueries.Conditions.pinColumn`), which costs what the list holds, where going down
  /// every note's edit date, checking each, would cost the library. A store missing it (dropped
  /// by hand, or by a tool) is given it again when it opens.
  static let editOrder =
    "CREATE INDEX IF NOT EXISTS notes_by_edit ON notes (is_pinned, updated_at);"

  /// The index ``editOrder`` makes.
  static let editOrderIndex = "notes_by_edit"

  /// The indexes version 19 makes: a store missing one is given it again when it opens.
  static let version19Indexes = [editOrderIndex, SQLiteImportedFiles.keptFilesIndexName]

  /// What version 7 makes (see its comment in ``migrations``), on its own so that a store
  /// missing any of it can be given it again: the indexes are made where missing, and the
  /// tables and triggers, all derived from the notes, are made anew and filled from them.
  static let listTables = """
    CREATE INDEX IF NOT EXISTS notes_by_pin ON notes (is_pinned, created_at, id);
    CREATE INDEX IF NOT EXISTS notes_in_notebook ON notes (notebook_id, is_pinned, created_at, id);
    CREATE INDEX IF NOT EXISTS notes_untagged ON notes (is_pinned, created_at, id)
      WHERE tags = '[]';
    DROP INDEX IF EXISTS notes_by_notebook;
    DROP INDEX IF EXISTS notes_listing;
    DROP TABLE IF EXISTS damaged_notes;
    CREATE TABLE damaged_notes (row INTEGER PRIMARY KEY);
    DROP TRIGGER IF EXISTS damaged_notes_insert;
    \(damagedNotesInsert)
    DROP TRIGGER IF EXISTS damaged_notes_delete;
    CREATE TRIGGER damaged_notes_delete AFTER DELETE ON notes BEGIN
      DELETE FROM damaged_notes WHERE row = old.rowid;
    END;
    DROP TRIGGER IF EXISTS damaged_notes_update;
    CREATE TRIGGER damaged_notes_update AFTER UPDATE ON notes BEGIN
      DELETE FROM damaged_notes WHERE row = old.rowid;
      INSERT OR IGNORE INTO damaged_notes SELECT new.rowid WHERE \(damagedRow("new."));
    END;
    INSERT INTO damaged_notes SELECT rowid FROM notes WHERE \(damagedRow());
    DROP TABLE IF EXISTS note_tags;
    CREATE TABLE note_tags (
      tag TEXT NOT NULL,
      is_pinned INTEGER NOT NULL,
      created_at REAL NOT NULL,
      note_id TEXT NOT NULL,
      PRIMARY KEY (tag, is_pinned, created_at, note_id)
    ) WITHOUT ROWID;
    CREATE INDEX note_tags_by_note ON note_tags (note_id);
    DROP TRIGGER IF EXISTS note_tags_insert;
    \(noteTagsInsert)
    DROP TRIGGER IF EXISTS note_tags_delete;
    CREATE TRIGGER note_tags_delete AFTER DELETE ON notes BEGIN
      DELETE FROM note_tags WHERE note_id = old.id;
    END;
    DROP TRIGGER IF EXISTS note_tags_update;
    CREATE TRIGGER note_tags_update
      AFTER UPDATE OF id, tags, created_at, is_pinned ON notes
    BEGIN
      DELETE FROM note_tags WHERE note_id = old.id;
      \(insertTags(of: "new"))
    END;
    DROP TABLE IF EXISTS tag_counts;
    CREATE TABLE tag_counts (
      tag TEXT PRIMARY KEY NOT NULL,
      notes INTEGER NOT NULL,
      pinned INTEGER NOT NULL
    ) WITHOUT ROWID;
    -- Filled before its triggers are made, which would count every row a second time.
    INSERT OR IGNORE INTO note_tags (tag, is_pinned, created_at, note_id)
      SELECT DISTINCT tag.value, notes.is_pinned, notes.created_at, notes.id
      FROM notes, json_each(\(tagList(of: "notes"))) AS tag
      WHERE tag.type = 'text';
    INSERT INTO tag_counts (tag, notes, pinned)
      SELECT tag, count(*), total(is_pinned = 1) FROM note_tags GROUP BY tag;
    DROP TRIGGER IF EXISTS tag_counts_insert;
    CREATE TRIGGER tag_counts_insert AFTER INSERT ON note_tags BEGIN
      INSERT INTO tag_counts (tag, notes, pinned) VALUES (new.tag, 1, new.is_pinned = 1)
        ON CONFLICT (tag) DO UPDATE SET
          notes = notes + 1, pinned = pinned + excluded.pinned;
    END;
    DROP TRIGGER IF EXISTS tag_counts_delete;
    CREATE TRIGGER tag_counts_delete AFTER DELETE ON note_tags BEGIN
      UPDATE tag_counts SET notes = notes - 1, pinned = pinned - (old.is_pinned = 1)
        WHERE tag = old.tag;
    END;
    DROP TABLE IF EXISTS note_counts;
    CREATE TABLE note_counts (
      notebook_id TEXT PRIMARY KEY NOT NULL,
      notes INTEGER NOT NULL,
      pinned INTEGER NOT NULL,
      untagged INTEGER NOT NULL
    ) WITHOUT ROWID;
    DROP TRIGGER IF EXISTS note_counts_insert;
    \(noteCountsInsert)
    DROP TRIGGER IF EXISTS note_counts_delete;
    CREATE TRIGGER note_counts_delete AFTER DELETE ON notes BEGIN
      \(count(of: "old", by: -1))
    END;
    DROP TRIGGER IF EXISTS note_counts_update;
    CREATE TRIGGER note_counts_update AFTER UPDATE ON notes BEGIN
      \(count(of: "old", by: -1))
      \(count(of: "new", by: 1))
    END;
    INSERT INTO note_counts (notebook_id, notes, pinned, untagged)
      SELECT coalesce(notebook_id, ''), count(*), total(is_pinned = 1), total(tags = '[]')
      FROM notes WHERE NOT \(damagedRow()) GROUP BY 1;
    """

  // The triggers of ``listTables`` that a new row fires, on their own. (An import writes its
  // new rows without them and fills the tables from those rows afterwards: ``SQLiteBulkInsert``.)

  /// Gives a new row a `damaged_notes` row when FieldNotes can't read it.
  static let damagedNotesInsert = """
    CREATE TRIGGER damaged_notes_insert AFTER INSERT ON notes BEGIN
      DELETE FROM damaged_notes WHERE row = new.rowid;
      INSERT OR IGNORE INTO damaged_notes SELECT new.rowid WHERE \(damagedRow("new."));
    END;
    """

  /// Gives a new row a `note_tags` row per tag.
  static let noteTagsInsert = """
    CREATE TRIGGER note_tags_insert AFTER INSERT ON notes BEGIN
      DELETE FROM note_tags WHERE note_id = new.id;
      \(insertTags(of: "new"))
    END;
    """

  /// Counts a new row in its notebook's `note_counts`.
  static let noteCountsInsert = """
    CREATE TRIGGER note_counts_insert AFTER INSERT ON notes BEGIN
      \(count(of: "new", by: 1))
    END;
    """

  /// The tables, indexes and triggers of ``listTables``: a store missing any of them (dropped
  /// by hand, or by a tool) is given them again when it opens.
  static let listObjects = [
    "notes_by_pin", "notes_in_notebook", "notes_untagged", "damaged_notes",
    "damaged_notes_insert", "damaged_notes_delete", "damaged_notes_update", "note_tags",
    "note_tags_by_note", "note_tags_insert", "note_tags_delete", "note_tags_update", "tag_counts",
    "tag_counts_insert", "tag_counts_delete", "note_counts", "note_counts_insert",
    "note_counts_delete", "note_counts_update",
  ]

  /// Whether a store has every table, index and trigger of ``listObjects``.
  ///
  /// - Parameter connection: The store.
  /// - Returns: `false` when one is missing.
  /// - Throws: `SQLiteError` when the schema can't be read.
  static func hasListObjects(_ connection: SQLiteConnection) throws(SQLiteError) -> Bool {
    try has(listObjects, in: connection)
  }

  /// Whether a store has every table, index and trigger of a list of names.
  static func has(_ objects: [String], in connection: SQLiteConnection) throws(SQLiteError)
    -> Bool
  {
    let names = objects.map { "'\($0)'" }.joined(separator: ", ")
    return try connection.integer("SELECT count(*) FROM sqlite_master WHERE name IN (\(names))")
      == objects.count
  }

  /// A `GLOB` pattern of a UUID as FieldNotes reads one: 32 hexadecimal digits, either case, in
  /// groups of 8, 4, 4, 4 and 12 joined by hyphens.
  static let uuidPattern = [8, 4, 4, 4, 12].map {
    String(repeating: "[0-9A-Fa-f]", count: $0)
  }.joined(separator: "-")

  /// The SQL condition of a row that can't be a note FieldNotes reads: the same rules as
  /// `SQLiteRows.note(from:unreadable:)`, so a row is either shown and counted, or reported as
  /// unreadable and left as it is.
  ///
  /// An identifier or notebook that is not a UUID, a pin other than 0 or 1, a date that is not
  /// a number, or tags that are not a JSON list of strings.
  ///
  /// - Parameter row: `new.` in a trigger; nothing elsewhere.
  /// - Returns: The condition, in parentheses.
  static func damagedRow(_ row: String = "") -> String {
    """
    (\(row)id IS NULL OR \(row)id NOT GLOB '\(uuidPattern)'
      OR (\(row)notebook_id IS NOT NULL AND \(row)notebook_id NOT GLOB '\(uuidPattern)')
      OR \(row)is_pinned IS NULL OR \(row)is_pinned NOT IN (0, 1)
      OR typeof(\(row)created_at) NOT IN ('real', 'integer')
      OR typeof(\(row)updated_at) NOT IN ('real', 'integer')
      OR CASE WHEN json_valid(\(row)tags) THEN
        json_type(\(row)tags) != 'array'
          OR EXISTS (SELECT 1 FROM json_each(\(row)tags) WHERE type != 'text')
      ELSE 1 END)
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
    INSERT INTO note_counts (notebook_id, notes, pinned, untagged)
      SELECT coalesce(\(row).notebook_id, ''), \(change), \(change) * (\(row).is_pinned = 1),
        \(change) * (\(row).tags = '[]')
      WHERE NOT \(damagedRow(row + "."))
      ON CONFLICT (notebook_id) DO UPDATE SET
        notes = notes + excluded.notes, pinned = pinned + excluded.pinned,
        untagged = untagged + excluded.untagged;
    """
  }

  /// Whether a store at a version is one an earlier FieldNotes with the same search folding
  /// left as it was.
  ///
  /// That is a store at version 10 to 19 without what the migrations after its version make
  /// (a store whose version was set back has it). Those FieldNotes kept the search index in
  /// step with the same folding, so the index needs no rebuild.
  ///
  /// - Parameters:
  ///   - version: The store's `user_version`.
  ///   - connection: The store.
  /// - Returns: `true` for a plain upgrade.
  /// - Throws: `SQLiteError` when the schema can't be read.
  static func isPlainUpgrade(from version: Int, of connection: SQLiteConnection)
    throws(SQLiteError) -> Bool
  {
    let hasJournal = try hasTable(SQLiteNoteRepository.syncJournalTable, in: connection)
    let hasProperties = try hasColumn(SQLiteProperties.columns[0], in: connection)
    let hasDeltas = try hasTable(SQLiteVersionDeltas.objects[0], in: connection)
    let hasFiles = try hasColumn(SQLiteImportedFiles.columns[0], in: connection)
    // Attachments, imported files, the journal's properties and attachments, the edit order:
    // what versions 15 to 19 add.
    let journalsAttachments = try SQLiteNoteRepository.journalsAttachments(in: connection)
    let journalsProperties =
      try SQLiteNoteRepository.journalsProperties(in: connection) || journalsAttachments
    let hasVersion20 = try has(SQLiteIdentifierCase.triggers, in: connection)
    let hasVersion19 = try has(version19Indexes, in: connection) || hasVersion20
    let hasNewer =
      try hasTable("note_attachments", in: connection) || hasFiles || journalsProperties
      || hasVersion19
    switch version {
    case titleKeyVersion - 1:
      let hasTitleKeys = try hasColumn(SQLiteTitleKeys.columns[0], in: connection)
      return !hasJournal && !hasProperties && !hasDeltas && !hasTitleKeys && !hasNewer
    case propertiesVersion - 1: return !hasJournal && !hasProperties && !hasDeltas && !hasNewer
    case syncJournalVersion - 1: return !hasJournal && !hasDeltas && !hasNewer
    case versionDeltasVersion - 1: return !hasDeltas && !hasNewer
    case attachmentsVersion - 1: return !hasNewer
    case importedFilesVersion - 1: return !hasFiles && !journalsProperties && !hasVersion19
    case journalPropertiesVersion - 1: return !journalsProperties && !hasVersion19
    case journalAttachmentsVersion - 1: return !journalsAttachments && !hasVersion19
    case editOrderVersion - 1: return !hasVersion19
    case identifierCaseVersion - 1: return !hasVersion20
    default: return false
    }
  }

  /// Whether a store has a table.
  static func hasTable(_ name: String, in connection: SQLiteConnection) throws(SQLiteError)
    -> Bool
  {
    try connection.integer(
      "SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = '\(name)'") > 0
  }

  /// A column a migration adds to an existing table.
  typealias AddedColumn = (table: String, column: String, type: String)

  /// Whether a table has a column.
  static func hasColumn(_ added: AddedColumn, in connection: SQLiteConnection)
    throws(SQLiteError) -> Bool
  {
    try connection.integer(
      "SELECT count(*) FROM pragma_table_info('\(added.table)') WHERE name = '\(added.column)'")
      > 0
  }

  /// Adds a column where it is missing: SQLite has no `ADD COLUMN IF NOT EXISTS`, and a
  /// migration may run again on a store whose `user_version` went back.
  static func addColumnIfMissing(_ added: AddedColumn, to connection: SQLiteConnection)
    throws(SQLiteError)
  {
    guard try !hasColumn(added, in: connection) else { return }
    try connection.execute("ALTER TABLE \(added.table) ADD COLUMN \(added.column) \(added.type)")
  }

  /// The session identifier of the drafts kept before they were kept per session.
  static let earlierSession = "00000000-0000-0000-0000-000000000000"

  /// The version whose migration adds the versions, the trash and conflicts' originals.
  static let recoveryVersion = 8

  /// The version whose migration adds the search index.
  static let searchIndexVersion = 3

  /// The version whose migration adds the title keys.
  static let titleKeyVersion = 11

  /// The version whose migration adds the notes' properties.
  static let propertiesVersion = 12

  /// The version whose migration adds the sync journal.
  static let syncJournalVersion = 13

  /// The version whose migration keeps versions as changes.
  static let versionDeltasVersion = 14

  /// The version whose migration adds the files kept with notes (`SQLiteAttachments`).
  static let attachmentsVersion = 15

  /// The version whose migration adds the files notes were imported from.
  static let importedFilesVersion = 16

  /// The version whose migration has the sync journal name a change of properties.
  static let journalPropertiesVersion = 17

  /// The version whose migration has the sync journal name a change of attachments.
  static let journalAttachmentsVersion = 18

  /// The version whose migration adds the index of notes by edit date, and of notes keeping
  /// files.
  static let editOrderVersion = 19

  /// The version whose migration keeps notes' identifiers in capitals (`SQLiteIdentifierCase`).
  static let identifierCaseVersion = 20
}
