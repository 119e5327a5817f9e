/// An import into a store that holds no notes, written through SQLite's rollback journal
/// instead of its write-ahead log when no other connection has the store open.
///
/// A store is in WAL mode: each transaction is written into the log, and a checkpoint copies
/// it into the file afterwards. For an import of a million notes that means 5 GiB written
/// twice, and every page read meanwhile (the search index reads back what it wrote, the lists'
/// tables are filled from the rows) is looked up in the log's index, which grows with the
/// log: in a profile of such an import, the copy and the lookups (`sqlite3WalFindFrame`) took
/// a sixth of its time. With a rollback journal, a page past the file's end is written once,
/// into the file, and the journal keeps the few pages the store had before, to undo the import.
///
/// What holds either way: the import is one transaction, all of it or none. A crash leaves the
/// journal beside the file, and SQLite undoes the import from it on the next open (the store's
/// open then puts it back in WAL mode). SQLite leaves the log only when this connection is the
/// only one on the file; otherwise the import is written through the log as any other write.
/// What differs while the import runs: a process that opens the store then waits for it, up to
/// the busy timeout, where with the log it could have read the empty store.
enum SQLiteImportJournal {
  /// Runs an import inside `BEGIN IMMEDIATE … COMMIT`, rolling back if it throws: with the
  /// rollback journal if the store holds no notes and the connection can take the store out
  /// of WAL mode, which is put back after the transaction, committed or not.
  ///
  /// - Parameters:
  ///   - connection: The store's connection, outside a transaction.
  ///   - body: The import's writes.
  /// - Throws: What `body` or the commit throws.
  static func inTransaction(
    on connection: SQLiteConnection, _ body: () throws(SQLiteError) -> Void
  ) throws(SQLiteError) {
    let isJournaled = (try? leaveTheLog(connection)) ?? false
    defer { if isJournaled { try? connection.execute("PRAGMA journal_mode = WAL") } }
    try connection.inTransaction(body)
  }

  /// Takes the store out of WAL mode if it holds no notes and no other connection has it
  /// open, without waiting for one that has.
  ///
  /// - Returns: Whether the store is now in the rollback journal's mode.
  private static func leaveTheLog(_ connection: SQLiteConnection) throws(SQLiteError) -> Bool {
    guard try connection.integer("SELECT NOT EXISTS (SELECT 1 FROM notes)") == 1 else {
      return false
    }
    return try connection.withoutWaiting { () throws(SQLiteError) in
      try connection.text("PRAGMA journal_mode = DELETE") == "delete"
    }
  }
}
