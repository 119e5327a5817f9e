import FieldNotesModel
import FieldNotesText
import Foundation

/// The store's search index: SQLite's FTS5 over each note's folded text, in trigrams.
///
/// A note's indexed text is its `Note.searchKey` (title, body and tags, folded to lower case
/// without diacritics, a line each), so the index finds exactly what the in-memory scan finds:
/// a query folded the same way is a phrase of trigrams, and a phrase of consecutive trigrams is
/// a substring. A term shorter than one trigram can't be asked of the index; those are checked in
/// SQL by `fieldnotes_contains_all` (``SQLiteSearchFunctions``), which folds each note's text as it
/// is read. How a whole query is split between the index and SQL is ``SQLiteQueries/SearchPlan``.
///
/// The table is contentless (`content=''`): it keeps the trigrams, not a second copy of the
/// text. Its rows are keyed by the note's `rowid`, and every write of a note changes its entry
/// in the same transaction, removing the old text (which FTS5 needs given back exactly, so it is
/// folded again from the row being replaced) before adding the new. Folding must therefore give
/// the same bytes for the same text as long as the index lives: the index records the
/// ``FieldNotesText/SearchFolding/version`` it was built with, and is rebuilt when that changes
/// (see `SQLiteSearchIndex+Repair.swift`).
///
/// The index is never the only copy of anything, so it is never allowed to cost a note: a save
/// that can't write it saves the note and marks the index damaged, searches then read the
/// notes, and the store rebuilds the index when it is next opened.
enum SQLiteSearchIndex {
  /// The statement that creates the index (part of schema version 3), if it isn't there.
  ///
  /// FTS5 gathers a transaction's new entries in memory and writes them out as a segment each
  /// time they pass its hash size, then merges segments. At the default 1 MiB an import of
  /// 100,000 notes writes hundreds of segments and spends most of its time merging them; at
  /// 64 MiB it writes a few. The memory is only used while a large transaction is being written.
  static let creation = """
    CREATE VIRTUAL TABLE IF NOT EXISTS note_search USING fts5(
      text, tokenize = 'trigram case_sensitive 1', content = '', detail = full
    );
    INSERT INTO note_search (note_search, rank) VALUES ('hashsize', 67108864);
    """

  /// The fewest Unicode scalars a folded query needs for the index to answer it: one trigram.
  static let shortestIndexedQuery = 3

  /// Fills an empty index from every saved note.
  ///
  /// - Returns: How many notes it holds.
  static func fill(_ connection: SQLiteConnection) throws(SQLiteError) -> Int {
    try prepareQueue(connection)
    let notes = try connection.prepare("SELECT rowid, title, body, tags FROM notes")
    var count = 0
    while try notes.step() {
      try add(row: notes.int(at: 0), text: indexedText(of: notes), to: connection)
      count += 1
    }
    try writePending(connection)
    try discardPending(connection)
    return count
  }

  /// The text indexed for a row read as `rowid, title, body, tags` (columns 0 to 3).
  ///
  /// Tags that don't read as a list index as none, the same way on every write and removal.
  static func indexedText(of row: SQLiteStatement) -> [UInt8] {
    Note.searchKey(
      title: row.text(at: 1), body: row.text(at: 2),
      tags: row.withBytes(at: 3, TagsText.decode) ?? [])
  }

  // MARK: - Writing entries

  // FTS5 writes out the entries it gathers in memory whenever a statement that changes the
  // index begins inside a transaction (so that the statement could be rolled back on its own).
  // One statement per note would write a tiny segment per note and spend an import merging
  // them, so a transaction's entries are queued in a temporary table, in order, and written by
  // one statement at its end.

  /// Makes the connection's queue; every connection that writes notes makes it once, outside
  /// any transaction (so no rollback takes it away).
  ///
  /// The queue's pages are not overwritten with zeros when it is emptied, as the store's are
  /// where SQLite is built to (`secure_delete`, Debian's default): it lives in the connection's
  /// temporary file, which no one else opens and which is deleted when the connection closes,
  /// and zeroing an import's whole text there cost a few percent of the import.
  static func prepareQueue(_ connection: SQLiteConnection) throws(SQLiteError) {
    try connection.execute("PRAGMA temp.secure_delete = OFF")
    try connection.execute(
      """
      CREATE TEMP TABLE IF NOT EXISTS note_search_queue (
        command TEXT, row INTEGER NOT NULL, text TEXT NOT NULL
      )
      """)
  }

  /// Queues adding a note's entry, written by ``applyPending(_:)``.
  static func add(row: Int, text: [UInt8], to connection: SQLiteConnection) throws(SQLiteError) {
    try queue(command: nil, row: row, text: text, in: connection)
  }

  /// Queues removing a note's entry, given the text it was indexed with.
  static func remove(row: Int, text: [UInt8], from connection: SQLiteConnection)
    throws(SQLiteError)
  {
    try queue(command: "delete", row: row, text: text, in: connection)
  }

  private static func queue(
    command: String?, row: Int, text: [UInt8], in connection: SQLiteConnection
  ) throws(SQLiteError) {
    let insert = try connection.cached(
      "INSERT INTO temp.note_search_queue (command, row, text) VALUES (?1, ?2, ?3)")
    if let command { insert.bind(command, at: 1) } else { insert.bindNull(at: 1) }
    insert.bind(row, at: 2)
    insert.bind(bytes: text, at: 3)
    try insert.run()
  }

  /// What became of a transaction's index entries.
  enum PendingWrite {
    /// They are in the index.
    case written
    /// They were left out: the index isn't trusted, or was found damaged now and marked so.
    case leftOut
    /// SQLite rolled the whole transaction back when the index failed (as it does when FTS5,
    /// reading garbage, asks for more memory than there is): nothing of it was saved.
    case transactionLost(SQLiteError)
  }

  /// Writes the queued entries to the index, if it is trusted: called at the end of every
  /// transaction that writes notes. (The queue is part of the transaction, so a rollback
  /// empties it too.)
  ///
  /// An index that is damaged, missing or not trusted never fails the save: its entries are
  /// dropped (or rolled back, when writing them fails) and the index is marked damaged, so the
  /// notes are saved, searches read them, and the index is rebuilt at the next open. Only a
  /// failure of the store's surroundings (a full disk, an I/O error) fails the save, as it
  /// would any other write.
  ///
  /// - Parameters:
  ///   - connection: The store, in the write's transaction.
  ///   - written: For a write of many notes (an import), how many changes it made, so that it
  ///     leaves the index's segments as ``finishMerges(_:written:)`` says; `nil` for a save.
  /// - Returns: What became of the entries; ``PendingWrite/transactionLost(_:)`` asks the
  ///   caller to write its changes again.
  /// - Throws: `SQLiteError` when the store itself can't be written.
  static func applyPending(_ connection: SQLiteConnection, finishingMergesOf written: Int? = nil)
    throws(SQLiteError) -> PendingWrite
  {
    do {
      try forgetQueuedChanges(connection)
    } catch  where isDamage(error) {
      // Without the table of changed rows the index isn't trusted either: left out.
      try discardPending(connection)
      return .leftOut
    }
    guard isTrusted(in: connection) else {
      try discardPending(connection)
      return .leftOut
    }
    try connection.execute("SAVEPOINT search_index")
    do {
      // FTS5 reads how its index is laid out when it is first used in a transaction. Met first
      // by the many-row write below, a failure there makes SQLite roll back the whole
      // transaction (FTS5 reports it again when SQLite undoes the statement); met by a read, it
      // leaves the transaction as it was. So the index is read first.
      try probe(connection)
      try writePending(connection)
      // FTS5 writes what it gathered when the transaction commits, where damage in its tables
      // would fail the whole save. It also writes it whenever a savepoint begins, so beginning
      // one here makes that write, and any failure of it, happen inside `search_index`, which
      // can be rolled back alone; and the seal is then of what it wrote.
      try connection.execute("SAVEPOINT search_index_written")
      if let written { try finishMerges(connection, written: written) }
      try seal(connection)
      try connection.execute("RELEASE search_index")
    } catch {
      guard isDamage(error) else { throw error }
      let failure = error
      do {
        try connection.execute("ROLLBACK TO search_index; RELEASE search_index")
      } catch {
        return .transactionLost(failure)
      }
      try discardPending(connection)
      try recordDamage("a save could not write to it: \(description(of: failure))", in: connection)
      return .leftOut
    }
    try discardPending(connection)
    return .written
  }

  /// Leaves the index's segments so that the small saves after a large write never merge them:
  /// one segment when the write is most of the library, or else no merge left under way.
  ///
  /// FTS5 merges its segments a little at every write, and once 16 small segments have piled
  /// up (its `crisismerge`) it finishes every merge they join at once. After an import of a
  /// million notes that left four segments of some 260 MB on one level, the 224th small save
  /// finished their merge in one go and took 14.6 s (on 100,000 notes, the 265th took 3.6 s),
  /// and the level above held the next such merge, of 3 GB. Merged into one segment, the index
  /// took 20,000 small saves at 100,000 notes with none over 30 ms. That costs about a fifth of
  /// the import (3 s at 100,000 notes, 38 s at a million), so it is done when the write is at
  /// least half of the notes, which a first import always is; a smaller import into a large
  /// store finishes the merges it set going instead, a bounded amount of work at a time, until
  /// FTS5 finds none to do (its layout, the record with id 10, then stays as it was): on a
  /// store of 100,000 notes just imported, the first 30 saves in a session would have taken
  /// 2.8 s, and the next 30 0.11 s.
  ///
  /// - Parameters:
  ///   - connection: The store, in the write's transaction.
  ///   - written: How many changes the write made.
  /// - Throws: `SQLiteError` when the index can't be written.
  static func finishMerges(_ connection: SQLiteConnection, written: Int) throws(SQLiteError) {
    if try written * 2 >= connection.integer("SELECT count(*) FROM notes") {
      try connection.execute("INSERT INTO note_search (note_search) VALUES ('optimize')")
      return
    }
    var layout = try layoutRecord(connection)
    // At most this many rounds of 1,000 pages: a bound, never reached.
    for _ in 0..<100_000 {
      try connection.execute("INSERT INTO note_search (note_search, rank) VALUES ('merge', 1000)")
      let after = try layoutRecord(connection)
      guard after != layout else { return }
      layout = after
    }
  }

  /// FTS5's record of the index's layout (`FTS5_STRUCTURE_ROWID`), which every merge rewrites.
  private static func layoutRecord(_ connection: SQLiteConnection) throws(SQLiteError) -> [UInt8] {
    let record = try connection.cached("SELECT block FROM note_search_data WHERE id = 10")
    defer { record.reset() }
    guard try record.step() else { return [] }
    return record.withBytes(at: 0) { Array($0) }
  }

  /// Writes the queued entries to the index in the order they were queued, in one statement.
  ///
  /// The queue is emptied by the caller (``discardPending(_:)``), once the savepoint the
  /// entries were written in is released: emptied inside it, every page of the queue, the
  /// whole text of an import, would first be copied to the savepoint's journal.
  static func writePending(_ connection: SQLiteConnection) throws(SQLiteError) {
    // A null command adds the row; 'delete' removes it.
    try connection.execute(
      """
      INSERT INTO note_search (note_search, rowid, text)
        SELECT command, row, text FROM temp.note_search_queue ORDER BY rowid
      """)
  }

  /// Empties the queue.
  static func discardPending(_ connection: SQLiteConnection) throws(SQLiteError) {
    try connection.execute("DELETE FROM temp.note_search_queue")
  }
}
