/// An import's new rows written without the triggers a new row fires, whose work is then done
/// for all those rows at once by a few statements, inside the same transaction.
///
/// Each new row fires seven triggers: the refusal of an identifier in small letters before it
/// is written, then the lists' tables (``SQLiteSchema/damagedNotesInsert``,
/// ``SQLiteSchema/noteTagsInsert``, ``SQLiteSchema/noteCountsInsert``), the version a note
/// back from the trash leaves, the sync journal's entry and the search index's watch. Row by
/// row they cost some 80 µs a note, a quarter of an import of a library of prose, where the same
/// work done once for all the rows costs a few µs a note. And while any of them is there, each
/// note's `INSERT` may write more than one row, so SQLite keeps a statement journal for it: a
/// copy of every page the statement changes, which on a large import went to a temporary file
/// and cost a tenth of the import's time. Without them a new note is one row and its index
/// entries, written with no statement journal at all.
///
/// So, once an import has written ``rowsBeforeBulk`` new rows, the triggers are dropped (their
/// definitions kept as the store has them), the rest of its new rows are written without them,
/// and before the transaction ends every table is given exactly what the triggers would have
/// given those rows (``end(_:)``), and the triggers are made again from their definitions. The
/// drop and the making again are part of the transaction: a rollback, or a crash, leaves the
/// triggers as they were, and no other connection ever sees the store without them.
///
/// An import into a store that holds no notes drops the notes table's indexes with them, the
/// same way, and makes each again from its definition once the rows are written: a sort of
/// the rows, where entering each row into every index as it is written goes all over indexes
/// larger than the page cache (the title index, by a million notes). No statement of the
/// import reads through them meanwhile; every lookup is by identifier (the primary key).
///
/// Every trigger of an update or a deletion still fires; and before any write that could
/// update or delete a row written without the triggers, or take a note out of the trash, the
/// tables are filled and the triggers made again (``end(_:)``), so that such a write finds the
/// tables as the triggers would have left them.
struct SQLiteBulkInsert {
  /// How many new rows a transaction writes with the triggers before it drops them: a save of
  /// a few notes isn't worth the change of schema.
  static let rowsBeforeBulk = 100

  /// The triggers dropped, each with what it does for every row from a first one on, in one
  /// go: the same rows its body writes, for every new row at once.
  ///
  /// Every trigger a new note fires is here (`SQLiteBulkInsertTests` checks the store's
  /// schema against this list), so a new note's `INSERT` needs no statement journal.
  ///
  /// Each is given the first row and the names of the triggers dropped: the counts by notebook
  /// leave out the damaged rows `damaged_notes` now holds when its trigger was stood in for
  /// just before, rather than check every row for damage a second time.
  static let replacements:
    [(trigger: String, statements: @Sendable (_ first: Int, _ dropped: Set<String>) -> String)] = [
      (
        "notes_identifier_in_capitals_insert",
        { first, _ in
          // The refusal of small letters in an identifier (``SQLiteIdentifierCase``), for every
          // new row at once: giving such a row its identifier again fires the update's own
          // trigger, which is never dropped, and refuses it with the same message. (FieldNotes
          // writes identifiers in capitals; this holds the rule for the rows all the same.)
          """
          UPDATE notes SET id = id
            WHERE rowid >= \(first) AND \(SQLiteIdentifierCase.inSmallLetters("id"));
          """
        }
      ),
      (
        "damaged_notes_insert",
        { first, _ in
          """
          DELETE FROM damaged_notes WHERE row >= \(first);
          INSERT OR IGNORE INTO damaged_notes
            SELECT rowid FROM notes WHERE rowid >= \(first) AND \(SQLiteSchema.damagedRow());
          """
        }
      ),
      (
        "note_tags_insert",
        { first, _ in
          // `note_tags`' own triggers count them in `tag_counts`, as they count the trigger's.
          """
          DELETE FROM note_tags WHERE note_id IN (SELECT id FROM notes WHERE rowid >= \(first));
          INSERT OR IGNORE INTO note_tags (tag, is_pinned, created_at, note_id)
            SELECT DISTINCT tag.value, notes.is_pinned, notes.created_at, notes.id
            FROM notes, json_each(\(SQLiteSchema.tagList(of: "notes"))) AS tag
            WHERE notes.rowid >= \(first) AND tag.type = 'text';
          """
        }
      ),
      (
        "note_counts_insert",
        { first, dropped in
          let whole =
            dropped.contains("damaged_notes_insert")
            ? "rowid NOT IN (SELECT row FROM damaged_notes WHERE row >= \(first))"
            : "NOT \(SQLiteSchema.damagedRow())"
          return """
            INSERT INTO note_counts (notebook_id, notes, pinned, untagged)
              SELECT coalesce(notebook_id, ''), count(*), sum(is_pinned = 1), sum(tags = '[]')
              FROM notes WHERE rowid >= \(first) AND \(whole) GROUP BY 1
              ON CONFLICT (notebook_id) DO UPDATE SET
                notes = notes + excluded.notes, pinned = pinned + excluded.pinned,
                untagged = untagged + excluded.untagged;
            """
        }
      ),
      (
        SQLiteRecovery.trashLeavesAVersion,
        { first, _ in
          // A note back from the trash with other text leaves the trashed text as a version,
          // and leaves the trash. Each identifier is one row, so one version each.
          SQLiteProperties.trashedTextKept(
            from: "notes AS new JOIN trashed_notes AS trashed ON trashed.id = new.id",
            where: "new.rowid >= \(first)")
              + """

              DELETE FROM trashed_notes WHERE id IN (SELECT id FROM notes WHERE rowid >= \(first));
              """
        }
      ),
      (
        "sync_journal_note_insert",
        { first, _ in
          """
          INSERT INTO sync_journal (kind, id)
            SELECT 0, id FROM notes
            WHERE rowid >= \(first) AND EXISTS (SELECT 1 FROM sync_journal_start) ORDER BY rowid;
          """
        }
      ),
      (
        "search_index_changed_insert",
        { first, _ in
          // Taken out again before the transaction ends, for the rows whose entries it queued.
          """
          INSERT OR IGNORE INTO search_index_changed_rows (row)
            SELECT rowid FROM notes WHERE rowid >= \(first);
          """
        }
      ),
    ]

  /// Whether this transaction may drop the triggers: an import's.
  let isAllowed: Bool
  /// How many new rows were written so far.
  private var newRows = 0
  /// The triggers dropped, by name, with the statement that made each, as the store had it.
  private var dropped: [(name: String, definition: String)] = []
  /// The indexes of the notes table dropped, by name, with the statement that made each: an
  /// import into a store with no notes builds them after its rows, as `sqlite3` loading a
  /// database does, rather than enter every row into each as it goes.
  private var droppedIndexes: [(name: String, definition: String)] = []
  /// The number of the first row written without the triggers; `nil` while they are there.
  ///
  /// Every row from it on was inserted by this transaction without them: it is one more than
  /// the largest row number when they were dropped, and SQLite numbers each new row one more
  /// than the largest (``begin(_:)`` makes sure it doesn't pick numbers at random).
  private(set) var firstRow: Int?

  /// Creates the state of a transaction's writes, with the triggers there.
  ///
  /// - Parameter isAllowed: Whether the triggers may be dropped.
  init(isAllowed: Bool) {
    self.isAllowed = isAllowed
  }

  /// Whether a row was written without the triggers.
  func covers(row: Int) -> Bool {
    firstRow.map { row >= $0 } ?? false
  }

  /// Counts a new row about to be written, and drops the triggers when it is time, and the
  /// notes' indexes too when the store holds no note but this transaction's.
  ///
  /// - Throws: `SQLiteError`; the caller rolls back.
  mutating func willInsertRow(_ connection: SQLiteConnection) throws(SQLiteError) {
    newRows += 1
    guard isAllowed, firstRow == nil, newRows > Self.rowsBeforeBulk else { return }
    let next = try connection.integer("SELECT coalesce(max(rowid), 0) + 1 FROM notes")
    // Near the largest row number SQLite numbers new rows at random: the triggers stay.
    guard next < Int.max / 2 else { return }
    let names = Self.replacements.map { "'\($0.trigger)'" }.joined(separator: ", ")
    let definitions = try connection.prepare(
      "SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND name IN (\(names))")
    dropped = []
    while try definitions.step() {
      dropped.append((definitions.text(at: 0), definitions.text(at: 1)))
    }
    try connection.execute(dropped.map { "DROP TRIGGER \($0.name);" }.joined())
    firstRow = next
    // When every note is this transaction's, the lists' indexes are made once its rows are
    // written: one sort each, where entering each row as it comes goes all over an index
    // larger than the page cache at a million notes (a twentieth of such an import's time).
    guard try connection.integer("SELECT count(*) FROM notes") == newRows - 1 else { return }
    let indexes = try connection.prepare(
      "SELECT name, sql FROM sqlite_master WHERE type = 'index' AND tbl_name = 'notes' "
        + "AND sql IS NOT NULL")
    droppedIndexes = []
    while try indexes.step() { droppedIndexes.append((indexes.text(at: 0), indexes.text(at: 1))) }
    // Another tool's index may have any name: each is quoted as an identifier.
    try connection.execute(
      droppedIndexes.map {
        "DROP INDEX \"\($0.name.replacingOccurrences(of: "\"", with: "\"\""))\";"
      }.joined())
  }

  /// Makes the indexes dropped again, gives the rows written without the triggers what the
  /// triggers would have given them, and makes the triggers again; nothing when they are there.
  ///
  /// A trigger the store didn't have (an index that isn't watched, say) was neither dropped
  /// nor stood in for.
  ///
  /// - Throws: `SQLiteError`; the caller rolls back.
  mutating func end(_ connection: SQLiteConnection) throws(SQLiteError) {
    guard let first = firstRow else { return }
    try connection.execute(droppedIndexes.map { $0.definition + ";" }.joined(separator: "\n"))
    droppedIndexes = []
    let names = Set(dropped.map(\.name))
    for replacement in Self.replacements where names.contains(replacement.trigger) {
      try connection.execute(replacement.statements(first, names))
    }
    try connection.execute(dropped.map { $0.definition + ";" }.joined(separator: "\n"))
    dropped = []
    firstRow = nil
  }
}
