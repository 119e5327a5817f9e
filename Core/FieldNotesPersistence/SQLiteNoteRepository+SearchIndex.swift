import FieldNotesServices

extension SQLiteNoteRepository {
  /// Rebuilds the search index from every saved note, and the lists' tables (each note's tags,
  /// each notebook's counts, the damaged rows) with it, in one transaction.
  ///
  /// - Returns: How many notes the index holds.
  /// - Throws: ``FieldNotesServices/RepositoryError`` when the store can't be written; the index
  ///   is then as it was.
  /// - Complexity: O(*n*) in the size of the notes' text: about what importing them costs.
  public func rebuildSearchIndex() throws(RepositoryError) -> Int? {
    let path = self.path
    return try writer.perform { connection throws(RepositoryError) in
      do throws(SQLiteError) {
        var count = 0
        try connection.inTransaction { () throws(SQLiteError) in
          // Ctrl-C stops it (a million notes take minutes), the transaction rolled back.
          try connection.stoppingWhenCancelled { () throws(SQLiteError) in
            count = try SQLiteSearchIndex.rebuild(connection)
            // The lists' tables are derived from the notes too: filled anew with the index.
            try connection.execute(SQLiteSchema.listTables)
          }
        }
        return count
      } catch {
        throw error.repositoryError(path: path, writing: true)
      }
    }
  }

  // MARK: - Opening

  /// Runs the migrations this store hasn't had yet, and rebuilds its search index when it can't
  /// be trusted, in one transaction.
  ///
  /// A store opened by this FieldNotes before, with a sound index, costs a look at its schema
  /// and the index's record. A store whose `user_version` is behind its tables (set back, or
  /// last opened by an earlier FieldNotes) is migrated again from there, each migration making
  /// only what is missing, and gets its index rebuilt — unless it is a plain upgrade from the
  /// version before, whose FieldNotes kept the index in step (see
  /// ``SQLiteSchema/isPlainUpgrade(from:of:)``): rebuilding a million notes' index takes
  /// minutes.
  ///
  /// - Returns: Why the index was rebuilt, when the user should hear of it: not when a store
  ///   gets its first index (a new store, or one made before there was one).
  static func migrate(_ connection: SQLiteConnection) throws(SQLiteError) -> SearchIndexRebuild? {
    let current = SQLiteSchema.currentVersion
    let version = try connection.integer("PRAGMA user_version")
    let found = try SQLiteSearchIndex.damage(in: connection)
    let hasListObjects = try SQLiteSchema.hasListObjects(connection)
    let listsAreWhole = try hasListObjects ? SQLiteTitleKeys.areWhole(in: connection) : false
    let versionsAreWhole = try SQLiteVersionDeltas.areWhole(in: connection)
    let hasIndexes19 = try SQLiteSchema.has(SQLiteSchema.version19Indexes, in: connection)
    guard
      version < current || found != nil || !listsAreWhole || !versionsAreWhole || !hasIndexes19
    else {
      return nil
    }
    var rebuild: SearchIndexRebuild?
    do {
      try connection.inTransaction { () throws(SQLiteError) in
        // Read again inside the write lock: another process may have migrated or rebuilt.
        // A version below zero is no version FieldNotes ever wrote: migrated from the start,
        // each migration making only what is missing.
        let version = max(0, try connection.integer("PRAGMA user_version"))
        let hadIndex = try SQLiteSearchIndex.exists(in: connection)
        let isPlainUpgrade = try SQLiteSchema.isPlainUpgrade(from: version, of: connection)
        for (index, migration) in SQLiteSchema.migrations.enumerated().dropFirst(version) {
          if index + 1 == SQLiteSchema.recoveryVersion {
            try SQLiteRecovery.addMissingColumns(to: connection)
          }
          if index + 1 == SQLiteSchema.titleKeyVersion {
            try SQLiteTitleKeys.addColumns(to: connection)
          }
          if index + 1 == SQLiteSchema.propertiesVersion {
            try SQLiteProperties.addColumns(to: connection)
          }
          if index + 1 == SQLiteSchema.importedFilesVersion {
            try SQLiteImportedFiles.addColumns(to: connection)
          }
          try connection.execute(migration)
        }
        try connection.execute("PRAGMA user_version = \(current)")
        // A table, index or trigger of the lists dropped since: made and filled again.
        if try !SQLiteSchema.hasListObjects(connection) {
          try connection.execute(SQLiteSchema.listTables)
        }
        if try !SQLiteTitleKeys.areWhole(in: connection) {
          try SQLiteTitleKeys.addColumns(to: connection)
          try connection.execute(SQLiteTitleKeys.creation)
        }
        // The versions' scripts or their triggers, dropped since: made again.
        if try !SQLiteVersionDeltas.areWhole(in: connection) {
          try connection.execute(SQLiteVersionDeltas.creation)
        }
        // The indexes of version 19, dropped since: made again (`IF NOT EXISTS`).
        try connection.execute(SQLiteSchema.migrations[SQLiteSchema.editOrderVersion - 1])
        // Every key not of its row's title: all of them where a migration just added the
        // columns, and any another program's write left.
        try SQLiteTitleKeys.fill(connection)
        var damage = try SQLiteSearchIndex.damage(in: connection, readingTheIndex: false) ?? found
        if version < current, hadIndex, !isPlainUpgrade { damage = .writtenByEarlierFieldNotes }
        guard let damage else { return }
        try SQLiteSearchIndex.rebuild(connection)
        if hadIndex || version >= SQLiteSchema.searchIndexVersion {
          rebuild = SearchIndexRebuild(reason: damage.reason)
        }
      }
    } catch  where version == current && SQLiteSearchIndex.isDamage(error) {
      // Only the index needed work, and it couldn't be rebuilt: the store opens anyway, and
      // searches read the notes (the index stays untrusted, or fails and is marked so).
      return nil
    }
    return rebuild
  }
}
