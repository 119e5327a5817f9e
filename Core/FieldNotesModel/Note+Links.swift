import FieldNotesText
import Foundation

extension NoteLink {
  /// The note a link names among some notes: the oldest whose title folds as the link's does.
  ///
  /// When several notes share a title, the one written first (``Note/createdAt``, then the
  /// smaller identifier) is the one every link to that title names, so a link goes on naming
  /// the same note when a newer one takes its title.
  ///
  /// - Parameters:
  ///   - link: The link.
  ///   - notes: The notes it may name (never the trash's: a deleted note is no link's).
  /// - Returns: The note, or `nil` when none has the title: the link is unresolved.
  public static func resolved(_ link: NoteLink, among notes: some Sequence<Note>) -> Note? {
    let key = link.titleKey
    return notes.filter { SearchFolding.fold($0.title) == key }.min(by: Note.isWrittenBefore)
  }
}

extension Note {
  /// Whether a note was written before another.
  ///
  /// Created earlier, or at the same moment with the smaller identifier: the order in which
  /// notes sharing a title are named by a link.
  ///
  /// - Parameters:
  ///   - lhs: A note.
  ///   - rhs: Another note.
  /// - Returns: `true` when `lhs` comes first.
  public static func isWrittenBefore(_ lhs: Note, _ rhs: Note) -> Bool {
    lhs.createdAt != rhs.createdAt
      ? lhs.createdAt < rhs.createdAt : lhs.id.uuidString < rhs.id.uuidString
  }
}
