import CSQLite
import FieldNotesModel
import FieldNotesServices
import Foundation

/// How notes and notebooks map to rows of the schema in ``SQLiteSchema``.
enum SQLiteRows {
  static func library(from connection: SQLiteConnection) throws -> NoteLibrary {
    var unreadable: [UnreadableNote] = []
    let notes = try self.notes(
      from: connection, expectedCount: lastNoteRow(in: connection), unreadable: &unreadable)
    var library = NoteLibrary(notebooks: try notebooks(from: connection), notes: oldestFirst(notes))
    library.unreadableNotes = unreadable
    return library
  }

  static func notebooks(from connection: SQLiteConnection) throws -> [Notebook] {
    var notebooks: [Notebook] = []
    let statement = try connection.prepare(
      "SELECT id, name, symbol_name FROM notebooks ORDER BY rowid")
    while try statement.step() {
      notebooks.append(
        Notebook(
          id: try uuid(statement.text(at: 0), path: connection.path),
          name: statement.text(at: 1),
          symbolName: statement.text(at: 2)))
    }
    return notebooks
  }

  /// The largest row number of the notes, read from the table's b-tree at once; a close upper
  /// bound on how many there are.
  static func lastNoteRow(in connection: SQLiteConnection) throws(SQLiteError) -> Int {
    try connection.integer("SELECT coalesce(max(rowid), 0) FROM notes")
  }

  /// The columns of a note, in the order ``note(from:unreadable:)`` reads them.
  static let noteColumns =
    "notes.id, notes.title, notes.body, notes.created_at, notes.updated_at, notes.notebook_id, "
    + "notes.tags, notes.is_pinned, notes.conflict_of, notes.properties, notes.imported_file"

  /// Reads every note, in storage order.
  ///
  /// - Parameters:
  ///   - connection: Where to read them.
  ///   - expectedCount: About how many there are, so the array is allocated once.
  ///   - unreadable: Where a damaged row is reported; it is skipped, and the others are read.
  /// - Returns: The notes.
  /// - Throws: `SQLiteError` when the file can't be read.
  static func notes(
    from connection: SQLiteConnection, expectedCount: Int, unreadable: inout [UnreadableNote]
  ) throws -> [Note] {
    var loaded: [Note] = []
    loaded.reserveCapacity(min(max(expectedCount, 0), 10_000_000))
    let notes = try connection.prepare("SELECT \(noteColumns) FROM notes")
    while try notes.step() {
      if let note = note(from: notes, unreadable: &unreadable) { loaded.append(note) }
    }
    return loaded
  }

  /// Makes a note of the row a statement stands on, its columns as ``noteColumns`` names
  /// them, or reports the row as damaged.
  ///
  /// - Parameters:
  ///   - row: The statement, on a row.
  ///   - unreadable: Where a damaged row is reported.
  /// - Returns: The note, or `nil` for a damaged row.
  static func note(from row: SQLiteStatement, unreadable: inout [UnreadableNote]) -> Note? {
    guard let id = row.uuid(at: 0) else {
      unreadable.append(UnreadableNote(id: nil, reason: "its identifier is not a UUID"))
      return nil
    }
    guard let tags = row.withBytes(at: 6, TagsText.decode) else {
      unreadable.append(UnreadableNote(id: id, reason: "its tags are not a list"))
      return nil
    }
    guard row.isNumber(at: 3), row.isNumber(at: 4) else {
      unreadable.append(UnreadableNote(id: id, reason: "its dates are not numbers"))
      return nil
    }
    let pin = row.int(at: 7)
    guard pin == 0 || pin == 1, row.isNumber(at: 7) else {
      unreadable.append(UnreadableNote(id: id, reason: "its pin is neither 0 nor 1"))
      return nil
    }
    var notebookID: UUID?
    if !row.isNull(at: 5) {
      guard let parsed = row.uuid(at: 5) else {
        unreadable.append(UnreadableNote(id: id, reason: "its notebook is not a UUID"))
        return nil
      }
      notebookID = parsed
    }
    // A conflict's original that isn't an identifier leaves a plain note.
    return Note(
      id: id, title: row.text(at: 1), body: row.text(at: 2),
      createdAt: Date(timeIntervalSinceReferenceDate: row.double(at: 3)),
      notebookID: notebookID, tags: tags, isPinned: pin == 1,
      updatedAt: Date(timeIntervalSinceReferenceDate: row.double(at: 4)),
      conflictOf: row.isNull(at: 8) ? nil : row.uuid(at: 8),
      properties: row.isNull(at: 9) ? [] : SQLiteProperties.decode(row.text(at: 9)),
      importedFile: row.isNull(at: 10) ? nil : SQLiteImportedFiles.decode(row.text(at: 10)))
  }

  /// Notes in the order the library keeps them: oldest first, ties broken by identifier.
  ///
  /// Rows come in storage order, which is nearly always creation order; checking that is cheaper
  /// than asking SQLite to sort whole rows, bodies included.
  static func oldestFirst(_ notes: [Note]) -> [Note] {
    let isOldestFirst = notes.indices.dropFirst().allSatisfy { index in
      notes[index - 1].createdAt < notes[index].createdAt
    }
    return isOldestFirst ? notes : notes.sorted { isLater($1, $0) }
  }

  /// Whether a note comes after another, oldest first, ties broken by identifier.
  private static func isLater(_ lhs: Note, _ rhs: Note) -> Bool {
    lhs.createdAt != rhs.createdAt
      ? lhs.createdAt > rhs.createdAt : lhs.id.uuidString > rhs.id.uuidString
  }

  /// Writes the changes of one transaction, the search index's entries last (see
  /// ``SQLiteSearchIndex/applyPending(_:)``).
  ///
  /// If the index made SQLite roll the whole transaction back, the changes are written again
  /// without it, in a new transaction that the caller commits, and the index is marked damaged:
  /// a save never fails for the index. That is done only if no other connection wrote in
  /// between, since the changes may have been made from what the lost transaction read.
  ///
  /// - Throws: `SQLiteError`; the caller rolls back.
  static func write(
    _ changes: [RepositoryChange], to connection: SQLiteConnection,
    progress: (Int) -> Void = { _ in }
  ) throws(SQLiteError) {
    try write(
      streaming: { write throws(SQLiteError) in
        for change in changes { try write(change) }
      }, to: connection, progress: progress)
  }

  /// Writes the changes of one transaction as a producer hands them over, one by one, as
  /// ``write(_:to:progress:)`` does; the producer runs again if the changes must be written
  /// again.
  ///
  /// - Parameters:
  ///   - produce: Hands each change over.
  ///   - connection: The store, in a write transaction.
  ///   - isBulk: Whether the changes are an import's, many new notes at once, which may be
  ///     written without the triggers of the lists' tables (``SQLiteBulkInsert``).
  ///   - progress: Told every 10,000 changes how many are written.
  /// - Throws: `SQLiteError`; the caller rolls back.
  static func write(
    streaming produce: (_ write: (RepositoryChange) throws(SQLiteError) -> Void)
      throws(SQLiteError) -> Void,
    to connection: SQLiteConnection, isBulk: Bool = false, progress: (Int) -> Void = { _ in }
  ) throws(SQLiteError) {
    let dataVersion = try connection.integer("PRAGMA data_version")
    // Rows changed before this transaction were changed by another program; the ones changed
    // from here on are this transaction's, which its index entries keep in step.
    try SQLiteSearchIndex.recordChangesMadeElsewhere(connection)
    var queuedSearchEntries = false
    var written = 0
    var bulk = SQLiteBulkInsert(isAllowed: isBulk)
    try withoutActuallyEscaping(progress) { progress throws(SQLiteError) in
      try produce { change throws(SQLiteError) in
        if try write(change, to: connection, bulk: &bulk) { queuedSearchEntries = true }
        written += 1
        if written % 10_000 == 0 { progress(written) }
      }
    }
    try bulk.end(connection)
    // Keys not of their titles, which another program's writes left since the last save.
    try SQLiteTitleKeys.fill(connection)
    // The versions this write kept whole, and any another program's writes left, as changes.
    try SQLiteVersionDeltas.compactQueued(in: connection)
    // A change that leaves every note's text as it was (a pin, a move, a notebook) queues
    // nothing, so the index isn't touched at all.
    guard queuedSearchEntries,
      case .transactionLost(let failure) = try SQLiteSearchIndex.applyPending(
        connection, finishingMergesOf: isBulk ? written : nil)
    else { return }
    try connection.execute("BEGIN IMMEDIATE")
    guard try connection.integer("PRAGMA data_version") == dataVersion else {
      throw SQLiteError(code: SQLITE_BUSY, message: "another FieldNotes wrote meanwhile")
    }
    try SQLiteSearchIndex.recordDamage(
      "a save could not write to it: \(SQLiteSearchIndex.description(of: failure))",
      in: connection)
    // Written again as any save is, with every trigger: this is rare.
    var again = SQLiteBulkInsert(isAllowed: false)
    try produce { change throws(SQLiteError) in
      _ = try write(change, to: connection, bulk: &again)
    }
    try SQLiteTitleKeys.fill(connection)
    try SQLiteVersionDeltas.compactQueued(in: connection)
    _ = try SQLiteSearchIndex.applyPending(connection)
  }

  /// Writes one change.
  ///
  /// A change that could update or delete a note's row first gives the rows written without
  /// the lists' triggers what the triggers would have (``SQLiteBulkInsert/end(_:)``).
  ///
  /// - Returns: Whether it queued entries for the search index.
  @discardableResult
  private static func write(
    _ change: RepositoryChange, to connection: SQLiteConnection, bulk: inout SQLiteBulkInsert
  ) throws(SQLiteError) -> Bool {
    switch change {
    case .saveNote, .saveNotebook, .expectNote, .expectNotebook, .saveAttachment:
      break
    case .trashNote, .restoreTrashedNote, .purgeTrashedNote, .deleteNotebook, .replaceNote:
      try bulk.end(connection)
    }
    switch change {
    case .saveNote(let note):
      return try save(note, to: connection, bulk: &bulk)
    case .trashNote(let id, let date):
      try SQLiteRecovery.trash(id, at: date, in: connection)
      let statement = try connection.cached(
        "DELETE FROM notes WHERE id = ?1 RETURNING rowid, title, body, tags")
      statement.bind(id, at: 1)
      defer { statement.reset() }
      guard try statement.step() else { return false }
      let row = statement.int(at: 0)
      let text = SQLiteSearchIndex.indexedText(of: statement)
      statement.reset()
      try SQLiteSearchIndex.remove(row: row, text: text, from: connection)
      return true
    case .restoreTrashedNote(let note):
      guard try SQLiteRecovery.isOnlyTrashed(note.id, in: connection) else {
        throw SQLiteError(code: SQLiteError.conflictCode, message: note.id.uuidString)
      }
      // Inserting the row takes it out of the trash (`SQLiteRecovery.trashLeavesAVersion`).
      return try save(note, to: connection, bulk: &bulk)
    case .purgeTrashedNote(let asked):
      try SQLiteRecovery.purge(asked, in: connection)
      return false
    case .saveNotebook(let notebook):
      let statement = try connection.prepare(
        """
        INSERT INTO notebooks (id, name, symbol_name) VALUES (?1, ?2, ?3)
        ON CONFLICT (id) DO UPDATE SET name = excluded.name, symbol_name = excluded.symbol_name
        """)
      statement.bind(notebook.id, at: 1)
      statement.bind(notebook.name, at: 2)
      statement.bind(notebook.symbolName, at: 3)
      try statement.run()
      return false
    case .deleteNotebook(let id):
      let statement = try connection.prepare("DELETE FROM notebooks WHERE id = ?1")
      statement.bind(id, at: 1)
      try statement.run()
      return false
    case .expectNote(let id, let expected):
      guard try savedNote(id, matches: expected, in: connection) else {
        throw SQLiteError(code: SQLiteError.conflictCode, message: id.uuidString)
      }
      return false
    case .expectNotebook(let id, let noteID):
      let statement = try connection.prepare("SELECT 1 FROM notebooks WHERE id = ?1")
      statement.bind(id, at: 1)
      let exists = try statement.step()
      statement.reset()
      guard exists else {
        throw SQLiteError(code: SQLiteError.conflictCode, message: noteID.uuidString)
      }
      return false
    case .replaceNote(let old, let new):
      return try replace(old, with: new, in: connection)
    case .saveAttachment(let attachment, let id):
      try SQLiteAttachments.save(attachment, forNote: id, in: connection)
      return false
    }
  }

  /// A column of the notes table, and how a note's value of it is bound.
  private enum Column: CaseIterable {
    case title, body, createdAt, updatedAt, notebook, tags, isPinned, conflictOf, properties
    case importedFile

    var name: String {
      switch self {
      case .title: "title"
      case .body: "body"
      case .createdAt: "created_at"
      case .updatedAt: "updated_at"
      case .notebook: "notebook_id"
      case .tags: "tags"
      case .isPinned: "is_pinned"
      case .conflictOf: "conflict_of"
      case .properties: "properties"
      case .importedFile: "imported_file"
      }
    }

    /// Whether the column holds part of the searchable text.
    var isIndexed: Bool { self == .title || self == .body || self == .tags }

    /// Whether two versions of a note differ in this column.
    func differs(_ old: Note, _ new: Note) -> Bool {
      switch self {
      case .title: old.title != new.title
      case .body: old.body != new.body
      case .createdAt: old.createdAt != new.createdAt
      case .updatedAt: old.updatedAt != new.updatedAt
      case .notebook: old.notebookID != new.notebookID
      case .tags: old.tags != new.tags
      case .isPinned: old.isPinned != new.isPinned
      case .conflictOf: old.conflictOf != new.conflictOf
      case .properties: old.properties != new.properties
      case .importedFile: old.importedFile != new.importedFile
      }
    }
  }

  /// Writes the columns in which a note changed, in one statement that checks them all.
  ///
  /// The statement's `WHERE` checks the saved row is still the old note, column by column
  /// (`IS`, so a notebook of none compares too); a pin sends the body once, to compare, and reads
  /// nothing back. The search entry changes only when the text did, from the old note's text,
  /// which the check has just proved is the row's.
  ///
  /// - Returns: Whether it queued search entries: whether the text changed.
  private static func replace(_ old: Note, with new: Note, in connection: SQLiteConnection)
    throws(SQLiteError) -> Bool
  {
    let changed = Column.allCases.filter { $0.differs(old, new) }
    guard !changed.isEmpty else {
      guard try savedNote(old.id, matches: old, in: connection) else {
        throw SQLiteError(code: SQLiteError.conflictCode, message: old.id.uuidString)
      }
      return false
    }
    // A new title's key is written with it, as the last parameter, and the title it is of
    // (``SQLiteTitleKeys``).
    let keyParameter = Int32(changed.count + 11)
    let keyAssignments = changed.firstIndex(of: .title).map { title in
      ["title_key = ?\(keyParameter)", "title_key_of = ?\(title + 11)"]
    }
    let assignments =
      changed.enumerated().map { "\($1.name) = ?\($0 + 11)" } + (keyAssignments ?? [])
    let statement = try connection.cached(
      """
      UPDATE notes SET \(assignments.joined(separator: ", "))
      WHERE id = ?1 AND title IS ?2 AND body IS ?3 AND created_at IS ?4 AND updated_at IS ?5
        AND notebook_id IS ?6 AND tags IS ?7 AND is_pinned IS ?8 AND conflict_of IS ?9
        AND properties IS ?10
      RETURNING rowid
      """)
    defer { statement.reset() }
    statement.bind(old.id, at: 1)
    bindColumns(of: old, to: statement)
    for (offset, column) in changed.enumerated() {
      let index = Int32(offset + 11)
      switch column {
      case .title:
        statement.bind(new.title, at: index)
        statement.bind(blob: NoteSortOrder.titleKey(new.title), at: keyParameter)
      case .body: statement.bind(new.body, at: index)
      case .createdAt: statement.bind(new.createdAt.timeIntervalSinceReferenceDate, at: index)
      case .updatedAt: statement.bind(new.updatedAt.timeIntervalSinceReferenceDate, at: index)
      case .notebook:
        if let notebookID = new.notebookID {
          statement.bind(notebookID, at: index)
        } else {
          statement.bindNull(at: index)
        }
      case .tags: statement.bind(TagsText.encode(new.tags), at: index)
      case .isPinned: statement.bind(new.isPinned ? 1 : 0, at: index)
      case .conflictOf: bind(new.conflictOf, at: index, to: statement)
      case .properties: statement.bind(SQLiteProperties.encode(new.properties), at: index)
      case .importedFile:
        bind(SQLiteImportedFiles.encode(new.importedFile), at: index, to: statement)
      }
    }
    guard try statement.step() else {
      throw SQLiteError(code: SQLiteError.conflictCode, message: old.id.uuidString)
    }
    let row = statement.int(at: 0)
    // Stepping to the end finishes the statement, as RETURNING requires before the next one.
    _ = try statement.step()
    guard changed.contains(where: \.isIndexed) else { return false }
    try SQLiteSearchIndex.remove(row: row, text: old.searchKey, from: connection)
    try SQLiteSearchIndex.add(row: row, text: new.searchKey, to: connection)
    return true
  }

  /// Inserts or replaces a note's row and keeps its search entry in step: the old text's entry
  /// is removed and the new one added, unless the text (title, body, tags) is unchanged, as for
  /// a pin.
  ///
  /// - Parameters:
  ///   - note: The note.
  ///   - connection: The store, in a write transaction.
  ///   - bulk: The transaction's rows written without the lists' triggers: a new row is counted
  ///     there, and may be written without them; a row written without them is updated only
  ///     once the tables are filled and the triggers back.
  /// - Returns: Whether it queued search entries: whether the text changed.
  /// - Throws: `SQLiteError`; the caller rolls back.
  private static func save(
    _ note: Note, to connection: SQLiteConnection, bulk: inout SQLiteBulkInsert
  ) throws(SQLiteError) -> Bool {
    let saved = try connection.cached(
      "SELECT rowid, title, body, tags FROM notes WHERE id = ?1")
    saved.bind(note.id, at: 1)
    var savedRow: Int?
    var previousText: [UInt8]?
    var unchanged = false
    do {
      defer { saved.reset() }
      if try saved.step() {
        savedRow = saved.int(at: 0)
        unchanged =
          saved.text(at: 1) == note.title && saved.text(at: 3) == TagsText.encode(note.tags)
          && saved.text(at: 2) == note.body
        if !unchanged { previousText = SQLiteSearchIndex.indexedText(of: saved) }
      }
    }
    if let savedRow {
      if bulk.covers(row: savedRow) { try bulk.end(connection) }
    } else {
      try bulk.willInsertRow(connection)
    }
    if unchanged {
      try upsert(note, savedRow: savedRow, into: connection)
      return false
    }
    if let savedRow, let previousText {
      try SQLiteSearchIndex.remove(row: savedRow, text: previousText, from: connection)
    }
    let row = try upsert(note, savedRow: savedRow, into: connection)
    try SQLiteSearchIndex.add(row: row, text: note.searchKey, to: connection)
    return true
  }

  /// Inserts a note's row, or updates the one it has.
  ///
  /// A note without a row is inserted by a plain `INSERT`, not the `ON CONFLICT` form: that
  /// form may update, which fires the update triggers, so SQLite would keep a statement journal
  /// for every note an import writes, even with the insert triggers dropped
  /// (``SQLiteBulkInsert``).
  ///
  /// The row's number is known without `RETURNING`: a row replaced keeps the number just read,
  /// and a row inserted has the connection's last inserted one. `RETURNING` would cost more
  /// than the write itself here: with it, SQLite runs the triggers the insert fires (the
  /// lists' tables, the versions, the search index's watch) about twice as slowly, some 60 µs
  /// a note, a third of an import's time on a library of prose.
  ///
  /// - Parameters:
  ///   - note: The note.
  ///   - savedRow: The number of the note's row, read in this transaction; `nil` when it has
  ///     none.
  ///   - connection: The store, in a write transaction.
  /// - Returns: The row's number, which its search entry is keyed by.
  /// - Throws: `SQLiteError` when the row can't be written; the caller rolls back.
  @discardableResult
  private static func upsert(
    _ note: Note, savedRow: Int?, into connection: SQLiteConnection
  ) throws(SQLiteError) -> Int {
    let insert = """
      INSERT INTO notes (id, title, body, created_at, updated_at, notebook_id, tags, is_pinned,
          conflict_of, properties, title_key, title_key_of, imported_file)
      VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?2, ?12)
      """
    let update = """
      ON CONFLICT (id) DO UPDATE SET
        title = excluded.title, body = excluded.body, created_at = excluded.created_at,
        updated_at = excluded.updated_at, notebook_id = excluded.notebook_id,
        tags = excluded.tags, is_pinned = excluded.is_pinned, conflict_of = excluded.conflict_of,
        properties = excluded.properties, title_key = excluded.title_key,
        title_key_of = excluded.title_key_of, imported_file = excluded.imported_file
      """
    let statement = try connection.cached(savedRow == nil ? insert : insert + "\n" + update)
    statement.bind(note.id, at: 1)
    bindColumns(of: note, to: statement)
    statement.bind(blob: NoteSortOrder.titleKey(note.title), at: 11)
    bind(SQLiteImportedFiles.encode(note.importedFile), at: 12, to: statement)
    try statement.run()
    guard connection.changes == 1 else {
      throw SQLiteError(code: SQLITE_IOERR, message: "saving \"\(note.title)\" wrote no row")
    }
    return savedRow ?? connection.lastInsertedRow
  }

  /// Binds a note's columns after its identifier, as parameters 2 to 10: title, body, creation
  /// and edit dates, notebook, tags, pin, conflict's original, properties; the order every
  /// statement here uses.
  private static func bindColumns(of note: Note, to statement: SQLiteStatement) {
    statement.bind(note.title, at: 2)
    statement.bind(note.body, at: 3)
    statement.bind(note.createdAt.timeIntervalSinceReferenceDate, at: 4)
    statement.bind(note.updatedAt.timeIntervalSinceReferenceDate, at: 5)
    if let notebookID = note.notebookID {
      statement.bind(notebookID, at: 6)
    } else {
      statement.bindNull(at: 6)
    }
    statement.bind(TagsText.encode(note.tags), at: 7)
    statement.bind(note.isPinned ? 1 : 0, at: 8)
    bind(note.conflictOf, at: 9, to: statement)
    statement.bind(SQLiteProperties.encode(note.properties), at: 10)
  }

  /// Binds an identifier, or `NULL` for none.
  private static func bind(_ id: UUID?, at index: Int32, to statement: SQLiteStatement) {
    if let id { statement.bind(id, at: index) } else { statement.bindNull(at: index) }
  }

  /// Binds a text, or `NULL` for none.
  private static func bind(_ text: String?, at index: Int32, to statement: SQLiteStatement) {
    if let text { statement.bind(text, at: index) } else { statement.bindNull(at: index) }
  }

  /// Whether the saved note with an identifier is exactly the one given, column by column as
  /// it would be written, or is absent for `nil`.
  private static func savedNote(
    _ id: UUID, matches expected: Note?, in connection: SQLiteConnection
  ) throws(SQLiteError) -> Bool {
    let statement = try connection.cached(
      """
      SELECT title = ?2 AND body = ?3 AND created_at = ?4 AND updated_at = ?5
        AND notebook_id IS ?6 AND tags = ?7 AND is_pinned = ?8 AND conflict_of IS ?9
        AND properties IS ?10
      FROM notes WHERE id = ?1
      """)
    defer { statement.reset() }
    statement.bind(id, at: 1)
    if let expected { bindColumns(of: expected, to: statement) }
    guard try statement.step() else { return expected == nil }
    return expected != nil && statement.int(at: 0) == 1
  }

  private static func uuid(_ text: String, path: String) throws(RepositoryError) -> UUID {
    guard let id = UUID(uuidString: text) else {
      throw .corrupt(path: path, detail: "a row's identifier \"\(text.prefix(40))\" is not a UUID")
    }
    return id
  }
}
