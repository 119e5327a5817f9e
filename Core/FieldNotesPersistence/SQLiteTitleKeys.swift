import FieldNotesModel

/// The key each note's row keeps beside its title (`notes.title_key`), so that a list in title
/// order reads its first page from one end of an index, as a list by date does, instead of
/// ordering every title of the list.
///
/// The key is ``FieldNotesModel/NoteSortOrder/titleKey(_:)`` of the title, compared byte by
/// byte as SQLite compares blobs: the order of the in-memory store, exactly. It folds the text
/// as a search does, which SQL can't, so FieldNotes writes it with the title (``SQLiteRows``).
/// Another program writing to the store can't: when it changes a title, a trigger clears the
/// row's key, and so does a row it inserts, which has none. Either way a row without a key is
/// found through an index of only those rows (nearly always empty), and until it has one a list
/// in title order is ordered from every title of the list, as before keys were kept. Keys are
/// filled in by the next save, and by a list in title order as soon as the write lock is free.
enum SQLiteTitleKeys {
  /// The column the keys are kept in, added where missing (SQLite has no `ADD COLUMN IF NOT
  /// EXISTS`, and the migration may run again on a store whose `user_version` went back).
  static let column = (table: "notes", column: "title_key", type: "BLOB")

  /// What version 11 makes besides the column.
  ///
  /// The index a list in title order is read from (pin, key, date and identifier: the order of
  /// ``FieldNotesModel/NoteSortOrder/title``), the index of the rows without a key, and the
  /// trigger that clears a key whose title another program changed. The index of version 7
  /// that held every title, for ordering them all, goes.
  static let creation = """
    DROP INDEX IF EXISTS notes_titles;
    CREATE INDEX IF NOT EXISTS notes_by_title ON notes (is_pinned, title_key, created_at, id);
    CREATE INDEX IF NOT EXISTS notes_without_title_key ON notes (id) WHERE title_key IS NULL;
    DROP TRIGGER IF EXISTS notes_title_key_cleared;
    CREATE TRIGGER notes_title_key_cleared AFTER UPDATE OF title ON notes
      WHEN new.title IS NOT old.title AND new.title_key IS old.title_key
    BEGIN
      UPDATE notes SET title_key = NULL WHERE rowid = new.rowid;
    END;
    """

  /// The indexes and the trigger of ``creation``: a store missing one (dropped by hand, or by
  /// a tool) is given them again when it opens, and every key is checked.
  static let objects = ["notes_by_title", "notes_without_title_key", "notes_title_key_cleared"]

  /// Adds the column where it is missing.
  static func addColumn(to connection: SQLiteConnection) throws(SQLiteError) {
    try SQLiteSchema.addColumnIfMissing(column, to: connection)
  }

  /// Whether the store has the column and everything ``creation`` makes.
  static func areWhole(in connection: SQLiteConnection) throws(SQLiteError) -> Bool {
    let names = objects.map { "'\($0)'" }.joined(separator: ", ")
    let found = try connection.integer(
      "SELECT count(*) FROM sqlite_master WHERE name IN (\(names))")
    guard found == objects.count else { return false }
    return try SQLiteSchema.hasColumn(column, in: connection)
  }

  /// Whether some row has no key, read from the index of only those rows (named, since SQLite
  /// would rather scan the index of every key).
  ///
  /// A store without that index or the column (one dropped by a tool while a session runs, or
  /// one FieldNotes can only read, from before version 11) counts as missing keys: a list is
  /// then ordered from every title, which is right whatever the keys hold, and the next open
  /// makes them again. So this never fails.
  static func areMissing(in connection: SQLiteConnection) -> Bool {
    let found = try? connection.integer(
      "SELECT EXISTS (SELECT 1 FROM notes INDEXED BY notes_without_title_key "
        + "WHERE title_key IS NULL)")
    return found != 0
  }

  /// Gives every row without a key its key, in the caller's write transaction.
  ///
  /// A row whose title isn't text (a damaged row, which no list shows) gets the key of no
  /// title, so it is not found again.
  ///
  /// - Returns: How many rows got a key.
  @discardableResult
  static func fill(_ connection: SQLiteConnection) throws(SQLiteError) -> Int {
    guard areMissing(in: connection) else { return 0 }
    let missing = try connection.prepare(
      "SELECT rowid, CASE WHEN typeof(title) = 'text' THEN title ELSE '' END FROM notes "
        + "WHERE title_key IS NULL")
    var rows: [(row: Int, key: [UInt8])] = []
    while try missing.step() {
      rows.append((missing.int(at: 0), NoteSortOrder.titleKey(missing.text(at: 1))))
    }
    missing.reset()
    let update = try connection.cached("UPDATE notes SET title_key = ?2 WHERE rowid = ?1")
    for (row, key) in rows {
      update.bind(row, at: 1)
      update.bind(blob: key, at: 2)
      try update.run()
    }
    return rows.count
  }

  /// Fills the missing keys in a transaction of its own, if the write lock is free at once: a
  /// list never waits for another process's write, and the keys are filled by the next list
  /// or save when it isn't.
  static func fillIfUnlocked(_ connection: SQLiteConnection) {
    guard areMissing(in: connection), connection.beginImmediateIfFree() else {
      return
    }
    do throws(SQLiteError) {
      try fill(connection)
      try connection.execute("COMMIT")
    } catch {
      try? connection.execute("ROLLBACK")
    }
  }
}
