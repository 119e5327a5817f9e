import FieldNotesText
import Foundation

/// How a note list is ordered.
///
/// Pinned notes always come first; the order applies to the rest.
public enum NoteSortOrder: String, CaseIterable, Hashable, Sendable {
  /// The most recently written first.
  case newest
  /// The earliest written first.
  case oldest
  /// By title, ignoring case and diacritics, numbers in numeric order (see
  /// ``titleKey(_:)``).
  case title
  /// The most recently changed first: edited, pinned, tagged or moved (``Note/updatedAt``).
  case updated

  /// The date a row in this order shows: when the note last changed in the order of changes,
  /// when it was written in every other.
  ///
  /// - Parameter note: The note of the row.
  /// - Returns: Its edit date or its creation date.
  public func shownDate(of note: Note) -> Date {
    self == .updated ? note.updatedAt : note.createdAt
  }

  /// Returns notes in this order, pinned notes first.
  ///
  /// Ties are broken by identifier (by title: by creation date, then identifier), so the order
  /// is total and the same everywhere it is computed, in memory or by SQL.
  ///
  /// - Parameter notes: The notes to order.
  /// - Returns: The same notes, ordered.
  /// - Complexity: O(*n* log *n*).
  public func sorted(_ notes: [Note]) -> [Note] {
    guard self == .title else { return notes.sorted(by: areInIncreasingOrder) }
    let keys = notes.map { Self.titleKey($0.title) }
    return notes.indices.sorted { Self.titleOrder(notes[$0], keys[$0], notes[$1], keys[$1]) }
      .map { notes[$0] }
  }

  /// Returns the first notes in this order.
  ///
  /// By a date, the notes are ordered through small keys (pin, date, identifier) rather than
  /// whole notes, which keeps a long list quick to order. By title, each title's key is made
  /// once and the first notes are selected without ordering the rest.
  ///
  /// - Parameters:
  ///   - count: How many to return at most.
  ///   - notes: The notes to order.
  /// - Returns: The same as `sorted(notes).prefix(count)`.
  /// - Complexity: O(*n* log *n*) by date; by title, O(*n* · *count*) at worst and about one
  ///   comparison per note when the notes come in no particular order.
  public func first(_ count: Int, of notes: [Note]) -> [Note] {
    guard notes.count > count else { return sorted(notes) }
    guard self != .title else {
      let keys = notes.map { Self.titleKey($0.title) }
      return Self.first(count, of: Array(notes.indices)) {
        Self.titleOrder(notes[$0], keys[$0], notes[$1], keys[$1])
      }.map { notes[$0] }
    }
    struct Key {
      var isPinned: Bool
      var date: Double
      var id: uuid_t
      var position: Int
    }
    let newestFirst = self != .oldest
    let date = self == .updated ? \Note.updatedAt : \Note.createdAt
    var keys = notes.indices.map { position in
      Key(
        isPinned: notes[position].isPinned,
        date: notes[position][keyPath: date].timeIntervalSinceReferenceDate,
        id: notes[position].id.uuid, position: position)
    }
    keys.sort { lhs, rhs in
      if lhs.isPinned != rhs.isPinned { return lhs.isPinned }
      if lhs.date != rhs.date { return newestFirst ? lhs.date > rhs.date : lhs.date < rhs.date }
      return withUnsafeBytes(of: lhs.id) { left in
        withUnsafeBytes(of: rhs.id) { right in left.lexicographicallyPrecedes(right) }
      }
    }
    return keys.prefix(count).map { notes[$0.position] }
  }

  /// Returns the first elements in an order without ordering the rest: a sorted run of at most
  /// `count` elements is kept, and each element is first compared with the last of it, which
  /// turns most elements away with one comparison.
  ///
  /// - Parameters:
  ///   - count: How many to return at most.
  ///   - elements: The elements to choose from.
  ///   - areInIncreasingOrder: A strict weak order.
  /// - Returns: The same as `elements.sorted(by: areInIncreasingOrder).prefix(count)` when the
  ///   order is total; equal elements keep their order.
  private static func first<Element>(
    _ count: Int, of elements: [Element],
    by areInIncreasingOrder: (Element, Element) -> Bool
  ) -> [Element] {
    guard count > 0 else { return [] }
    var kept: [Element] = []
    kept.reserveCapacity(count + 1)
    for element in elements {
      if kept.count == count, let last = kept.last, !areInIncreasingOrder(element, last) {
        continue
      }
      // After every kept element that is not greater, so equal elements keep their order.
      var low = 0
      var high = kept.count
      while low < high {
        let middle = (low + high) / 2
        if areInIncreasingOrder(element, kept[middle]) { high = middle } else { low = middle + 1 }
      }
      kept.insert(element, at: low)
      if kept.count > count { kept.removeLast() }
    }
    return kept
  }

  /// Whether a note comes before another in this order: pinned first, then by the order, ties
  /// broken by creation date and then identifier.
  public func areInIncreasingOrder(_ lhs: Note, _ rhs: Note) -> Bool {
    if lhs.isPinned != rhs.isPinned { return lhs.isPinned }
    switch self {
    case .newest:
      if lhs.createdAt != rhs.createdAt { return lhs.createdAt > rhs.createdAt }
    case .oldest:
      if lhs.createdAt != rhs.createdAt { return lhs.createdAt < rhs.createdAt }
    case .updated:
      if lhs.updatedAt != rhs.updatedAt { return lhs.updatedAt > rhs.updatedAt }
    case .title:
      return Self.titleOrder(lhs, Self.titleKey(lhs.title), rhs, Self.titleKey(rhs.title))
    }
    // Byte order of the identifiers is the order of their text, without making the text.
    return withUnsafeBytes(of: lhs.id.uuid) { left in
      withUnsafeBytes(of: rhs.id.uuid) { right in left.lexicographicallyPrecedes(right) }
    }
  }

  /// Whether a note was created before another: by date, then by identifier.
  ///
  /// The order a library keeps its notes in (oldest first), pins aside.
  ///
  /// - Parameters:
  ///   - lhs: A note.
  ///   - rhs: Another note.
  /// - Returns: `true` when `lhs` comes first.
  public static func isCreated(_ lhs: Note, before rhs: Note) -> Bool {
    if lhs.createdAt != rhs.createdAt { return lhs.createdAt < rhs.createdAt }
    return withUnsafeBytes(of: lhs.id.uuid) { left in
      withUnsafeBytes(of: rhs.id.uuid) { right in left.lexicographicallyPrecedes(right) }
    }
  }

  /// The key a title is ordered by: its text folded as a search folds it (case and diacritics
  /// gone, compatibility forms as what they stand for), each run of digits written as a marker,
  /// its length and its digits without leading zeros, so that bytes in order are titles in
  /// order and `Note 9` comes before `Note 10`.
  ///
  /// A key is plain bytes, compared byte by byte: the same order in memory as a store could
  /// keep beside each row, and a comparison costs a few nanoseconds, where a Unicode-aware
  /// string compare costs microseconds.
  ///
  /// - Parameter title: A note's title.
  /// - Returns: Its key.
  public static func titleKey(_ title: String) -> [UInt8] {
    let folded = SearchFolding.fold(title)
    var key: [UInt8] = []
    key.reserveCapacity(folded.count + 4)
    var position = 0
    while position < folded.count {
      guard isDigit(folded[position]) else {
        key.append(folded[position])
        position += 1
        continue
      }
      var end = position
      while end < folded.count, isDigit(folded[end]) { end += 1 }
      var start = position
      while start < end - 1, folded[start] == 0x30 { start += 1 }
      // The marker is a digit, so numbers sort where digits do among other characters.
      key.append(0x30)
      key.append(UInt8(min(end - start, 255)))
      key.append(contentsOf: folded[start..<end])
      position = end
    }
    return key
  }

  private static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

  /// The title order of two notes whose title keys are given: pinned first, then by key, then
  /// by creation date, then by identifier.
  private static func titleOrder(_ lhs: Note, _ lhsKey: [UInt8], _ rhs: Note, _ rhsKey: [UInt8])
    -> Bool
  {
    if lhs.isPinned != rhs.isPinned { return lhs.isPinned }
    if lhsKey != rhsKey { return lhsKey.lexicographicallyPrecedes(rhsKey) }
    if lhs.createdAt != rhs.createdAt { return lhs.createdAt < rhs.createdAt }
    return withUnsafeBytes(of: lhs.id.uuid) { left in
      withUnsafeBytes(of: rhs.id.uuid) { right in left.lexicographicallyPrecedes(right) }
    }
  }
}
