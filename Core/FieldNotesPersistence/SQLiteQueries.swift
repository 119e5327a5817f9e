import FieldNotesModel
import FieldNotesServices
import Foundation

/// How the SQLite store answers a ``FieldNotesModel/NoteListQuery`` with SQL: the same answer
/// as ``FieldNotesModel/NoteLibrary/page(for:)`` on every note, read through the indexes of
/// schema version 7, so a page costs about the rows it shows.
///
/// A list by date is read in two parts, the pinned notes and then the others, each from one end
/// of an index ordered by pin, date and identifier (`notes_by_pin`, `notes_in_notebook`,
/// `notes_untagged`, or `note_tags` for a tag); the counts come from `note_counts`, kept by
/// triggers. A list by title is ordered here, from the title, date and identifier of each of its
/// notes, since SQLite can't order as ``FieldNotesModel/NoteSortOrder/title`` does (Unicode-aware
/// and numeric); only the rows shown are read whole.
enum SQLiteQueries {
  /// The `WHERE` clause of a query and the values it binds, in order.
  struct Conditions {
    var clauses: [String] = []
    var texts: [String] = []

    /// The clauses joined, for after `WHERE`; `1` for none.
    var sql: String { clauses.isEmpty ? "1" : clauses.joined(separator: " AND ") }

    /// Adds a clause with one value, written `?` in it.
    mutating func add(_ clause: String, binding text: String) {
      texts.append(text)
      clauses.append(clause.replacingOccurrences(of: "?", with: "?\(texts.count)"))
    }

    /// Binds the values, from parameter 1 on.
    func bind(to statement: SQLiteStatement) {
      for (offset, text) in texts.enumerated() { statement.bind(text, at: Int32(offset + 1)) }
    }
  }

  /// Answers a query.
  ///
  /// A search is answered through the search index and each row shown is checked against its
  /// own text: a row that doesn't hold it proves the index wrong, which is recorded, and the
  /// query is answered again by reading the notes.
  ///
  /// - Parameters:
  ///   - query: The query.
  ///   - connection: Where to read, inside a read transaction.
  ///   - damage: Set to why the search index can't be trusted, when the answer proved it; the
  ///     caller records it once the read transaction is over.
  /// - Returns: The page.
  /// - Throws: `SQLiteError` when the notes can't be read.
  static func page(
    _ query: NoteListQuery, in connection: SQLiteConnection, damage: inout String?
  ) throws(SQLiteError) -> NotePage {
    let folded = SearchFolding.fold(query.searchText)
    let phrase = folded.isEmpty ? nil : SQLiteSearchIndex.phrase(for: folded, in: connection)
    if let phrase {
      do {
        let page = try page(query, in: connection, search: .phrase(phrase))
        guard page.notes.allSatisfy({ SearchFolding.contains($0.searchKey, folded) }) else {
          damage = "a search found a note in its answer without the text searched for"
          return try scanned(query, folded, in: connection)
        }
        return page
      } catch {
        guard SQLiteSearchIndex.isDamage(error) else { throw error }
        damage = "a search could not read it: \(SQLiteSearchIndex.description(of: error))"
      }
    }
    guard !folded.isEmpty else { return try page(query, in: connection, search: nil) }
    return try scanned(query, folded, in: connection)
  }

  /// Answers a query whose search reads every note's text (no index to ask).
  private static func scanned(
    _ query: NoteListQuery, _ folded: [UInt8], in connection: SQLiteConnection
  ) throws(SQLiteError) -> NotePage {
    let rows = try SQLiteSearchIndex.scan(matching: folded, in: connection)
    return try page(query, in: connection, search: .rows(rows))
  }

  /// How a search narrows a query's rows.
  private enum Search {
    /// Through the search index: an FTS5 phrase.
    case phrase(String)
    /// The rows found by reading the notes.
    case rows([Int64])
  }

  private static func page(
    _ query: NoteListQuery, in connection: SQLiteConnection, search: Search?
  ) throws(SQLiteError) -> NotePage {
    var conditions = Conditions()
    switch query.scope {
    case .allNotes: break
    case .unfiled: conditions.clauses.append("notebook_id IS NULL")
    case .notebook(let id): conditions.add("notebook_id = ?", binding: id.uuidString)
    case .tagged(let tag):
      conditions.add("id IN (SELECT note_id FROM note_tags WHERE tag = ?)", binding: tag)
    }
    if let tag = query.tag {
      conditions.add("id IN (SELECT note_id FROM note_tags WHERE tag = ?)", binding: tag)
    }
    if query.pinnedOnly { conditions.clauses.append("is_pinned != 0") }
    if query.untaggedOnly { conditions.clauses.append("tags = '[]'") }
    switch search {
    case nil: break
    case .phrase(let phrase):
      conditions.add(
        "rowid IN (SELECT rowid FROM note_search WHERE note_search MATCH ?)", binding: phrase)
    case .rows(let rows):
      conditions.add(
        "rowid IN (SELECT value FROM json_each(?))",
        binding: "[" + rows.map(String.init).joined(separator: ",") + "]")
    }
    if query.order == .title { return try titleOrdered(query, conditions, in: connection) }
    let total = try count(query, conditions, in: connection)
    let limit = min(query.limit, total)
    guard limit > 0 else { return NotePage(notes: [], totalCount: total) }
    // Ties of date go by identifier, ascending in both orders (SQLite reads the index by date
    // and sorts only each run of one date).
    let order = query.order == .newest ? "created_at DESC, id" : "created_at, id"
    var notes = try rows(
      where: conditions.sql + " AND is_pinned = 1", conditions,
      orderedBy: order, limit: limit, in: connection)
    if notes.count < limit {
      notes += try rows(
        where: conditions.sql + " AND is_pinned = 0", conditions,
        orderedBy: order, limit: limit - notes.count,
        in: connection)
    }
    return NotePage(notes: notes, totalCount: total)
  }

  /// Reads whole notes.
  private static func rows(
    where clause: String, _ conditions: Conditions, orderedBy order: String, limit: Int,
    in connection: SQLiteConnection
  ) throws(SQLiteError) -> [Note] {
    let limitParameter = Int32(conditions.texts.count + 1)
    let statement = try connection.cached(
      "SELECT \(SQLiteRows.noteColumns) FROM notes WHERE \(clause) ORDER BY \(order) "
        + "LIMIT ?\(limitParameter)")
    defer { statement.reset() }
    conditions.bind(to: statement)
    statement.bind(limit, at: limitParameter)
    var notes: [Note] = []
    var unreadable: [UnreadableNote] = []
    while try statement.step() {
      if let note = SQLiteRows.note(from: statement, unreadable: &unreadable) { notes.append(note) }
    }
    return notes
  }

  /// How many notes a query finds: from the notebooks' counts for a whole list, by SQL
  /// otherwise.
  private static func count(
    _ query: NoteListQuery, _ conditions: Conditions, in connection: SQLiteConnection
  ) throws(SQLiteError) -> Int {
    let isWholeList =
      query.tag == nil && !query.pinnedOnly && !query.untaggedOnly && query.searchText.isEmpty
    switch query.scope {
    case .allNotes where isWholeList:
      return try connection.integer("SELECT coalesce(sum(notes), 0) FROM note_counts")
    case .unfiled where isWholeList:
      return try connection.integer(
        "SELECT coalesce(sum(notes), 0) FROM note_counts WHERE notebook_id = ''")
    default:
      // The damaged rows (no list shows them) are counted apart, through the partial index
      // that holds only them, so the count needs no column outside the list's own index.
      let statement = try connection.cached(
        """
        SELECT (SELECT count(*) FROM notes WHERE \(conditions.sql))
          - (SELECT count(*) FROM notes WHERE \(conditions.sql) AND \(SQLiteSchema.damagedRow()))
        """)
      defer { statement.reset() }
      conditions.bind(to: statement)
      _ = try statement.step()
      return statement.int(at: 0)
    }
  }

  /// Answers a query by title: the list's titles, dates and identifiers are read and ordered
  /// here, then the rows shown are read whole.
  private static func titleOrdered(
    _ query: NoteListQuery, _ conditions: Conditions, in connection: SQLiteConnection
  ) throws(SQLiteError) -> NotePage {
    let statement = try connection.cached(
      """
      SELECT rowid, id, title, created_at, is_pinned FROM notes
      WHERE \(conditions.sql) AND NOT \(SQLiteSchema.damagedRow())
      """)
    var keys: [Note] = []
    var rows: [Note.ID: Int] = [:]
    do {
      defer { statement.reset() }
      conditions.bind(to: statement)
      while try statement.step() {
        guard let id = statement.uuid(at: 1) else { continue }
        keys.append(
          Note(
            id: id, title: statement.text(at: 2),
            createdAt: Date(timeIntervalSinceReferenceDate: statement.double(at: 3)),
            isPinned: statement.int(at: 4) != 0))
        rows[id] = statement.int(at: 0)
      }
    }
    let first = NoteSortOrder.title.first(query.limit, of: keys)
    let read = try notes(atRows: first.compactMap { rows[$0.id] }, in: connection)
    return NotePage(notes: first.compactMap { read[$0.id] }, totalCount: keys.count)
  }

  /// Reads the notes in some rows.
  private static func notes(atRows rows: [Int], in connection: SQLiteConnection)
    throws(SQLiteError) -> [Note.ID: Note]
  {
    let statement = try connection.cached(
      "SELECT \(SQLiteRows.noteColumns) FROM notes WHERE rowid = ?1")
    var notes: [Note.ID: Note] = [:]
    var unreadable: [UnreadableNote] = []
    for row in rows {
      statement.reset()
      statement.bind(row, at: 1)
      if try statement.step(), let note = SQLiteRows.note(from: statement, unreadable: &unreadable)
      {
        notes[note.id] = note
      }
    }
    statement.reset()
    return notes
  }

  /// Reads one note by identifier.
  static func note(withID id: Note.ID, in connection: SQLiteConnection) throws(SQLiteError)
    -> Note?
  {
    let statement = try connection.cached(
      "SELECT \(SQLiteRows.noteColumns) FROM notes WHERE id = ?1")
    defer { statement.reset() }
    statement.bind(id.uuidString, at: 1)
    var unreadable: [UnreadableNote] = []
    guard try statement.step() else { return nil }
    return SQLiteRows.note(from: statement, unreadable: &unreadable)
  }

  /// The counts of each notebook's notes, kept by triggers.
  static func summary(in connection: SQLiteConnection) throws(SQLiteError) -> LibrarySummary {
    let statement = try connection.cached(
      "SELECT notebook_id, notes, pinned FROM note_counts WHERE notes > 0")
    defer { statement.reset() }
    var summary = LibrarySummary()
    while try statement.step() {
      let key = statement.text(at: 0)
      let count = LibrarySummary.Count(notes: statement.int(at: 1), pinned: statement.int(at: 2))
      if key.isEmpty {
        summary.byNotebook[nil] = count
      } else if let id = UUID(uuidString: key) {
        summary.byNotebook[id] = count
      }
    }
    return summary
  }

  /// How many notes carry each tag.
  static func tagCounts(in connection: SQLiteConnection) throws(SQLiteError) -> [String: Int] {
    let statement = try connection.cached("SELECT tag, count(*) FROM note_tags GROUP BY tag")
    defer { statement.reset() }
    var counts: [String: Int] = [:]
    while try statement.step() { counts[statement.text(at: 0)] = statement.int(at: 1) }
    return counts
  }

  /// Which of some identifiers are saved notes'.
  static func savedNoteIDs(among ids: [Note.ID], in connection: SQLiteConnection)
    throws(SQLiteError) -> Set<Note.ID>
  {
    let statement = try connection.cached("SELECT 1 FROM notes WHERE id = ?1")
    var saved: Set<Note.ID> = []
    for id in ids {
      statement.reset()
      statement.bind(id.uuidString, at: 1)
      if try statement.step() { saved.insert(id) }
    }
    statement.reset()
    return saved
  }

  /// The rows that can't be read as notes, found through the partial index that holds them.
  static func unreadableNotes(in connection: SQLiteConnection) throws(SQLiteError)
    -> [UnreadableNote]
  {
    let statement = try connection.cached(
      "SELECT \(SQLiteRows.noteColumns) FROM notes WHERE \(SQLiteSchema.damagedRow())")
    defer { statement.reset() }
    var unreadable: [UnreadableNote] = []
    while try statement.step() { _ = SQLiteRows.note(from: statement, unreadable: &unreadable) }
    return unreadable
  }
}
