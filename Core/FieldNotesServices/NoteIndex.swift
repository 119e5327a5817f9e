import FieldNotesModel

/// Lookups the store answers often, kept so each costs what it touches rather than the whole
/// library: a note's position by identifier, the notes of each notebook, the pinned notes of
/// each list, the folded search text of each note.
///
/// Everything here is derived from the store's notes and rebuilt lazily: a change that moves
/// notes around calls ``reset()``, a change to one note ``noteChanged(at:from:to:)``.
struct NoteIndex {
  private var positions: [Note.ID: Int]?
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

  /// The positions of the first notes of a list in an order, read from the ends of the list
  /// rather than by ordering it, or `nil` when that can't be done and the caller must order the
  /// notes itself: by title, for a tag's list, or when the notes are not in creation order.
  ///
  /// The notes being in creation order, a list by date is its pinned notes from one end, then
  /// its other notes from the same end. Each end is read a little past `count`, to the end of
  /// any run of notes with the same date (whose order is by identifier either way), and what
  /// was read is put in the order: a few hundred notes, whatever the size of the library.
  ///
  /// - Complexity: O(*count* + *p*), for *p* pinned notes passed over; O(*n*) the first time
  ///   after the notes were reordered.
  mutating func firstPositions(
    _ count: Int, in scope: NoteScope, order: NoteSortOrder, of notes: [Note]
  ) -> [Int]? {
    guard order != .title, count > 0 else { return order == .title ? nil : [] }
    let listPositions: [Int]
    switch scope {
    case .allNotes: listPositions = []
    case .unfiled: listPositions = positions(in: nil, of: notes)
    case .notebook(let id): listPositions = positions(in: id, of: notes)
    case .tagged: return nil
    }
    if isInCreationOrder == nil {
      isInCreationOrder = notes.indices.dropFirst().allSatisfy { position in
        Self.isCreated(notes[position - 1], before: notes[position])
      }
    }
    guard isInCreationOrder == true else { return nil }
    let all = scope == .allNotes
    let pinnedPositions = pinnedPositions(in: scope, listPositions: listPositions, of: notes)
    let listCount = all ? notes.count : listPositions.count
    let fromEnd = order == .newest
    /// The list's positions from the chosen end, as many as `body` takes.
    func walk(_ total: Int, _ element: (Int) -> Int, _ body: (Int) -> Bool) {
      for step in 0..<total {
        if !body(element(fromEnd ? total - 1 - step : step)) { return }
      }
    }
    var candidates: [Int] = []
    func collect(_ position: Int, into taken: inout Int) -> Bool {
      if taken >= count, let last = candidates.last,
        notes[last].createdAt != notes[position].createdAt
      {
        return false
      }
      candidates.append(position)
      taken += 1
      return true
    }
    var takenPinned = 0
    walk(
      pinnedPositions.count, { pinnedPositions[$0] }, { collect($0, into: &takenPinned) })
    var takenOthers = 0
    walk(
      listCount, { all ? $0 : listPositions[$0] },
      { notes[$0].isPinned || collect($0, into: &takenOthers) })
    candidates.sort { order.areInIncreasingOrder(notes[$0], notes[$1]) }
    return Array(candidates.prefix(count))
  }

  private mutating func pinnedPositions(
    in scope: NoteScope, listPositions: [Int], of notes: [Note]
  ) -> [Int] {
    if let built = pinned[scope] { return built }
    let built =
      scope == .allNotes
      ? notes.indices.filter { notes[$0].isPinned } : listPositions.filter { notes[$0].isPinned }
    pinned[scope] = built
    return built
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
