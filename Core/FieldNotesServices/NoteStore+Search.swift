import FieldNotesModel

// MARK: - Searching

extension NoteStore {
  /// The search indexes the repository found it could not trust when it opened the store, and
  /// rebuilt from the notes: reported once, as ``unreadableNotes`` are.
  public var searchIndexRebuilds: [SearchIndexRebuild] { repository?.searchIndexRebuilds ?? [] }

  /// Rebuilds what searches go through: the repository's search index, from the saved notes, or
  /// without one the folded text the store keeps between searches (made again by the next).
  ///
  /// - Returns: How many notes it holds.
  /// - Throws: ``NoteStoreError/persistence(_:)`` when the repository's index could not be
  ///   rebuilt; searches still find every note.
  public func rebuildSearchIndex() throws(NoteStoreError) -> Int {
    let count: Int?
    do { count = try repository?.rebuildSearchIndex() } catch { throw .persistence(error) }
    if let count { return count }
    index.reset()
    return notes.count
  }

  /// Returns the notes of a scope that match search text (see `Note.matches(_:)`), oldest first.
  ///
  /// A repository with a search index (the SQLite store's) finds the candidates, and each is
  /// checked against its note's own text: a damaged index can miss a note, but never returns one
  /// without the text. Otherwise the folded text of each note is kept between searches, so a
  /// search costs one scan of the scope's notes.
  ///
  /// - Parameters:
  ///   - scope: All notes, the notes in no notebook, or one notebook's.
  ///   - query: The search text; empty matches every note.
  /// - Returns: The matching notes of the scope.
  /// - Complexity: With an index, what its answer costs and reading the text of the *m* notes it
  ///   names; ``page(of:matching:sortedBy:count:)`` reads only the rows it shows.
  public func notes(in scope: NoteScope, matching query: String) -> [Note] {
    let notes = self.notes
    if query.isEmpty, scope == .allNotes { return notes }
    return checkedMatches(in: scope, query).map { notes[$0] }
  }

  /// Returns the first notes of a list in an order, pinned notes first, with how many notes
  /// the list (or its search, or its filter) holds: the rows a list shows, without ordering
  /// the rest.
  ///
  /// The rows of a search are checked against their notes' text; if one doesn't hold it, the
  /// search index is wrong (or another process changed the note), and every match is checked
  /// before the rows are chosen again.
  ///
  /// - Parameters:
  ///   - scope: The list.
  ///   - query: The search text; empty for the whole list.
  ///   - order: The order.
  ///   - count: How many notes at most.
  ///   - isIncluded: A list's own filter (a tag, pinned only), asked of each note the list or
  ///     its search holds; `nil` for none.
  /// - Returns: The same notes as `order.first(count, of: notes(in: scope, matching: query)
  ///   .filter(isIncluded))`, and the number of notes that call orders.
  /// - Complexity: By date, for All Notes, the notes in no notebook or a notebook's, about
  ///   O(*count*) for the whole list and O(*m*) for *m* matches of a search or a filter (the
  ///   first call after notes were removed or reordered is O(*n*)), reading the text of the
  ///   *count* rows shown; otherwise O(*n*) for *n* notes in the list.
  public func page(
    of scope: NoteScope, matching query: String = "", sortedBy order: NoteSortOrder, count: Int,
    where isIncluded: ((Note) -> Bool)? = nil
  ) -> NotePage {
    guard !query.isEmpty || isIncluded != nil else {
      return firstRows(of: scope, among: nil, order, count)
    }
    let notes = self.notes
    func included(_ positions: [Int]) -> [Int] {
      isIncluded.map { isIncluded in positions.filter { isIncluded(notes[$0]) } } ?? positions
    }
    let matches = matchingPositions(in: scope, query)
    let page = firstRows(of: scope, among: included(matches.positions), order, count)
    guard !matches.areChecked else { return page }
    let folded = SearchFolding.fold(query)
    guard page.notes.contains(where: { Self.holds($0, folded) == false }) else { return page }
    return firstRows(of: scope, among: included(checkedMatches(in: scope, query)), order, count)
  }

  /// The first rows of a list, or of the matches of a search (their positions, ascending).
  private func firstRows(
    of scope: NoteScope, among matches: [Int]?, _ order: NoteSortOrder, _ count: Int
  ) -> NotePage {
    let notes = self.notes
    if let positions = index.firstPositions(
      count, in: scope, among: matches, order: order, of: notes)
    {
      return NotePage(
        notes: positions.map { notes[$0] }, totalCount: matches?.count ?? noteCount(in: scope))
    }
    let listed = matches.map { $0.map { notes[$0] } } ?? self.notes(in: scope)
    return NotePage(notes: order.first(count, of: listed), totalCount: listed.count)
  }

  /// The notes a search found, as positions in the store's notes, ascending.
  struct SearchMatches {
    var positions: [Int]
    /// Whether each was checked against its note's text, as the in-memory scan's are; a search
    /// index's are candidates until checked.
    var areChecked: Bool
  }

  /// The positions, ascending, of a scope's notes that match a query, every one checked.
  ///
  /// When a note the index named doesn't hold the text while the notes in memory are the saved
  /// ones, the index is wrong: the repository is told (and stops using it), and answers again.
  private func checkedMatches(in scope: NoteScope, _ query: String) -> [Int] {
    let matches = matchingPositions(in: scope, query)
    guard !matches.areChecked else { return matches.positions }
    let folded = SearchFolding.fold(query)
    let holding = holdingText(matches.positions, folded)
    guard holding.count < matches.positions.count, let repository,
      !repository.mayHaveUnloadedChanges
    else { return holding }
    repository.invalidateSearchIndex()
    return holdingText(matchingPositions(in: scope, query).positions, folded)
  }

  /// The positions of the notes that hold a folded query, or whose text can't be read to tell.
  private func holdingText(_ candidates: [Int], _ query: [UInt8]) -> [Int] {
    let notes = self.notes
    return ParallelChunks.map(candidates.count) { range in
      candidates[range].filter { Self.holds(notes[$0], query) != false }
    }.flatMap { $0 }
  }

  /// Whether a note holds a folded query, or `nil` when its body can't be read to tell.
  private nonisolated static func holds(_ note: Note, _ query: [UInt8]) -> Bool? {
    guard let body = note.bodyText.textIfReadable else { return nil }
    return SearchFolding.contains(
      Note.searchKey(title: note.title, body: body, tags: note.tags), query)
  }

  /// The positions, ascending, of a scope's notes that match a query (all of them for an
  /// empty one): the search index's candidates, or the in-memory scan's matches.
  private func matchingPositions(in scope: NoteScope, _ query: String) -> SearchMatches {
    let notes = self.notes
    if let positions = indexedPositions(matching: query) {
      return SearchMatches(
        positions: scope == .allNotes ? positions : positions.filter { scope.contains(notes[$0]) },
        areChecked: false)
    }
    let candidates: [Int]
    switch scope {
    case .allNotes: candidates = Array(notes.indices)
    case .unfiled: candidates = index.positions(in: nil, of: notes)
    case .notebook(let id): candidates = index.positions(in: id, of: notes)
    case .tagged: candidates = notes.indices.filter { scope.contains(notes[$0]) }
    }
    return SearchMatches(
      positions: query.isEmpty
        ? candidates : index.positions(candidates, matching: SearchFolding.fold(query), in: notes),
      areChecked: true)
  }

  /// The positions of the notes matching a query, in store order, as the repository's search
  /// index finds them; `nil` with no index, for an empty query, or when the index can't be read
  /// (the store then scans, so a search never fails for want of its index).
  ///
  /// The index answers with keys, and each note loaded from the repository carries its key, so
  /// most matches are placed without asking the repository anything more; for notes written in
  /// this session (whose text is in memory, without a key), the repository says which notes its
  /// keys are.
  ///
  /// The index holds what is on disk, so it answers only while that is what the store has
  /// loaded. Once another process has changed the repository, the notes in memory are scanned
  /// instead until the store loads again: a search never answers from notes the session hasn't
  /// loaded, so no row drawn moves before the list is drawn again.
  private func indexedPositions(matching query: String) -> [Int]? {
    guard let repository, !query.isEmpty, !repository.mayHaveUnloadedChanges else { return nil }
    let folded = SearchFolding.fold(query)
    guard !folded.isEmpty, let keys = try? repository.noteKeys(matchingFolded: folded) else {
      return nil
    }
    let notes = self.notes
    var positions: [Int] = []
    positions.reserveCapacity(keys.count)
    var unplaced: [Int64] = []
    for key in keys {
      if let position = index.position(ofKey: key, in: notes) {
        positions.append(position)
      } else {
        unplaced.append(key)
      }
    }
    if !unplaced.isEmpty {
      guard let ids = try? repository.noteIDs(forKeys: unplaced) else { return nil }
      positions += ids.compactMap { index.position(of: $0, in: notes) }
    }
    positions.sort()
    return positions
  }
}
