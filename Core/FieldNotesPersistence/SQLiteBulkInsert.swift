/// An import's new rows written without the triggers a new row fires for the lists' tables,
/// which are then filled from those rows by a few statements, inside the same transaction.
///
/// Each new row fires three triggers (``SQLiteSchema/damagedNotesInsert``,
/// ``SQLiteSchema/noteTagsInsert``, ``SQLiteSchema/noteCountsInsert``): some 80 µs a note, a
/// quarter of an import of a library of prose, where the same work done once for all the rows
/// costs a few µs a note. So, once an import has written ``rowsBeforeBulk`` new rows, the
/// three are dropped, the rest of its new rows are written without them, and before the
/// transaction ends the tables are given exactly what the triggers would have given those rows
/// (``end(_:)``), and the triggers are made again. The drop and the making again are part of
/// the transaction: a rollback, or a crash, leaves the triggers as they were, and no other
/// connection ever sees the store without them.
///
/// Every other trigger still fires: the versions, the trash and the search
/// index's watch. So does every trigger of an update or a deletion; and before any write that
/// could update or delete a row written without the triggers, the tables are filled and the
/// triggers made again (``end(_:)``), so that such a write finds the tables as the triggers
/// would have left them.
struct SQLiteBulkInsert {
  /// How many new rows a transaction writes with the triggers before it drops them: a save of
  /// a few notes isn't worth the change of schema.
  static let rowsBeforeBulk = 100

  /// The triggers dropped.
  static let triggers = ["damaged_notes_insert", "note_tags_insert", "note_counts_insert"]

  /// Whether this transaction may drop the triggers: an import's.
  let isAllowed: Bool
  /// How many new rows were written so far.
  private var newRows = 0
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

  /// Counts a new row about to be written, and drops the triggers when it is time.
  ///
  /// - Throws: `SQLiteError`; the caller rolls back.
  mutating func willInsertRow(_ connection: SQLiteConnection) throws(SQLiteError) {
    newRows += 1
    guard isAllowed, firstRow == nil, newRows > Self.rowsBeforeBulk else { return }
    let next = try connection.integer("SELECT coalesce(max(rowid), 0) + 1 FROM notes")
    // Near the largest row number SQLite numbers new rows at random: the triggers stay.
    guard next < Int.max / 2 else { return }
    try connection.execute(Self.triggers.map { "DROP TRIGGER IF EXISTS \($0);" }.joined())
    firstRow = next
  }

  /// Gives the rows written without the triggers what the triggers would have given them, and
  /// makes the triggers again; nothing when they are there.
  ///
  /// The statements are the triggers' own, for every such row at once: the rows FieldNotes
  /// can't read in `damaged_notes`, each row's tags in `note_tags` (whose own triggers count
  /// them in `tag_counts`, as they count the triggers'), and the rows of each notebook added to
  /// its counts.
  ///
  /// - Throws: `SQLiteError`; the caller rolls back.
  mutating func end(_ connection: SQLiteConnection) throws(SQLiteError) {
    guard let first = firstRow else { return }
    let new = "SELECT rowid FROM notes WHERE rowid >= \(first)"
    try connection.execute(
      """
      DELETE FROM damaged_notes WHERE row IN (\(new));
      INSERT OR IGNORE INTO damaged_notes
        SELECT rowid FROM notes WHERE rowid >= \(first) AND \(SQLiteSchema.damagedRow());
      DELETE FROM note_tags WHERE note_id IN (SELECT id FROM notes WHERE rowid >= \(first));
      INSERT OR IGNORE INTO note_tags (tag, is_pinned, created_at, note_id)
        SELECT DISTINCT tag.value, notes.is_pinned, notes.created_at, notes.id
        FROM notes, json_each(\(SQLiteSchema.tagList(of: "notes"))) AS tag
        WHERE notes.rowid >= \(first) AND tag.type = 'text';
      INSERT INTO note_counts (notebook_id, notes, pinned, untagged)
        SELECT coalesce(notebook_id, ''), count(*), sum(is_pinned = 1), sum(tags = '[]')
        FROM notes WHERE rowid >= \(first) AND NOT \(SQLiteSchema.damagedRow()) GROUP BY 1
        ON CONFLICT (notebook_id) DO UPDATE SET
          notes = notes + excluded.notes, pinned = pinned + excluded.pinned,
          untagged = untagged + excluded.untagged;
      \(SQLiteSchema.damagedNotesInsert)
      \(SQLiteSchema.noteTagsInsert)
      \(SQLiteSchema.noteCountsInsert)
      """)
    firstRow = nil
  }
}
