import FieldNotesModel

/// Lookups the store answers often, kept so each costs what it touches rather than the whole
/// library: a note's position by identifier, the notes of each notebook, the pinned notes of
/// each list, the folded search text of each note.
///
/// Everything here is derived from the store's notes and rebuilt lazily: a change that moves
/// notes around calls ``reset()``, a change to one note ``noteChanged(at:from:to:)``.
struct NoteIndex {
  private var positions: [Note.ID: Int]?
  /// Positions by the key each note loaded from the repository carries (see `NoteText`).
  private var keyPositions: KeyPositions?
  private var members: [Notebook.ID?: [Int]]?
  /// The positions of each list's pinned notes, ascending, built as lists ask for them.
  private var pinned: [NoteScope: [Int]] = [:]
  /// Whether the notes are in creation order (date, then identifier), which lets a list by
  /// date read its first rows from one end; `nil` until checked.
  private var isInCreationOrder: Bool?
  /// Folded search text by position in the notes, built as searches need it.
  private var searchKeys: [[UInt8]?] = []

  /// Forgets every lookup, after notes were inserted, removed or reordered.
  mutating func reset() {
    positions = nil
    keyPositions = nil
    members = nil
    pinned = [:]
    isInCreationOrder = nil
    searchKeys.removeAll()
  }

  /// Records a note appended at the end, keeping what was built.
  ///
  /// - Parameters:
  ///   - note: The note.
  ///   - position: Its position, the last.
  ///   - previous: The note before it, if any.
  mutating func noteAppended(_ note: Note, at position: Int, after previous: Note?) {
    positions?[note.id] = position
    if let key = note.bodyText.storeKey { keyPositions?[key] = position }
    members?[note.notebookID, default: []].append(position)
    if searchKeys.count == position { searchKeys.append(nil) }
    if isInCreationOrder == true, let previous, !Self.isCreated(previous, before: note) {
      isInCreationOrder = false
    }
    if note.isPinned {
      for scope in Self.listScopes(of: note) where pinned[scope] != nil {
        pinned[scope]?.append(position)
      }
    }
  }

  /// Forgets or updates what depended on one note's content, after it changed in place.
  mutating func noteChanged(at position: Int, from old: Note, to new: Note) {
    if searchKeys.indices.contains(position) { searchKeys[position] = nil }
    if old.bodyText.storeKey != new.bodyText.storeKey {
      if let key = old.bodyText.storeKey { keyPositions?[key] = nil }
      if let key = new.bodyText.storeKey { keyPositions?[key] = position }
    }
    if old.notebookID != new.notebookID { members = nil }
    if old.createdAt != new.createdAt { isInCreationOrder = nil }
    if old.isPinned { remove(position, fromPinnedOf: Self.listScopes(of: old)) }
    if new.isPinned { insert(position, intoPinnedOf: Self.listScopes(of: new)) }
  }

  /// The lists a note is in, among those whose pinned notes are kept.
  private static func listScopes(of note: Note) -> [NoteScope] {
    [.allNotes, note.notebookID.map(NoteScope.notebook) ?? .unfiled]
  }

  private mutating func remove(_ position: Int, fromPinnedOf scopes: [NoteScope]) {
    for scope in scopes {
      guard let list = pinned[scope] else { continue }
      let place = Self.insertionPoint(of: position, in: list)
      if place < list.count, list[place] == position { pinned[scope]?.remove(at: place) }
    }
  }

  private mutating func insert(_ position: Int, intoPinnedOf scopes: [NoteScope]) {
    for scope in scopes {
      guard let list = pinned[scope] else { continue }
      let place = Self.insertionPoint(of: position, in: list)
      if place == list.count || list[place] != position {
        pinned[scope]?.insert(position, at: place)
      }
    }
  }

  private static func insertionPoint(of position: Int, in list: [Int]) -> Int {
    var low = 0
    var high = list.count
    while low < high {
      let middle = (low + high) / 2
      if list[middle] < position { low = middle + 1 } else { high = middle }
    }
    return low
  }

  /// Whether a note comes before another in creation order: by date, then by identifier.
  static func isCreated(_ lhs: Note, before rhs: Note) -> Bool {
    if lhs.createdAt != rhs.createdAt { return lhs.createdAt < rhs.createdAt }
    return withUnsafeBytes(of: lhs.id.uuid) { left in
      withUnsafeBytes(of: rhs.id.uuid) { right in left.lexicographicallyPrecedes(right) }
    }
  }

  // MARK: - The first rows of a list

  /// Whether the notes are in creation order, checked once after each reset.
  mutating func notesAreInCreationOrder(_ notes: [Note]) -> Bool {
    if isInCreationOrder == nil {
      isInCreationOrder = notes.indices.dropFirst().allSatisfy { position in
        Self.isCreated(notes[position - 1], before: notes[position])
      }
    }
    return isInCreationOrder == true
  }

  /// The positions of the first notes of a list in an order, read from the ends of the list
  /// rather than by ordering it, or `nil` when that can't be done and the caller must order the
  /// notes itself: by title, for a tag's list, or when the notes are not in creation order.
  ///
  /// - Parameters:
  ///   - count: How many at most.
  ///   - scope: The list.
  ///   - matches: The positions, ascending, of the notes that match a search, or `nil` for the
  ///     whole list.
  ///   - order: The order.
  ///   - notes: The store's notes.
  /// - Returns: The positions, in the order, or `nil`.
  /// - Complexity: About O(*count*) for a whole list, whose pinned notes are kept; O(*m*) at
  ///   worst for *m* matches. O(*n*) the first time after the notes were reordered.
  mutating func firstPositions(
    _ count: Int, in scope: NoteScope, among matches: [Int]?, order: NoteSortOrder,
    of notes: [Note]
  ) -> [Int]? {
    guard order != .title, notesAreInCreationOrder(notes) else { return nil }
    guard count > 0 else { return [] }
    if let matches {
      return Self.first(
        count, of: matches.count, at: { matches[$0] }, knownPinned: nil, order: order,
        in: notes)
    }
    switch scope {
    case .allNotes:
      let pinned = pinnedPositions(in: scope, listPositions: nil, of: notes)
      return Self.first(
        count, of: notes.count, at: { $0 }, knownPinned: pinned, order: order, in: notes)
    case .unfiled, .notebook:
      var notebookID: Notebook.ID?
      if case .notebook(let id) = scope { notebookID = id }
      let list = positions(in: notebookID, of: notes)
      let pinned = pinnedPositions(in: scope, listPositions: list, of: notes)
      return Self.first(
        count, of: list.count, at: { list[$0] }, knownPinned: pinned, order: order, in: notes)
    case .tagged:
      return nil
    }
  }

  /// The first notes in a date order among positions in creation order.
  ///
  /// The pinned notes come first, then the others, each group from the same end of the
  /// positions: the newest end, or the oldest. Each group is read a little past `count`, to
  /// the end of any run of notes with the same date (whose order is by identifier either way),
  /// and what was read is put in the order: a few hundred notes, however many there are.
  ///
  /// - Parameters:
  ///   - count: How many at most.
  ///   - total: How many positions there are.
  ///   - position: The position at an offset, ascending with the offset.
  ///   - knownPinned: The pinned notes among the positions, ascending, when they are kept;
  ///     `nil` to find them while reading.
  ///   - order: `newest` or `oldest`.
  ///   - notes: The store's notes.
  /// - Returns: The first positions, in the order.
  private static func first(
    _ count: Int, of total: Int, at position: (Int) -> Int, knownPinned: [Int]?,
    order: NoteSortOrder, in notes: [Note]
  ) -> [Int] {
    let fromNewest = order == .newest
    /// A group read from the chosen end: full once `count` are taken and a note of another date
    /// follows.
    struct Group {
      var taken: [Int] = []
      var isFull = false

      mutating func offer(_ position: Int, count: Int, notes: [Note]) {
        if taken.count >= count, let last = taken.last,
          notes[last].createdAt != notes[position].createdAt
        {
          isFull = true
        } else {
          taken.append(position)
        }
      }
    }
    var pinned = Group()
    var others = Group()
    if let knownPinned {
      var offset = 0
      while offset < knownPinned.count, !pinned.isFull {
        pinned.offer(
          knownPinned[fromNewest ? knownPinned.count - 1 - offset : offset], count: count,
          notes: notes)
        offset += 1
      }
      pinned.isFull = true
    }
    for offset in 0..<total {
      if pinned.isFull && others.isFull { break }
      let next = position(fromNewest ? total - 1 - offset : offset)
      if notes[next].isPinned {
        if !pinned.isFull { pinned.offer(next, count: count, notes: notes) }
      } else if !others.isFull {
        others.offer(next, count: count, notes: notes)
      }
    }
    var candidates = pinned.taken + others.taken
    candidates.sort { order.areInIncreasingOrder(notes[$0], notes[$1]) }
    return Array(candidates.prefix(count))
  }

  private mutating func pinnedPositions(
    in scope: NoteScope, listPositions: [Int]?, of notes: [Note]
  ) -> [Int] {
    if let built = pinned[scope] { return built }
    let built =
      listPositions?.filter { notes[$0].isPinned } ?? notes.indices.filter { notes[$0].isPinned }
    pinned[scope] = built
    return built
  }

  /// The position of the note whose text is deferred to a key of the repository, if any.
  mutating func position(ofKey key: Int64, in notes: [Note]) -> Int? {
    if keyPositions == nil { keyPositions = KeyPositions(notes) }
    return keyPositions?[key]
  }

  mutating func position(of id: Note.ID, in notes: [Note]) -> Int? {
    if positions == nil {
      positions = Dictionary(notes.indices.map { (notes[$0].id, $0) }) { first, _ in first }
    }
    return positions?[id]
  }

  mutating func positions(in notebookID: Notebook.ID?, of notes: [Note]) -> [Int] {
    if members == nil {
      var built: [Notebook.ID?: [Int]] = [:]
      for position in notes.indices {
        built[notes[position].notebookID, default: []].append(position)
      }
      members = built
    }
    return members?[notebookID] ?? []
  }

  /// The positions, among those given, of the notes whose text contains a folded query.
  ///
  /// Keys not built yet are built first (which reads bodies not yet read), then the keys are
  /// scanned; both run on every processor for a large library.
  mutating func positions(_ candidates: [Int], matching query: [UInt8], in notes: [Note]) -> [Int] {
    if searchKeys.count != notes.count { searchKeys = Array(repeating: nil, count: notes.count) }
    let missing = candidates.filter { searchKeys[$0] == nil }
    let built = ParallelChunks.map(missing.count) { range in
      range.map { notes[missing[$0]].searchKey }
    }
    for (position, key) in zip(missing, built.joined()) { searchKeys[position] = key }
    let keys = searchKeys
    return ParallelChunks.map(candidates.count) { range in
      candidates[range].filter { position in
        keys[position].map { SearchFolding.contains($0, query) } ?? false
      }
    }.flatMap { $0 }
  }
}

/// Positions by repository key.
///
/// A SQLite store's keys are its row numbers, nearly all of 1 to
/// the number of notes, so they are kept in an array indexed by key (a search looks up every
/// match); keys far beyond that go in a dictionary.
private struct KeyPositions {
  private var dense: [Int32]
  private var sparse: [Int64: Int] = [:]

  init(_ notes: [Note]) {
    dense = Array(repeating: -1, count: notes.count * 2 + 1)
    for position in notes.indices {
      if let key = notes[position].bodyText.storeKey { self[key] = position }
    }
  }

  subscript(key: Int64) -> Int? {
    get {
      if key >= 0, key < dense.count {
        let position = dense[Int(key)]
        return position < 0 ? nil : Int(position)
      }
      return sparse[key]
    }
    set {
      if key >= 0, key < dense.count {
        dense[Int(key)] = newValue.map { Int32(truncatingIfNeeded: $0) } ?? -1
      } else {
        sparse[key] = newValue
      }
    }
  }
}
