import FieldNotesModel
import FieldNotesQuery
import FieldNotesServices
import Foundation

/// How the SQLite store answers a ``FieldNotesModel/NoteListQuery`` with SQL: the same answer
/// as ``FieldNotesModel/NoteLibrary/page(for:)`` on every note, read through the indexes of
/// schema version 7, so a page costs about the rows it shows.
///
/// A list by date is read in two parts, the pinned notes and then the others, each from one end
/// of an index ordered by pin, date and identifier (`notes_by_pin`, `notes_in_notebook`,
/// `notes_untagged`, or `note_tags` for a tag); the counts come from `note_counts`, kept by
/// triggers. A list by title is read the same way from `notes_by_title`, ordered by pin, the
/// title key each row keeps (``SQLiteTitleKeys``), date and identifier; while a row has no key
/// (another program wrote its title), the list's titles are read and ordered here instead, and
/// only the rows shown are read whole.
enum SQLiteQueries {
  /// A value bound to a statement's parameter.
  enum Value: Hashable {
    case text(String)
    case real(Double)
    case bytes([UInt8])
    case null

    /// Binds the value to a parameter.
    func bind(to statement: SQLiteStatement, at index: Int32) {
      switch self {
      case .text(let text): statement.bind(text, at: index)
      case .bytes(let bytes): statement.bind(blob: bytes, at: index)
      case .real(let number): statement.bind(number, at: index)
      case .null: statement.bindNull(at: index)
      }
    }
  }

  /// The `WHERE` clause of a query and the values it binds, in order.
  struct Conditions {
    var clauses: [String] = []
    var values: [Value] = []
    /// Whether the rows are read from a tag's rows of `note_tags` (as `t`), joined to their
    /// notes, rather than from `notes` alone.
    var isByTag = false

    /// What the rows are read from, with the notes table written as given (to name an index).
    func source(notes: String = "notes") -> String {
      isByTag ? "note_tags AS t JOIN \(notes) ON notes.id = t.note_id" : notes
    }

    /// Whether some row is damaged (`damaged_notes`, kept by triggers, is nearly always
    /// empty): a query that leaves them out checks each row it reads only then.
    var hasDamagedRows = true

    /// The clause that leaves the damaged rows out, after `AND`; none when there are none.
    var leavingDamagedOut: String {
      hasDamagedRows ? " AND notes.rowid NOT IN (SELECT row FROM damaged_notes)" : ""
    }

    /// Whether the rows are read from the few a search found (`temp.found_rows`) and then
    /// ordered, rather than from the list's index in its order, each checked against them.
    var readsFoundRowsFirst = false

    /// Whether the list by last change is narrowed to a notebook, a tag or the untagged notes.
    ///
    /// Such a list sorts its own notes rather than go down the index of every note's edit date
    /// (`notes_by_edit`), checking each, which would cost the library where the list is small.
    /// Its order is written `+notes.updated_at`, which no index serves.
    var isNarrowedByEditDate = false
    /// Whether the list is a notebook's, or the notes in none: read by notebook and pin
    /// (`notes_in_notebook`) in every order.
    var isByNotebook = false

    /// The column of the pin and of the date to order by: the tag's copies, when read by tag.
    ///
    /// Written `+notes.is_pinned` when the rows are read from those a search found, or the list
    /// is narrowed by edit date other than to a notebook, so that SQLite doesn't take an index
    /// whose first column is the pin for the way in (without statistics, it would).
    var pinColumn: String {
      if isByTag { return "t.is_pinned" }
      let pinIsNoWayIn = readsFoundRowsFirst || (isNarrowedByEditDate && !isByNotebook)
      return pinIsNoWayIn ? "+notes.is_pinned" : "notes.is_pinned"
    }
    /// The columns of the creation date and of the identifier that orders notes of one date:
    /// the tag's copies, when read by tag.
    ///
    /// Notes of one date are ordered by their identifiers in capitals, as the notes' own order
    /// compares them (by their bytes), whatever case another tool wrote one in: so a list is
    /// the same list in memory and in SQL, a link names the same first note of a title, and a
    /// page after a place (``add(rowsAfter:order:)``) goes on after exactly the notes above
    /// it. SQLite reads the index by date and sorts only each run of one date.
    var order: (date: String, id: String) {
      if isByTag { return ("t.created_at", "upper(t.note_id)") }
      return ("notes.created_at", "upper(notes.id)")
    }

    /// The clauses joined, for after `WHERE`; `1` for none.
    var sql: String { clauses.isEmpty ? "1" : clauses.joined(separator: " AND ") }

    /// Adds the clause that keeps the rows after a place in an order, pins aside (each part of
    /// a list is read apart).
    ///
    /// The place's own date bounds the rows read (`<=` or `>=`, which an index of the date
    /// reads from), and the rest of the order settles the rows of that one date: a page after
    /// a place far down a list starts there in the index, never at the top.
    mutating func add(rowsAfter place: NoteListPosition, order: NoteSortOrder) {
      let id = self.order.id
      var date = self.order.date
      if order == .updated {
        date = isNarrowedByEditDate ? "+notes.updated_at" : "notes.updated_at"
      }
      values.append(.real(place.date.timeIntervalSinceReferenceDate))
      let at = "?\(values.count)"
      values.append(.text(place.id.uuidString))
      let ties = "(\(date) = \(at) AND \(id) > ?\(values.count))"
      switch order {
      case .newest, .updated: clauses.append("\(date) <= \(at) AND (\(date) < \(at) OR \(ties))")
      case .oldest: clauses.append("\(date) >= \(at) AND (\(date) > \(at) OR \(ties))")
      case .title:
        values.append(.bytes(place.titleKey))
        let key = "?\(values.count)"
        clauses.append(
          "notes.title_key >= \(key) AND (notes.title_key > \(key) OR \(date) > \(at) OR \(ties))")
      }
    }

    /// Adds a clause with one value, written `?` in it.
    mutating func add(_ clause: String, binding text: String) {
      values.append(.text(text))
      clauses.append(clause.replacingOccurrences(of: "?", with: "?\(values.count)"))
    }

    /// Binds the values, from parameter 1 on.
    func bind(to statement: SQLiteStatement) {
      for (offset, value) in values.enumerated() {
        value.bind(to: statement, at: Int32(offset + 1))
      }
    }
  }

  /// Answers a query.
  ///
  /// A search is answered through the search index where it can be (see ``SearchPlan``) and
  /// each row shown is checked against the query itself: a row the query doesn't find proves
  /// the index wrong, which is recorded, and the query is answered again without the index.
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
    guard query.search != .everything else { return try page(query, in: connection, search: nil) }
    let keysAreCurrent = !SQLiteTitleKeys.areMissing(in: connection)
    if keysAreCurrent, case .titled(let title) = query.search {
      return try page(query, in: connection, search: nil, titled: title)
    }
    if SQLiteSearchIndex.isTrusted(in: connection) {
      let plan = SearchPlan(query.search, usingIndex: true, titleKeysAreCurrent: keysAreCurrent)
      do {
        let answer = try page(query, in: connection, search: plan)
        // A `linked-by:` term is answered without the index, from another note this check
        // doesn't read: a search holding one is checked for its other terms' sake only when it
        // holds no other.
        guard !query.search.linkingTitles.isEmpty || answer.notes.allSatisfy(query.search.finds)
        else {
          damage = "a search found a note in its answer without the text searched for"
          return try page(
            query, in: connection,
            search: SearchPlan(query.search, usingIndex: false, titleKeysAreCurrent: keysAreCurrent)
          )
        }
        return answer
      } catch {
        guard SQLiteSearchIndex.isDamage(error) else { throw error }
        damage = "a search could not read it: \(SQLiteSearchIndex.description(of: error))"
      }
    }
    return try page(
      query, in: connection,
      search: SearchPlan(query.search, usingIndex: false, titleKeysAreCurrent: keysAreCurrent))
  }

  /// Answers a query, its search planned, or, for a search of one title alone (`titled`, what
  /// a link names), read through the title index as a list is read through its own.
  ///
  /// A title's notes are the rows of its key in `notes_by_title`, each run of a pin in order of
  /// creation: the oldest pinned note of a title (a link's) is one entry of the index, where
  /// gathering the notes found first, then ordering them, read the 1,500 notes a title may
  /// have at a million notes, at every page drawn. A title with no digits is told by its key
  /// alone (only digits differ between a key and the title folded), so neither the count nor
  /// the page reads a row it doesn't show; a title with digits (`Note 007`, `Note 7`) is
  /// compared whole too.
  private static func page(
    _ query: NoteListQuery, in connection: SQLiteConnection, search: SearchPlan?,
    titled title: String? = nil
  ) throws(SQLiteError) -> NotePage {
    var conditions = Conditions()
    conditions.hasDamagedRows =
      try connection.integer("SELECT EXISTS (SELECT 1 FROM damaged_notes)") != 0
    if let title {
      let key = NoteSortOrder.titleKey(title)
      conditions.values.append(.bytes(key))
      var clause = "notes.is_pinned IN (0, 1) AND notes.title_key = ?\(conditions.values.count)"
      if key.contains(where: { (0x30...0x39).contains($0) }) {
        conditions.values.append(.text(title))
        clause += " AND fieldnotes_title_is(notes.title, ?\(conditions.values.count))"
      }
      conditions.clauses.append(clause)
    }
    let inTag = "notes.id IN (SELECT note_id FROM note_tags WHERE tag = ?)"
    switch query.scope {
    case .allNotes:
      if let tag = query.tag {
        conditions.isByTag = true
        conditions.add("t.tag = ?", binding: tag)
      }
    case .unfiled:
      conditions.clauses.append("notes.notebook_id IS NULL")
      conditions.isByNotebook = true
    case .notebook(let id):
      conditions.add("notes.notebook_id = ?", binding: id.uuidString)
      conditions.isByNotebook = true
    case .tagged(let tag):
      conditions.isByTag = true
      conditions.add("t.tag = ?", binding: tag)
    }
    if let tag = query.tag, case .tagged(let scopeTag) = query.scope, tag != scopeTag {
      conditions.add(inTag, binding: tag)
    } else if let tag = query.tag, !conditions.isByTag {
      conditions.add(inTag, binding: tag)
    }
    if query.order == .updated {
      let isAllNotes = if case .allNotes = query.scope { true } else { false }
      conditions.isNarrowedByEditDate = !isAllNotes || query.tag != nil || query.untaggedOnly
    }
    if let search {
      try fillFoundRows(search, in: connection)
      conditions.clauses.append("notes.rowid IN temp.found_rows")
      let found = try connection.integer("SELECT count(*) FROM temp.found_rows")
      if !conditions.isByTag {
        conditions.readsFoundRowsFirst =
          found <= fewFoundRows
          ? true
          : readsFoundRowsFirst(
            found: found, wanted: query.offset.addingReportingOverflow(query.limit),
            listSize: try scopeSize(query.scope, in: connection))
      }
    }
    // After the way in is chosen: a pin read from the rows found is no way in either.
    if query.pinnedOnly {
      conditions.clauses.append(
        conditions.pinColumn.hasPrefix("+") ? "+notes.is_pinned = 1" : "notes.is_pinned = 1")
    }
    if query.untaggedOnly { conditions.clauses.append("notes.tags = '[]'") }
    if query.order == .title, SQLiteTitleKeys.areMissing(in: connection) {
      return try orderedByEveryTitle(query, conditions, in: connection)
    }
    let total = try count(query, conditions, in: connection)
    let limit = min(query.limit, max(0, total - query.offset))
    guard limit > 0 else { return NotePage(notes: [], totalCount: total) }
    // Ties of date go by identifier, ascending in every order (SQLite reads the index by date
    // and sorts only each run of one date). All Notes by edit date is read so from
    // `notes_by_edit`; a narrower list in that order is read by notebook and pin, by tag or
    // untagged, and sorted whole by SQLite.
    let (created, id) = conditions.order
    let order =
      switch query.order {
      case .oldest: "\(created), \(id)"
      case .updated:
        "\(conditions.isNarrowedByEditDate ? "+" : "")notes.updated_at DESC, \(id)"
      case .newest: "\(created) DESC, \(id)"
      case .title: "notes.title_key, \(created), \(id)"
      }
    // A page after a place reads the rows after it in each part: a place among the notes not
    // pinned leaves the pinned ones out, and one among the pinned has all the others follow.
    var (pinnedPart, otherPart) = (conditions, conditions)
    if let place = query.after {
      if place.isPinned {
        pinnedPart.add(rowsAfter: place, order: query.order)
      } else {
        pinnedPart.clauses.append("0")
        otherPart.add(rowsAfter: place, order: query.order)
      }
    }
    let pinned = pinnedPart.sql + " AND \(conditions.pinColumn) = 1"
    // The newest first, ties by identifier ascending: the rows a page passes over are passed
    // over by date alone (see `rows`).
    let newestBy = query.order == .newest ? created : nil
    var notes = try rows(
      where: pinned, pinnedPart, orderedBy: order, newestBy: newestBy, limit: limit,
      offset: query.offset, in: connection)
    if notes.count < limit {
      // The page goes on into the notes not pinned, passing over those of them above it: the
      // offset less the pinned notes, which were all read or passed over. When none was read,
      // how many were passed over is counted through the index of pins, not read.
      let pinnedCount =
        !notes.isEmpty || query.offset == 0
        ? query.offset + notes.count : try count(where: pinned, pinnedPart, in: connection)
      notes += try rows(
        where: otherPart.sql + " AND \(conditions.pinColumn) = 0", otherPart,
        orderedBy: order, newestBy: newestBy, limit: limit - notes.count,
        offset: max(0, query.offset - pinnedCount), in: connection)
    }
    return NotePage(notes: notes, totalCount: total)
  }

  /// Counts the notes of a clause that no damaged row is.
  private static func count(
    where clause: String, _ conditions: Conditions, in connection: SQLiteConnection
  ) throws(SQLiteError) -> Int {
    let statement = try connection.cached(
      "SELECT count(*) FROM \(conditions.source()) WHERE \(clause)\(conditions.leavingDamagedOut)")
    defer { statement.reset() }
    conditions.bind(to: statement)
    _ = try statement.step()
    return statement.int(at: 0)
  }

  /// How many notes a search may find for its page to be read from them and ordered, rather
  /// than read down the list's index, whatever the list: that many are looked up and ordered in
  /// about a millisecond, while going down the index costs the whole list when the notes found
  /// are few.
  static let fewFoundRows = 1_000

  /// Whether a page is read from the notes a search found, then ordered, rather than down the
  /// list's index in order, each note checked against them: whichever reads fewer rows.
  ///
  /// Reading the notes found reads each of them. Going down the index reads, until the page is
  /// full, about as many of the list's notes as hold one found for each row wanted (the notes
  /// found spread through the list), and the whole list at most. So the notes found are read
  /// first when they are no more than that: `found² ≤ wanted × listSize`, and no more than the
  /// list. A page that wants every note found (a link's note among the 1,500 sharing its title,
  /// at a million notes) then reads those 1,500, not the million entries of the index.
  ///
  /// - Parameters:
  ///   - found: How many notes the search found, in any list.
  ///   - wanted: The rows the page reads or passes over (offset and limit), and whether that
  ///     sum overflowed (a page of every row).
  ///   - listSize: How many notes the list's index holds.
  /// - Returns: Whether to read the notes found first.
  static func readsFoundRowsFirst(
    found: Int, wanted: (partialValue: Int, overflow: Bool), listSize: Int
  ) -> Bool {
    guard found <= listSize else { return false }
    if wanted.overflow { return true }
    let (square, squareOverflow) = found.multipliedReportingOverflow(by: found)
    let (walk, walkOverflow) = wanted.partialValue.multipliedReportingOverflow(by: listSize)
    return walkOverflow || (!squareOverflow && square <= walk)
  }

  /// How many notes a scope's list holds, from the notebooks' counts; every note for a tag's
  /// list, whose own index is read otherwise.
  private static func scopeSize(_ scope: NoteScope, in connection: SQLiteConnection)
    throws(SQLiteError) -> Int
  {
    let statement = try connection.cached(
      "SELECT coalesce(sum(notes), 0) FROM note_counts WHERE ?1 IS NULL OR notebook_id = ?1")
    defer { statement.reset() }
    if case .some(.some(let key)) = notebookKey(of: scope) {
      statement.bind(key, at: 1)
    } else {
      statement.bindNull(at: 1)
    }
    _ = try statement.step()
    return statement.int(at: 0)
  }

  /// Reads whole notes: at most `limit`, after passing over `offset`.
  ///
  /// A list newest first (`newestBy` names its date column) orders ties of date by identifier,
  /// ascending, against the index's direction, so SQLite sorts each run of one date, the rows
  /// passed over too. Those are passed over by date alone instead: the date of the row at
  /// `offset`, read down the index unsorted, then how many rows are newer than it (also
  /// unsorted), and the page is the rows from that date on, sorted, passing over only the
  /// rest of its run.
  private static func rows(
    where clause: String, _ conditions: Conditions, orderedBy order: String,
    newestBy date: String? = nil, limit: Int, offset: Int, in connection: SQLiteConnection
  ) throws(SQLiteError) -> [Note] {
    let kept = clause + conditions.leavingDamagedOut
    guard let date, offset > 0, !conditions.readsFoundRowsFirst else {
      return try rows(
        where: kept, conditions, orderedBy: order, limit: limit, offset: offset, in: connection)
    }
    let value = Int32(conditions.values.count + 1)
    let boundary = try connection.cached(
      "SELECT \(date) FROM \(conditions.source()) WHERE \(kept) ORDER BY \(date) DESC "
        + "LIMIT 1 OFFSET ?\(value)")
    defer { boundary.reset() }
    conditions.bind(to: boundary)
    boundary.bind(offset, at: value)
    guard try boundary.step() else { return [] }
    let boundaryDate = boundary.double(at: 0)
    let newer = try connection.cached(
      "SELECT count(*) FROM \(conditions.source()) WHERE \(kept) AND \(date) > ?\(value)")
    defer { newer.reset() }
    conditions.bind(to: newer)
    newer.bind(boundaryDate, at: value)
    _ = try newer.step()
    var from = conditions
    from.values.append(.real(boundaryDate))
    return try rows(
      where: "\(kept) AND \(date) <= ?\(value)", from, orderedBy: order, limit: limit,
      offset: offset - newer.int(at: 0), in: connection)
  }

  /// Reads whole notes of a clause that leaves damaged rows out: at most `limit`, after
  /// passing over `offset`.
  private static func rows(
    where clause: String, _ conditions: Conditions, orderedBy order: String, limit: Int,
    offset: Int, in connection: SQLiteConnection
  ) throws(SQLiteError) -> [Note] {
    let limitParameter = Int32(conditions.values.count + 1)
    // A damaged row would take a place on the page and then be left out: the clause passes
    // it over, from the row read anyway. A page further down, or of a search's few notes, reads
    // the rows it passes over or orders from the list's index (or the rows found) alone, then
    // its own rows whole: SQLite orders each run of one date with every column it returns,
    // bodies too, including the rows passed over.
    let readsRowsApart = offset > 0 || conditions.readsFoundRowsFirst
    let columns = readsRowsApart ? "notes.rowid" : SQLiteRows.noteColumns
    let statement = try connection.cached(
      "SELECT \(columns) FROM \(conditions.source()) WHERE \(clause) ORDER BY \(order) "
        + "LIMIT ?\(limitParameter) OFFSET ?\(limitParameter + 1)")
    defer { statement.reset() }
    conditions.bind(to: statement)
    statement.bind(limit, at: limitParameter)
    statement.bind(offset, at: limitParameter + 1)
    if readsRowsApart {
      var rows: [Int] = []
      while try statement.step() { rows.append(statement.int(at: 0)) }
      let read = try notes(atRows: rows, in: connection)
      return rows.compactMap { read[$0] }
    }
    var notes: [Note] = []
    var unreadable: [UnreadableNote] = []
    while try statement.step() {
      if let note = SQLiteRows.note(from: statement, unreadable: &unreadable) { notes.append(note) }
    }
    return notes
  }

  /// How many notes a query finds, from what is kept for it where there is something: the
  /// notebooks' counts (triggers keep them) for a whole list or its pinned notes, a tag's rows
  /// of `note_tags`, the rows a search found; by SQL over the list's own index otherwise.
  ///
  /// The damaged rows, which no list shows, are counted apart through their own table
  /// (`damaged_notes`, kept by triggers and nearly always empty) and taken away.
  private static func count(
    _ query: NoteListQuery, _ conditions: Conditions, in connection: SQLiteConnection
  ) throws(SQLiteError) -> Int {
    let onlyScopeTagAndPin = !query.untaggedOnly && query.search == .everything
    // A whole list, its pinned notes or its untagged ones: the notebooks' counts, which leave
    // damaged rows out.
    if query.search == .everything, query.tag == nil, !(query.pinnedOnly && query.untaggedOnly),
      let key = notebookKey(of: query.scope)
    {
      let column = query.pinnedOnly ? "pinned" : query.untaggedOnly ? "untagged" : "notes"
      let statement = try connection.cached(
        "SELECT coalesce(sum(\(column)), 0) FROM note_counts WHERE ?1 IS NULL OR notebook_id = ?1")
      defer { statement.reset() }
      if let key { statement.bind(key, at: 1) } else { statement.bindNull(at: 1) }
      _ = try statement.step()
      return statement.int(at: 0)
    }
    let kept: Int
    if onlyScopeTagAndPin, let tag = onlyTag(of: query) {
      // A tag's list, or its pinned notes: the tags' counts.
      let statement = try connection.cached(
        "SELECT coalesce(sum(\(query.pinnedOnly ? "pinned" : "notes")), 0) FROM tag_counts "
          + "WHERE tag = ?1")
      defer { statement.reset() }
      statement.bind(tag, at: 1)
      _ = try statement.step()
      kept = statement.int(at: 0)
    } else if conditions.clauses == ["notes.rowid IN temp.found_rows"] {
      // A search of All Notes: the rows it found.
      kept = try connection.integer("SELECT count(*) FROM temp.found_rows")
    } else {
      let statement = try connection.cached(
        "SELECT count(*) FROM \(conditions.source()) WHERE \(conditions.sql)")
      defer { statement.reset() }
      conditions.bind(to: statement)
      _ = try statement.step()
      kept = statement.int(at: 0)
    }
    return kept - (try damagedCount(conditions, in: connection))
  }

  /// The `note_counts` key of a scope's notebook: `nil` (every row) for All Notes, `""` for no
  /// notebook; no key at all for a tag's list.
  private static func notebookKey(of scope: NoteScope) -> String?? {
    switch scope {
    case .allNotes: .some(nil)
    case .unfiled: ""
    case .notebook(let id): id.uuidString
    case .tagged: nil
    }
  }

  /// The one tag a query narrows to, when that is all it narrows to besides a pin: a tag's
  /// list (with the same tag or none as its filter), or All Notes with a tag filter.
  private static func onlyTag(of query: NoteListQuery) -> String? {
    switch query.scope {
    case .tagged(let tag) where query.tag == nil || query.tag == tag: tag
    case .allNotes: query.tag
    default: nil
    }
  }

  /// How many damaged rows a query's conditions hold, read from the table of damaged rows.
  private static func damagedCount(_ conditions: Conditions, in connection: SQLiteConnection)
    throws(SQLiteError) -> Int
  {
    // Read from the damaged rows (nearly always none) outwards: `CROSS JOIN` keeps that order.
    let tags = conditions.isByTag ? " CROSS JOIN note_tags AS t ON t.note_id = notes.id" : ""
    let statement = try connection.cached(
      "SELECT count(*) FROM damaged_notes AS d CROSS JOIN notes ON notes.rowid = d.row\(tags) "
        + "WHERE \(conditions.sql)")
    defer { statement.reset() }
    conditions.bind(to: statement)
    _ = try statement.step()
    return statement.int(at: 0)
  }

  /// Answers a query by title while some row has no title key (``SQLiteTitleKeys``): the
  /// list's titles, dates and identifiers are read and ordered here, then the rows shown are
  /// read whole.
  private static func orderedByEveryTitle(
    _ query: NoteListQuery, _ conditions: Conditions, in connection: SQLiteConnection
  ) throws(SQLiteError) -> NotePage {
    let statement = try connection.cached(
      """
      SELECT notes.rowid, notes.id, notes.title, notes.created_at, notes.is_pinned
      FROM \(conditions.source())
      WHERE \(conditions.sql) AND notes.rowid NOT IN (SELECT row FROM damaged_notes)
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
    let first = query.page(of: keys)
    let pageRows = first.compactMap { rows[$0.id] }
    let read = try notes(atRows: pageRows, in: connection)
    return NotePage(notes: pageRows.compactMap { read[$0] }, totalCount: keys.count)
  }

  /// Reads the notes in some rows, by row.
  private static func notes(atRows rows: [Int], in connection: SQLiteConnection)
    throws(SQLiteError) -> [Int: Note]
  {
    let statement = try connection.cached(
      "SELECT \(SQLiteRows.noteColumns) FROM notes WHERE rowid = ?1")
    var notes: [Int: Note] = [:]
    var unreadable: [UnreadableNote] = []
    for row in rows {
      statement.reset()
      statement.bind(row, at: 1)
      if try statement.step(), let note = SQLiteRows.note(from: statement, unreadable: &unreadable)
      {
        notes[row] = note
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
    statement.bind(id, at: 1)
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
    // Kept by triggers; the damaged rows' tags are in them, so with any damaged row the tags
    // are counted from their rows instead.
    if try connection.integer("SELECT count(*) FROM damaged_notes") == 0 {
      let kept = try connection.cached("SELECT tag, notes FROM tag_counts WHERE notes > 0")
      defer { kept.reset() }
      var counts: [String: Int] = [:]
      while try kept.step() { counts[kept.text(at: 0)] = kept.int(at: 1) }
      return counts
    }
    let statement = try connection.cached(
      """
      SELECT tag, count(*) FROM note_tags
      WHERE note_id NOT IN (
        SELECT id FROM notes WHERE rowid IN (SELECT row FROM damaged_notes))
      GROUP BY tag
      """)
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
    // One read transaction for them all: each statement alone would begin and end its own,
    // taking and letting go of the store's locks once an identifier (100,000 times for an
    // import of that many notes), and could see another process's save halfway through.
    try connection.execute("BEGIN")
    defer { try? connection.execute("COMMIT") }
    defer { statement.reset() }
    for id in ids {
      statement.reset()
      statement.bind(id, at: 1)
      if try statement.step() { saved.insert(id) }
    }
    return saved
  }

  /// The identifiers of the saved notes and of those in the trash next to each of some
  /// identifiers, in the order of the primary keys' text (which is the order of their digits:
  /// the dashes sit at the same places in every one): two steps down each table's index, its
  /// damaged rows passed over.
  static func noteIDs(nextTo ids: [Note.ID], in connection: SQLiteConnection)
    throws(SQLiteError) -> [[Note.ID]]
  {
    let undamaged = "rowid NOT IN (SELECT row FROM damaged_notes)"
    var statements: [SQLiteStatement] = []
    for (table, condition) in [("notes", " AND \(undamaged)"), ("trashed_notes", "")] {
      statements.append(
        try connection.cached(
          "SELECT id FROM \(table) WHERE id < ?1\(condition) ORDER BY id DESC LIMIT 1"))
      statements.append(
        try connection.cached(
          "SELECT id FROM \(table) WHERE id > ?1\(condition) ORDER BY id LIMIT 1"))
    }
    defer { for statement in statements { statement.reset() } }
    var neighbours: [[Note.ID]] = []
    for id in ids {
      var next: [Note.ID] = []
      for statement in statements {
        statement.reset()
        statement.bind(id, at: 1)
        if try statement.step(), let found = statement.uuid(at: 0) {
          next.append(found)
        }
      }
      neighbours.append(next)
    }
    return neighbours
  }

  /// The rows that can't be read as notes, found in the table the triggers keep of them.
  static func unreadableNotes(in connection: SQLiteConnection) throws(SQLiteError)
    -> [UnreadableNote]
  {
    let statement = try connection.cached(
      "SELECT \(SQLiteRows.noteColumns) FROM notes "
        + "WHERE rowid IN (SELECT row FROM damaged_notes)")
    defer { statement.reset() }
    var unreadable: [UnreadableNote] = []
    while try statement.step() { _ = SQLiteRows.note(from: statement, unreadable: &unreadable) }
    return unreadable
  }
}
