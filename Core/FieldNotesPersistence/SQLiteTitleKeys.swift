import FieldNotesModel

/// The key each note's row keeps beside its title (`notes.title_key`), so that a list in title
/// order reads its first page from one end of an index, as a list by date does, instead of
/// ordering every title of the list.
///
/// The key is ``FieldNotesModel/NoteSortOrder/titleKey(_:)`` of the title, compared byte by
/// byte as SQLite compares blobs: the order of the in-memory store, exactly. It folds the text
/// as a search does, which SQL can't, so FieldNotes writes it with the title (``SQLiteRows``),
/// and beside it the title it was made from (`notes.title_key_of`). A key is trusted only while
/// that is still the row's title and the key is there: another program writing to the store
/// can't make keys, and what it does (a title changed, a row inserted, a row copied, a key
/// cleared) leaves a row whose key isn't of its title. Such rows are found through an index of
/// only them (nearly always empty) and the title index, and while one is, a list in title order
/// is ordered from every title of the list, as before keys were kept, and the notes of a title
/// (`NoteQuery.titled`) are found by comparing every title. Their keys are made by the next
/// save, and by a list in title order as soon as the write lock is free. No trigger is needed,
/// so none can be dropped. What this can't see: another program writing a key of other bytes
/// over a row's key, its title and `title_key_of` left as they were. Nothing in SQL tells that
/// key from the one FieldNotes made; the row then sorts, and is found as a link's note, by the
/// key written, until its title next changes.
enum SQLiteTitleKeys {
  /// The columns the keys are kept in, added where missing (SQLite has no `ADD COLUMN IF NOT
  /// EXISTS`, and the migration may run again on a store whose `user_version` went back): the
  /// key, and the title it was made from, stored as the title is.
  static let columns = [
    (table: "notes", column: "title_key", type: "BLOB"),
    (table: "notes", column: "title_key_of", type: ""),
  ]

  /// What version 11 makes besides the columns.
  ///
  /// The index a list in title order is read from (pin, key, date and identifier: the order of
  /// ``FieldNotesModel/NoteSortOrder/title``), and the index of the rows whose key isn't of
  /// their title. The index of version 7 that held every title, for ordering them all, goes.
  static let creation = """
    DROP INDEX IF EXISTS notes_titles;
    DROP TRIGGER IF EXISTS notes_title_key_cleared;
    CREATE INDEX IF NOT EXISTS notes_by_title ON notes (is_pinned, title_key, created_at, id);
    CREATE INDEX IF NOT EXISTS notes_without_title_key ON notes (id)
      WHERE title_key_of IS NOT title;
    """

  /// The indexes of ``creation``: a store missing one (dropped by hand, or by a tool) is given
  /// it again when it opens.
  static let objects = ["notes_by_title", "notes_without_title_key"]

  /// Adds the columns where they are missing.
  static func addColumns(to connection: SQLiteConnection) throws(SQLiteError) {
    for column in columns { try SQLiteSchema.addColumnIfMissing(column, to: connection) }
  }

  /// Whether the store has the columns and everything ``creation`` makes.
  static func areWhole(in connection: SQLiteConnection) throws(SQLiteError) -> Bool {
    let names = objects.map { "'\($0)'" }.joined(separator: ", ")
    let found = try connection.integer(
      "SELECT count(*) FROM sqlite_master WHERE name IN (\(names))")
    guard found == objects.count else { return false }
    for column in columns {
      guard try SQLiteSchema.hasColumn(column, in: connection) else { return false }
    }
    return true
  }

  /// Whether some row's key isn't of its title, or is gone: read from the index of only the
  /// rows of another title (named, since SQLite would rather scan the index of every key), and
  /// from the title index.
  ///
  /// A store without that index or the columns (one dropped by a tool while a session runs, or
  /// one FieldNotes can only read, from before version 11) counts as having such rows: a list is
  /// then ordered from every title, which is right whatever the keys hold, and the next open
  /// makes the index again. So this never fails.
  static func areMissing(in connection: SQLiteConnection) -> Bool {
    let found = try? connection.integer(
      "SELECT EXISTS (SELECT 1 FROM notes INDEXED BY notes_without_title_key "
        + "WHERE title_key_of IS NOT title) "
        + "OR EXISTS (SELECT 1 FROM notes WHERE is_pinned IN (0, 1) AND title_key IS NULL)")
    return found != 0
  }

  /// Makes the key of every row whose key isn't of its title, in the caller's write
  /// transaction.
  ///
  /// A title that isn't text (a blob or a number another program wrote) is keyed as the text
  /// a list shows for it.
  ///
  /// - Returns: How many rows got a key.
  @discardableResult
  static func fill(_ connection: SQLiteConnection) throws(SQLiteError) -> Int {
    guard areMissing(in: connection) else { return 0 }
    let missing = try connection.prepare(
      "SELECT rowid, title FROM notes WHERE title_key_of IS NOT title OR title_key IS NULL")
    var rows: [(row: Int, key: [UInt8])] = []
    while try missing.step() {
      rows.append((missing.int(at: 0), NoteSortOrder.titleKey(missing.text(at: 1))))
    }
    missing.reset()
    let update = try connection.cached(
      "UPDATE notes SET title_key = ?2, title_key_of = title WHERE rowid = ?1")
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
