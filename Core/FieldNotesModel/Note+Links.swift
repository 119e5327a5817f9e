import FieldNotesText
import Foundation

extension NoteLink {
  /// The note a link names among some notes: the oldest whose title folds as the link's does,
  /// else the oldest whose file keeps a name that does (``Note/keptFileStem``:
  /// `[[10 note 2]]` names the note imported from `10 note 2.md`, whatever its `title:` says);
  /// a link written as a path to a file (`[[Daily/10 note 2.md]]`) then names the note of
  /// that file's name the same way (``FieldNotesText/NoteLink/keys``).
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
    let notes = Array(notes)
    for key in link.keys {
      if let named = notes.filter({ SearchFolding.fold($0.title) == key }).min(
        by: Note.isWrittenBefore)
      {
        return named
      }
      if let named = notes.filter({ note in
        note.keptFileStem.map { SearchFolding.fold($0) == key } ?? false
      }).min(by: Note.isWrittenBefore) {
        return named
      }
    }
    return nil
  }

  /// The keys of the links that name a note among some notes (``resolved(_:among:)``): its
  /// title's, unless an older note has that title, and its file's name's
  /// (``Note/keptFileStem``), unless a note has that title.
  ///
  /// - Parameters:
  ///   - note: The note.
  ///   - notes: The notes its namesakes are among (it may be one of them).
  /// - Returns: The keys, folded by ``SearchFolding/fold(_:)``; none when every link of its
  ///   title names another note.
  public static func keys(naming note: Note, among notes: some Sequence<Note>) -> Set<[UInt8]> {
    let notes = Array(notes) + [note]
    let names = [note.title] + (note.keptFileStem.map { [$0] } ?? [])
    return Set(
      names.filter { resolved(NoteLink(title: $0), among: notes)?.id == note.id }
        .map(SearchFolding.fold))
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
