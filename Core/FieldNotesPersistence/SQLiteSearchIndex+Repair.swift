import CSQLite
import FieldNotesModel
import FieldNotesText

// MARK: - Whether the index can be trusted, and rebuilding it

extension SQLiteSearchIndex {
  /// Why a store's search index can't be used as it is.
  enum Damage: Equatable {
    /// The index's table, or one of the tables FTS5 keeps it in, is gone.
    case missing
    /// The index's table is defined otherwise than FieldNotes defines it (another tokenizer,
    /// other columns): made by another program, or by hand.
    case otherDefinition
    /// Nothing records what the index was built with.
    case unrecorded
    /// The index was built with another version of ``FieldNotesText/SearchFolding``.
    case otherFolding(version: Int)
    /// The store's `user_version` was behind its tables: an earlier FieldNotes had the store
    /// (or the version was set back), and may have saved notes without indexing them.
    case writtenByEarlierFieldNotes
    /// A save could not write the index, or a search could not read it or found a note in its
    /// answer without the text; recorded then, with why.
    case recorded(reason: String)
    /// FTS5 could not read the index, with SQLite's message.
    case unreadable(message: String)
    /// What shows other programs' writes (``watchCreation``) is missing.
    case unwatched
    /// Another program changed notes, which can't write the index.
    case changedElsewhere(notes: Int)
    /// Another program wrote the index: FTS5's records are not what FieldNotes sealed.
    case writtenElsewhere

    /// Why the index could not be used, as the user reads it: "the search index could not be
    /// used (REASON) and was rebuilt from the notes".
    var reason: String {
      switch self {
      case .missing: "one of its tables was missing"
      case .otherDefinition: "its table was not defined as FieldNotes defines it"
      case .unrecorded: "nothing recorded how it was built"
      case .otherFolding(let version):
        "it was built for text folded by version \(version) of FieldNotes' search, and this "
          + "FieldNotes folds by version \(SearchFolding.version)"
      case .writtenByEarlierFieldNotes: "the store was last opened by an earlier FieldNotes"
      case .recorded(let reason): reason
      case .unreadable(let message): "it could not be read: \(message)"
      case .unwatched: "what shows other programs' changes to the notes was missing"
      case .changedElsewhere(let notes):
        "another program, or an earlier FieldNotes, changed \(notes) "
          + (notes == 1 ? "note" : "notes") + " without updating it"
      case .writtenElsewhere: "another program, or an earlier FieldNotes, wrote to it"
      }
    }
  }

  /// The statement that creates the index's record (schema version 4), if it isn't there: one
  /// row saying which ``FieldNotesText/SearchFolding/version`` the index was built with, and
  /// why it can't be trusted, when it can't.
  static let stateCreation = """
    CREATE TABLE IF NOT EXISTS search_index_state (
      id INTEGER PRIMARY KEY CHECK (id = 1),
      folding INTEGER NOT NULL,
      damage TEXT
    );
    """

  /// The tables the index lives in: its own and the ones FTS5 keeps it in.
  private static let tables = [
    "note_search", "note_search_data", "note_search_idx", "note_search_docsize",
    "note_search_config",
  ]

  /// Whether the store has the index's table (whatever its state).
  static func exists(in connection: SQLiteConnection) throws(SQLiteError) -> Bool {
    try connection.integer(
      "SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = 'note_search'") > 0
  }

  /// What is wrong with the index, or `nil` when it can be used: its tables, its record, the
  /// notes other programs changed, then (unless told not to read the index) whether FTS5 can
  /// read it and whether another program wrote it (see `SQLiteSearchIndex+OtherWriters.swift`).
  ///
  /// - Parameters:
  ///   - connection: The store's connection.
  ///   - readingTheIndex: Whether to read the index itself; not inside a transaction, which
  ///     SQLite rolls back if FTS5 runs out of memory reading garbage.
  /// - Returns: The damage, or `nil`.
  /// - Throws: `SQLiteError` when the schema or the record can't be read.
  /// - Complexity: A few rows of the schema, the record and the seal, and the index's layout;
  ///   not its entries, nor the notes.
  static func damage(in connection: SQLiteConnection, readingTheIndex: Bool = true)
    throws(SQLiteError) -> Damage?
  {
    let names = try connection.prepare(
      """
      SELECT count(*) FROM sqlite_master
      WHERE type = 'table' AND name IN (\(tables.map { "'\($0)'" }.joined(separator: ", ")))
      """)
    guard try names.step(), names.int(at: 0) == tables.count else { return .missing }
    let definition = try connection.prepare(
      "SELECT sql FROM sqlite_master WHERE type = 'table' AND name = 'note_search'")
    guard try definition.step(), isFieldNotesDefinition(definition.text(at: 0)) else {
      return .otherDefinition
    }
    guard
      try connection.integer(
        "SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = 'search_index_state'")
        > 0
    else { return .unrecorded }
    let record = try connection.prepare(
      "SELECT folding, damage FROM search_index_state WHERE id = 1")
    guard try record.step() else { return .unrecorded }
    if !record.isNull(at: 1) { return .recorded(reason: record.text(at: 1)) }
    let folding = record.int(at: 0)
    guard folding == SearchFolding.version else { return .otherFolding(version: folding) }
    guard try isWatched(connection) else { return .unwatched }
    let changed = try changedRowCount(connection)
    guard changed == 0 else { return .changedElsewhere(notes: changed) }
    guard readingTheIndex else { return nil }
    do {
      try probe(connection)
    } catch  where isDamage(error) {
      return .unreadable(message: description(of: error))
    }
    // After the probe, which says more of an index another program left unreadable.
    switch try isSealed(connection) {
    case nil: return .unrecorded
    case false: return .writtenElsewhere
    case true: return nil
    }
  }

  /// Whether a table's definition, as SQLite keeps it, is the index's as ``creation`` makes it
  /// (spaces and line breaks aside).
  static func isFieldNotesDefinition(_ sql: String) -> Bool {
    let made =
      creation.components(separatedBy: ";").first?
      .replacingOccurrences(of: "IF NOT EXISTS", with: "") ?? ""
    return sql.filter { !$0.isWhitespace } == made.filter { !$0.isWhitespace }
  }

  /// Reads the index once, cheaply: FTS5 then reads how it is laid out (and, on a connection
  /// that hasn't used it yet, its settings), where most damage shows.
  ///
  /// - Throws: `SQLiteError` when it can't.
  static func probe(_ connection: SQLiteConnection) throws(SQLiteError) {
    // Any phrase would do; three U+0001 are in nearly no note, so its list of rows is empty.
    let probe = try connection.cached(
      "SELECT rowid FROM note_search WHERE note_search MATCH '\"\u{1}\u{1}\u{1}\"' LIMIT 1")
    defer { probe.reset() }
    _ = try probe.step()
  }

  /// Whether the index's record says it can be used: built with this folding, not damaged, and
  /// no note changed since without it.
  ///
  /// What every search and every save asks first; a missing table is found when it is used,
  /// and at the next open. (A save asks once it has taken its own changes out.)
  static func isTrusted(in connection: SQLiteConnection) -> Bool {
    do throws(SQLiteError) {
      let record = try connection.cached(
        """
        SELECT folding = ?1 AND damage IS NULL
          AND NOT EXISTS (SELECT 1 FROM search_index_changed_rows)
        FROM search_index_state WHERE id = 1
        """)
      defer { record.reset() }
      record.bind(SearchFolding.version, at: 1)
      return try record.step() && record.int(at: 0) == 1
    } catch {
      return false
    }
  }

  /// Builds the index again from every saved note, inside the caller's transaction, records it
  /// as built with this folding, with no changed rows, and seals it.
  ///
  /// The old index is dropped whatever state it is in, so a rebuild never depends on what it
  /// replaces.
  ///
  /// - Returns: How many notes the index holds.
  /// - Throws: `SQLiteError` when the store can't be read or written.
  @discardableResult
  static func rebuild(_ connection: SQLiteConnection) throws(SQLiteError) -> Int {
    do {
      try connection.execute("DROP TABLE IF EXISTS note_search")
    } catch  where isDamage(error) {
      try removeUnopenableIndex(connection)
    }
    for table in tables.dropFirst() { try connection.execute("DROP TABLE IF EXISTS \(table)") }
    try connection.execute(creation + stateCreation + watchCreation)
    let count = try fill(connection)
    try connection.execute("DELETE FROM search_index_changed_rows")
    let record = try connection.cached(
      """
      INSERT INTO search_index_state (id, folding, damage) VALUES (1, ?1, NULL)
      ON CONFLICT (id) DO UPDATE SET folding = excluded.folding, damage = NULL
      """)
    record.bind(SearchFolding.version, at: 1)
    try record.run()
    // Beginning a savepoint makes FTS5 write out what it gathered, so the seal is of that.
    try connection.execute("SAVEPOINT search_index_built; RELEASE search_index_built")
    try seal(connection)
    return count
  }

  /// Removes an index that FTS5 can't open, and so can't drop: one whose own tables hold garbage
  /// where it keeps its layout, or are gone.
  ///
  /// Its row is deleted from the schema directly (`writable_schema`, SQLite's way out for a
  /// virtual table that can't be constructed), inside the caller's transaction; the schema's
  /// version is then moved on, as any change of the schema moves it, so that this connection and
  /// every other one read the schema again. The tables FTS5 kept it in are ordinary tables,
  /// dropped after this.
  private static func removeUnopenableIndex(_ connection: SQLiteConnection) throws(SQLiteError) {
    let schemaVersion = try connection.integer("PRAGMA schema_version")
    try connection.execute("PRAGMA writable_schema = ON")
    defer { try? connection.execute("PRAGMA writable_schema = OFF") }
    try connection.execute(
      "DELETE FROM sqlite_master WHERE type = 'table' AND name = 'note_search'")
    try connection.execute("PRAGMA writable_schema = OFF")
    try connection.execute("PRAGMA schema_version = \(schemaVersion + 1)")
  }

  /// Marks the index damaged, inside the caller's write transaction, keeping the first reason
  /// recorded: searches read the notes until the index is rebuilt.
  static func recordDamage(_ reason: String, in connection: SQLiteConnection)
    throws(SQLiteError)
  {
    try connection.execute(stateCreation)
    let record = try connection.cached(
      """
      INSERT INTO search_index_state (id, folding, damage) VALUES (1, ?1, ?2)
      ON CONFLICT (id) DO UPDATE SET damage = coalesce(damage, excluded.damage)
      """)
    record.bind(SearchFolding.version, at: 1)
    record.bind(reason, at: 2)
    try record.run()
  }

  /// Marks the index damaged in a transaction of its own, if the write lock is free at once.
  ///
  /// A search never waits for another process's write: when the lock is taken, the damage is
  /// found again by the next search, save or open.
  static func recordDamageIfUnlocked(_ reason: String, in connection: SQLiteConnection) {
    guard connection.beginImmediateIfFree() else { return }
    do throws(SQLiteError) {
      try recordDamage(reason, in: connection)
      try connection.execute("COMMIT")
    } catch {
      try? connection.execute("ROLLBACK")
    }
  }

  /// What a failure of the index says, for a reason a user reads.
  static func description(of error: SQLiteError) -> String {
    error.primaryCode == SQLITE_NOMEM
      ? "its data is garbage (reading it ran out of memory)" : error.message
  }

  /// Whether a failure while using the index means the index is damaged, rather than that its
  /// surroundings failed (a full disk, an I/O error, a lock), which fail a save as they would
  /// fail any other write.
  ///
  /// Running out of memory counts as damage: FTS5 reading garbage where it keeps its layout
  /// asks for absurd amounts. A statement too deep or too large to compile does not.
  static func isDamage(_ error: SQLiteError) -> Bool {
    // A statement SQLite finds too deep or too large to compile says nothing of the index.
    if error.primaryCode == SQLITE_ERROR,
      ["parser stack overflow", "too large", "too many"].contains(where: error.message.contains)
    {
      return false
    }
    switch error.primaryCode {
    case SQLITE_FULL, SQLITE_IOERR, SQLITE_READONLY, SQLITE_BUSY, SQLITE_LOCKED,
      SQLITE_INTERRUPT, SQLITE_CANTOPEN, SQLITE_PERM, SQLITE_AUTH, SQLITE_NOTADB:
      return false
    default: return error.code != SQLiteError.conflictCode
    }
  }
}
