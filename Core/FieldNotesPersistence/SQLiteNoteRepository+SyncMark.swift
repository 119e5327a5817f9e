import FieldNotesServices

extension SQLiteNoteRepository: SyncMarking {
  /// What version 10 makes: the store's sync mark, one row.
  ///
  /// See ``FieldNotesServices/SyncMarking``. A store made before has none, and is trusted as it
  /// was; a store made since starts with ``FieldNotesServices/SyncMark/neverSynced``
  /// (``markNew(_:)``).
  static let syncMarkCreation = """
    CREATE TABLE IF NOT EXISTS sync_mark (
      id INTEGER PRIMARY KEY CHECK (id = 1),
      value TEXT NOT NULL
    );
    """

  /// The table version 10 makes, which a store one version older doesn't have.
  static let syncMarkTable = "sync_mark"

  /// Gives a store just made the mark of one that never synced.
  static func markNew(_ connection: SQLiteConnection) throws(SQLiteError) {
    try connection.execute(
      "INSERT OR IGNORE INTO sync_mark (id, value) VALUES (1, '\(SyncMark.neverSynced)')")
  }

  /// The store's sync mark, or `nil` for a store from before marks.
  ///
  /// - Returns: The mark.
  /// - Throws: ``FieldNotesServices/RepositoryError`` when it can't be read.
  public func syncMark() throws(RepositoryError) -> String? {
    let path = self.path
    return try writer.perform { connection throws(RepositoryError) -> String? in
      do throws(SQLiteError) {
        let statement = try connection.cached("SELECT value FROM sync_mark WHERE id = 1")
        defer { statement.reset() }
        return try statement.step() ? statement.text(at: 0) : nil
      } catch {
        throw error.repositoryError(path: path, writing: false)
      }
    }
  }

  /// Records the store's sync mark, leaving the journal as it is, no longer known to start at
  /// the mark (see ``recordSyncMark(_:journalThrough:)``).
  ///
  /// - Parameter commit: The commit the store's notes now descend from.
  /// - Throws: ``FieldNotesServices/RepositoryError`` when it can't be written.
  public func recordSyncMark(_ commit: String) throws(RepositoryError) {
    let path = self.path
    try writer.perform { connection throws(RepositoryError) in
      do throws(SQLiteError) {
        try connection.inTransaction { () throws(SQLiteError) in
          let statement = try connection.cached(
            "INSERT OR REPLACE INTO sync_mark (id, value) VALUES (1, ?1)")
          statement.bind(commit, at: 1)
          try statement.run()
          // The journal is no longer known to start at the mark; it stays on.
          try connection.execute("UPDATE sync_journal_start SET value = NULL")
        }
      } catch {
        throw error.repositoryError(path: path, writing: true)
      }
    }
  }
}
