// MARK: - Seeing what other programs wrote

// Another program can change the notes (`sqlite3`, a script, an earlier FieldNotes), which
// can't write the index, whose text only FieldNotes folds; or write the index itself, with
// other text. Either leaves the index missing notes while its record still says it is sound.
// Two things show it, each costing a few rows to read when the store opens, whatever its size:
//
// - Triggers on `notes`, which fire for every program's writes, put each row whose indexed text
//   changes (an insert, a deletion, a new title, body or list of tags) in
//   `search_index_changed_rows`. FieldNotes takes its own rows out as it queues their entries,
//   and before it writes, it marks the index damaged if any are there: those were another
//   program's. While any are there, searches read the notes.
// - The seal: what FTS5's own records (its totals, and the layout of its segments, which every
//   write moves on) said when FieldNotes last wrote the index. Any write to the index through
//   FTS5 changes them; a store whose records differ from its seal was written by another
//   program, and is rebuilt when it opens.
//
// What neither sees: a program that changes both the notes and the index, and the seal too.

extension SQLiteSearchIndex {
  /// The statements that make the table of changed rows, its triggers and the seal, if they
  /// aren't there (the triggers are made anew, so a store gets this FieldNotes' own).
  ///
  /// A trigger adds a row only where it is missing, rather than `INSERT OR IGNORE`: the write
  /// that fires it may be an upsert, whose handling of conflicts overrides the trigger's.
  static let watchCreation = """
    CREATE TABLE IF NOT EXISTS search_index_changed_rows (row INTEGER PRIMARY KEY);
    CREATE TABLE IF NOT EXISTS search_index_seal (
      id INTEGER PRIMARY KEY CHECK (id = 1),
      averages BLOB,
      structure BLOB
    );
    DROP TRIGGER IF EXISTS search_index_changed_insert;
    CREATE TRIGGER search_index_changed_insert AFTER INSERT ON notes BEGIN
      INSERT INTO search_index_changed_rows (row) SELECT new.rowid
        WHERE new.rowid NOT IN (SELECT row FROM search_index_changed_rows);
    END;
    DROP TRIGGER IF EXISTS search_index_changed_delete;
    CREATE TRIGGER search_index_changed_delete AFTER DELETE ON notes BEGIN
      INSERT INTO search_index_changed_rows (row) SELECT old.rowid
        WHERE old.rowid NOT IN (SELECT row FROM search_index_changed_rows);
    END;
    DROP TRIGGER IF EXISTS search_index_changed_update;
    CREATE TRIGGER search_index_changed_update AFTER UPDATE ON notes
      WHEN old.rowid IS NOT new.rowid OR old.title IS NOT new.title OR old.body IS NOT new.body
        OR (\(SQLiteSchema.tagList(of: "old"))) IS NOT (\(SQLiteSchema.tagList(of: "new")))
    BEGIN
      INSERT INTO search_index_changed_rows (row)
        SELECT rowid FROM (SELECT old.rowid AS rowid UNION SELECT new.rowid)
        WHERE rowid NOT IN (SELECT row FROM search_index_changed_rows);
    END;
    """

  /// The tables and triggers of ``watchCreation``.
  static let watchObjects = [
    "search_index_changed_rows", "search_index_seal", "search_index_changed_insert",
    "search_index_changed_delete", "search_index_changed_update",
  ]

  /// Whether the store has every table and trigger of ``watchObjects``.
  static func isWatched(_ connection: SQLiteConnection) throws(SQLiteError) -> Bool {
    let names = watchObjects.map { "'\($0)'" }.joined(separator: ", ")
    return try connection.integer("SELECT count(*) FROM sqlite_master WHERE name IN (\(names))")
      == watchObjects.count
  }

  /// How many rows' text changed without the index being written.
  static func changedRowCount(_ connection: SQLiteConnection) throws(SQLiteError) -> Int {
    try connection.integer("SELECT count(*) FROM search_index_changed_rows")
  }

  /// Marks the index damaged, inside the caller's write transaction, if another program changed
  /// notes since FieldNotes last wrote: what every transaction that writes notes does first, so
  /// that the rows it takes out as its own (``forgetQueuedChanges(_:)``) are its own.
  ///
  /// - Throws: `SQLiteError` when the store can't be written.
  static func recordChangesMadeElsewhere(_ connection: SQLiteConnection) throws(SQLiteError) {
    let count: Int
    do {
      count = try changedRowCount(connection)
    } catch  where isDamage(error) {
      // Without the table, nothing can be told; the next open finds it missing.
      return
    }
    guard count > 0 else { return }
    try recordDamage(Damage.changedElsewhere(notes: count).reason, in: connection)
    try connection.execute("DELETE FROM search_index_changed_rows")
  }

  /// Takes out of the changed rows those whose entries the transaction queued: FieldNotes' own.
  static func forgetQueuedChanges(_ connection: SQLiteConnection) throws(SQLiteError) {
    try connection.cached(
      """
      DELETE FROM search_index_changed_rows
      WHERE row IN (SELECT row FROM temp.note_search_queue)
      """
    ).run()
  }

  // FTS5 keeps its totals in the row with id 1 of its data table, and the layout of its
  // segments, with a counter every write moves on, in the row with id 10
  // (`FTS5_AVERAGES_ROWID` and `FTS5_STRUCTURE_ROWID` in SQLite's fts5_index.c).

  /// Records FTS5's own records as the seal, inside the caller's write transaction, once the
  /// index's entries are written out (after a savepoint begins, or a rebuild).
  static func seal(_ connection: SQLiteConnection) throws(SQLiteError) {
    try connection.cached(
      """
      INSERT INTO search_index_seal (id, averages, structure) VALUES (
        1, (SELECT block FROM note_search_data WHERE id = 1),
        (SELECT block FROM note_search_data WHERE id = 10))
      ON CONFLICT (id) DO UPDATE SET averages = excluded.averages, structure = excluded.structure
      """
    ).run()
  }

  /// Whether FTS5's records are what FieldNotes sealed.
  ///
  /// - Returns: `nil` when nothing is sealed.
  static func isSealed(_ connection: SQLiteConnection) throws(SQLiteError) -> Bool? {
    let statement = try connection.prepare(
      """
      SELECT averages IS (SELECT block FROM note_search_data WHERE id = 1)
        AND structure IS (SELECT block FROM note_search_data WHERE id = 10)
      FROM search_index_seal WHERE id = 1
      """)
    guard try statement.step() else { return nil }
    return statement.int(at: 0) == 1
  }
}
