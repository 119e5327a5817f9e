import FieldNotesModel

/// Lookups the store answers often, kept so each costs what it touches rather than the whole
/// library: a note's position by identifier, the notes of each notebook, the folded search text
/// of each note.
///
/// Everything here is derived from the store's notes and rebuilt lazily: a change that moves
/// notes around calls ``reset()``, a change to one note ``noteChanged(_:)``.
struct NoteIndex {
  private var positions: [Note.ID: Int]?
  private var members: [Notebook.ID?: [Int]]?
  /// Folded search text by position in the notes, built as searches need it.
  private var searchKeys: [[UInt8]?] = []

  /// Forgets every lookup, after notes were inserted, removed or reordered.
  mutating func reset() {
    positions = nil
    members = nil
    searchKeys.removeAll()
  }

  /// Records a note appended at the end, keeping what was built.
  mutating func noteAppended(_ note: Note, at position: Int) {
    positions?[note.id] = position
    members?[note.notebookID, default: []].append(position)
    if searchKeys.count == position { searchKeys.append(nil) }
  }

  /// Forgets what depended on one note's content, after it changed in place.
  mutating func noteChanged(at position: Int, from old: Note, to new: Note) {
    if searchKeys.indices.contains(position) { searchKeys[position] = nil }
    if old.notebookID != new.notebookID { members = nil }
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
