import FieldNotesModel
import Foundation

/// A place in a list's order: where a note stood when it was drawn, as the order sees it (its
/// pin, the date the order goes by, its title's key in the order by title, and its identifier).
///
/// A page after `more` starts after the last row drawn above it, at this place rather than at
/// a count of rows: a store reads the page from there through its index, so a page far down a
/// long list costs what it shows, and the rows above are never read again. The place stays
/// where it is whatever happens to its note: a note pinned, edited, moved or deleted since it
/// was drawn leaves the rows after the place as they are.
public struct NoteListPosition: Hashable, Sendable {
  /// Whether the note was pinned: pinned notes come first in every order.
  public var isPinned: Bool
  /// The date the order goes by: the edit date in the order of changes, the creation date in
  /// every other (by title, it orders notes of one title).
  public var date: Date
  /// The title's key in the order by title (``FieldNotesModel/NoteSortOrder/titleKey(_:)``);
  /// empty in the others, which don't read it.
  public var titleKey: [UInt8]
  /// The note's identifier, which orders notes of one date.
  public var id: Note.ID

  /// The place of a note as an order sees it.
  ///
  /// - Parameters:
  ///   - note: The note, as it was drawn.
  ///   - order: The list's order.
  public init(of note: Note, in order: NoteSortOrder) {
    self.init(
      isPinned: note.isPinned, createdAt: note.createdAt, updatedAt: note.updatedAt,
      title: note.title, id: note.id, in: order)
  }

  /// The place of a note, given what an order reads of it.
  ///
  /// - Parameters:
  ///   - isPinned: Whether it is pinned.
  ///   - createdAt: When it was written.
  ///   - updatedAt: When it last changed.
  ///   - title: Its title.
  ///   - id: Its identifier.
  ///   - order: The list's order.
  public init(
    isPinned: Bool, createdAt: Date, updatedAt: Date, title: String, id: Note.ID,
    in order: NoteSortOrder
  ) {
    self.isPinned = isPinned
    self.date = order == .updated ? updatedAt : createdAt
    self.titleKey = order == .title ? NoteSortOrder.titleKey(title) : []
    self.id = id
  }

  /// Whether a note comes after this place in an order: what a page after it may show.
  ///
  /// The same comparison as ``FieldNotesModel/NoteSortOrder/areInIncreasingOrder(_:_:)``, with
  /// this place in the first note's stead.
  ///
  /// - Parameters:
  ///   - note: The note.
  ///   - order: The order the place was taken in.
  /// - Returns: `true` when the note comes after the place.
  public func precedes(_ note: Note, in order: NoteSortOrder) -> Bool {
    let other = NoteListPosition(of: note, in: order)
    if isPinned != other.isPinned { return isPinned }
    switch order {
    case .newest, .updated:
      if date != other.date { return date > other.date }
    case .oldest:
      if date != other.date { return date < other.date }
    case .title:
      if titleKey != other.titleKey { return titleKey.lexicographicallyPrecedes(other.titleKey) }
      if date != other.date { return date < other.date }
    }
    // Byte order of the identifiers is the order of their text, as the notes' own order has it.
    return withUnsafeBytes(of: id.uuid) { left in
      withUnsafeBytes(of: other.id.uuid) { right in left.lexicographicallyPrecedes(right) }
    }
  }
}
