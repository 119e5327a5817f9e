import FieldNotesModel
import FieldNotesQuery
import FieldNotesServices

extension SQLiteNoteRepository {
  /// Answers a list's query with SQL through the store's indexes (see ``SQLiteQueries``).
  ///
  /// - Parameter query: The query.
  /// - Returns: The page.
  /// - Throws: ``FieldNotesServices/RepositoryError`` when the notes can't be read.
  /// - Complexity: About the rows shown for a list by date or by title (by title, the list's
  ///   notes while a title another program wrote has no key yet); the matches for a search.
  public func page(_ query: NoteListQuery) throws(RepositoryError) -> NotePage {
    try read { connection in
      var damage: String?
      try connection.execute("BEGIN")
      let page: NotePage
      do {
        page = try SQLiteQueries.page(query, in: connection, damage: &damage)
        try connection.execute("COMMIT")
      } catch {
        try? connection.execute("ROLLBACK")
        throw error
      }
      // Recorded once the read is over: recording takes the write lock, if it is free.
      if let damage { SQLiteSearchIndex.recordDamageIfUnlocked(damage, in: connection) }
      // A list by title read every title when a key was missing: the keys, likewise.
      if query.order == .title { SQLiteTitleKeys.fillIfUnlocked(connection) }
      return page
    }
  }

  /// Reads one note by its primary key.
  ///
  /// - Parameter id: The note's identifier.
  /// - Returns: The note, or `nil`.
  /// - Throws: ``FieldNotesServices/RepositoryError`` when it can't be read.
  public func note(withID id: Note.ID) throws(RepositoryError) -> Note? {
    try read { connection in try SQLiteQueries.note(withID: id, in: connection) }
  }

  /// Reads the notebooks.
  ///
  /// - Returns: The notebooks, in the order they were created.
  /// - Throws: ``FieldNotesServices/RepositoryError`` when they can't be read.
  public func notebooks() throws(RepositoryError) -> [Notebook] {
    try read { connection in try SQLiteRows.notebooks(from: connection) }
  }

  /// Reads the counts the triggers keep of each notebook's notes and each tag's, in one read.
  ///
  /// - Returns: The counts.
  /// - Throws: ``FieldNotesServices/RepositoryError`` when they can't be read.
  public func summary() throws(RepositoryError) -> LibrarySummary {
    try read { connection in
      var summary = try SQLiteQueries.summary(in: connection)
      summary.tagCounts = try SQLiteQueries.tagCounts(in: connection)
      return summary
    }
  }

  /// Looks identifiers up by primary key.
  ///
  /// - Parameter ids: The identifiers.
  /// - Returns: The saved ones.
  /// - Throws: ``FieldNotesServices/RepositoryError`` when the notes can't be read.
  public func savedNoteIDs(among ids: [Note.ID]) throws(RepositoryError) -> Set<Note.ID> {
    try read { connection in try SQLiteQueries.savedNoteIDs(among: ids, in: connection) }
  }

  /// The identifiers of saved and trashed notes next to each of some identifiers, two lookups
  /// each in each table's primary key.
  ///
  /// - Parameter ids: The identifiers.
  /// - Returns: For each, the nearest identifiers below it and above it, saved and trashed.
  /// - Throws: ``FieldNotesServices/RepositoryError`` when the store can't be read.
  public func noteIDs(nextTo ids: [Note.ID]) throws(RepositoryError) -> [[Note.ID]] {
    try read { connection in try SQLiteQueries.noteIDs(nextTo: ids, in: connection) }
  }

  /// The damaged rows, found through the index that holds only them.
  ///
  /// - Returns: What is known of each.
  /// - Throws: ``FieldNotesServices/RepositoryError`` when the store can't be read.
  public func unreadableNotes() throws(RepositoryError) -> [UnreadableNote] {
    try read { connection in try SQLiteQueries.unreadableNotes(in: connection) }
  }
}

extension SQLiteNoteRepository {
  /// Reads a note's versions, kept by the `note_versions_keep` trigger.
  ///
  /// - Parameter id: The note, saved or in the trash.
  /// - Returns: Its versions, oldest first.
  /// - Throws: ``FieldNotesServices/RepositoryError`` when they can't be read.
  public func versions(ofNote id: Note.ID) throws(RepositoryError) -> [NoteVersion] {
    try read { connection in try SQLiteRecovery.versions(of: id, in: connection) }
  }

  /// Reads one version of a note, its body rebuilt from at most the rows up to the next version
  /// kept whole (`SQLiteVersionDeltas`), whatever the number of versions.
  ///
  /// - Parameters:
  ///   - number: The version's number.
  ///   - id: The note.
  /// - Returns: The version; `nil` when there is none of that number, or it can't be read.
  /// - Throws: ``FieldNotesServices/RepositoryError`` when the store can't be read.
  public func version(_ number: Int, ofNote id: Note.ID) throws(RepositoryError) -> NoteVersion? {
    try read { connection in
      try connection.execute("BEGIN")
      defer { try? connection.execute("COMMIT") }
      return try SQLiteRecovery.version(number, of: id, in: connection)
    }
  }

  /// Reads the trash.
  ///
  /// - Returns: The trashed notes, deleted last first.
  /// - Throws: ``FieldNotesServices/RepositoryError`` when they can't be read.
  public func trashedNotes() throws(RepositoryError) -> [TrashedNote] {
    try read { connection in try SQLiteRecovery.trashedNotes(in: connection) }
  }

  /// Reads the conflict copies, through the index of their originals.
  ///
  /// - Returns: The copies, oldest first.
  /// - Throws: ``FieldNotesServices/RepositoryError`` when they can't be read.
  public func conflictCopies() throws(RepositoryError) -> [Note] {
    try read { connection in try SQLiteRecovery.conflictCopies(in: connection) }
  }

  /// Reads the names and sizes of the files kept with a note, not their bytes.
  ///
  /// - Parameter id: The note.
  /// - Returns: Its attachments' names and sizes, by name.
  /// - Throws: ``FieldNotesServices/RepositoryError`` when they can't be read.
  public func attachments(ofNote id: Note.ID) throws(RepositoryError) -> [NoteAttachment.Entry] {
    try read { connection in try SQLiteAttachments.attachments(of: id, in: connection) }
  }

  /// Reads one file kept with a note, bytes and all.
  ///
  /// - Parameters:
  ///   - name: The attachment's name.
  ///   - id: The note.
  /// - Returns: The attachment; `nil` when the note keeps none of that name.
  /// - Throws: ``FieldNotesServices/RepositoryError`` when it can't be read.
  public func attachment(named name: String, ofNote id: Note.ID) throws(RepositoryError)
    -> NoteAttachment?
  {
    try read { connection in try SQLiteAttachments.attachment(named: name, of: id, in: connection) }
  }
}
