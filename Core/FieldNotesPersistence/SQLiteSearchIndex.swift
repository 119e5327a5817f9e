import FieldNotesModel
import Foundation

/// The store's search index: SQLite's FTS5 over each note's folded text, in trigrams.
///
/// A note's indexed text is its `Note.searchKey` (title, body and tags, folded to lower case
/// without diacritics, a line each), so the index finds exactly what the in-memory scan finds:
/// a query folded the same way is a phrase of trigrams, and a phrase of consecutive trigrams is
/// a substring. A query shorter than one trigram can't be asked of the index; those are
/// answered by reading the notes instead.
///
/// The table is contentless (`content=''`): it keeps the trigrams, not a second copy of the
/// text. Its rows are keyed by the note's `rowid`, and every write of a note changes its entry
/// in the same transaction, removing the old text (which FTS5 needs given back exactly, so it is
/// folded again from the row being replaced) before adding the new. Folding must therefore give
/// the same bytes for the same text forever; a change to ``FieldNotesModel/SearchFolding`` needs
/// a migration that rebuilds this index.
enum SQLiteSearchIndex {
  /// The statement that creates the index (part of schema version 3).
  static let creation = """
    CREATE VIRTUAL TABLE note_search USING fts5(
      text, tokenize = 'trigram case_sensitive 1', content = '', detail = full
    );
    """

  /// The fewest Unicode scalars a folded query needs for the index to answer it: one trigram.
  static let shortestIndexedQuery = 3

  /// Fills an empty index from every saved note, as the migration that adds it does.
  ///
  /// Merging is put off until every note is in, which halves the time a large store takes.
  static func fill(_ connection: SQLiteConnection) throws(SQLiteError) {
    try withMergesDeferred(connection) { () throws(SQLiteError) in
      let notes = try connection.prepare("SELECT rowid, title, body, tags FROM notes")
      let insert = try connection.prepare("INSERT INTO note_search (rowid, text) VALUES (?1, ?2)")
      while try notes.step() {
        insert.bind(notes.int(at: 0), at: 1)
        insert.bind(bytes: indexedText(of: notes), at: 2)
        try insert.run()
      }
    }
  }

  /// Runs writes with FTS5's incremental merging switched off, then switched back on: many
  /// notes written in one transaction (an import, the migration) are indexed in far less time.
  static func withMergesDeferred(
    _ connection: SQLiteConnection, _ body: () throws(SQLiteError) -> Void
  ) throws(SQLiteError) {
    try connection.execute("INSERT INTO note_search (note_search, rank) VALUES ('automerge', 0)")
    try body()
    try connection.execute("INSERT INTO note_search (note_search, rank) VALUES ('automerge', 4)")
  }

  /// The text indexed for a row read as `rowid, title, body, tags` (columns 0 to 3).
  ///
  /// Tags that don't read as a list index as none, the same way on every write and removal.
  static func indexedText(of row: SQLiteStatement) -> [UInt8] {
    Note.searchKey(
      title: row.text(at: 1), body: row.text(at: 2),
      tags: row.withBytes(at: 3, TagsText.decode) ?? [])
  }

  /// Adds a note's entry.
  static func add(row: Int, text: [UInt8], to connection: SQLiteConnection) throws(SQLiteError) {
    let insert = try connection.prepare("INSERT INTO note_search (rowid, text) VALUES (?1, ?2)")
    insert.bind(row, at: 1)
    insert.bind(bytes: text, at: 2)
    try insert.run()
  }

  /// Removes a note's entry, given the text it was indexed with.
  static func remove(row: Int, text: [UInt8], from connection: SQLiteConnection)
    throws(SQLiteError)
  {
    let delete = try connection.prepare(
      "INSERT INTO note_search (note_search, rowid, text) VALUES ('delete', ?1, ?2)")
    delete.bind(row, at: 1)
    delete.bind(bytes: text, at: 2)
    try delete.run()
  }

  /// The identifiers of the saved notes whose folded text contains a folded query.
  ///
  /// - Parameters:
  ///   - query: The folded query; not empty.
  ///   - connection: Where to look.
  /// - Returns: The identifiers, in no particular order.
  /// - Throws: `SQLiteError` when the index or the notes can't be read.
  static func noteIDs(matching query: [UInt8], in connection: SQLiteConnection)
    throws(SQLiteError) -> [UUID]
  {
    let text = String(decoding: query, as: UTF8.self)
    guard text.unicodeScalars.count >= shortestIndexedQuery, !query.contains(0) else {
      return try scan(matching: query, in: connection)
    }
    // One FTS5 phrase: the query's trigrams, consecutive. Inside double quotes only a double
    // quote is special, and it is written twice.
    let phrase = "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    let statement = try connection.prepare(
      """
      SELECT notes.id FROM note_search JOIN notes ON notes.rowid = note_search.rowid
      WHERE note_search MATCH ?1
      """)
    statement.bind(phrase, at: 1)
    var ids: [UUID] = []
    while try statement.step() {
      if let id = statement.uuid(at: 0) { ids.append(id) }
    }
    return ids
  }

  /// Answers a query too short for the index by folding every note's text as it is read, keeping
  /// none of it: the time of a full read, and no memory beyond one note.
  private static func scan(matching query: [UInt8], in connection: SQLiteConnection)
    throws(SQLiteError) -> [UUID]
  {
    let notes = try connection.prepare("SELECT rowid, title, body, tags, id FROM notes")
    var ids: [UUID] = []
    while try notes.step() {
      if SearchFolding.contains(indexedText(of: notes), query), let id = notes.uuid(at: 4) {
        ids.append(id)
      }
    }
    return ids
  }
}
