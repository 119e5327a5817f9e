import FieldNotesModel

/// The note the All Notes pin workload pins and unpins in one library, its row and its id.
///
/// All Notes lists pinned notes first, newest first, then the rest newest first. The note is
/// the newest note that is not pinned, so it is the first row after the pinned notes, and
/// pinning it puts it among them by its date. With the generated 5% pinned, the pinned notes
/// alone fill the first page from about 4,000 notes on, so the note is reached with `more`.
///
/// It is pinned by its row and unpinned by its id: after `more`, a pin redraws the page shown
/// and leaves the rows above it numbered as they were drawn, so the row the note moved to
/// above the page names, by number, the note drawn there before.
struct AllNotesPinTarget {
  /// The note's title, which `pin` and `unpin` name when they say what they did.
  var title: String
  /// The note's id, which `unpin` names it by.
  var id: Note.ID
  /// How many pinned notes the library has: the rows above the note.
  var pinnedCount: Int
  /// The note's row once pinned: after the pinned notes newer than it.
  var pinnedRow: Int

  /// The note's row while it is not pinned.
  var row: Int { pinnedCount + 1 }

  /// How many `more` commands show its row, a page of 200 rows each.
  var morePages: Int { (row - 1) / PeerSQL.pageSize }

  /// The commands that show the note's row: `open all`, then `more` as many times as reach it.
  var setup: [String] { ["open all"] + Array(repeating: "more", count: morePages) }

  /// The `more` commands, as the report says them after `open all`: nothing when there are none.
  var moresText: String { morePages == 0 ? "" : ", `more` \(morePages.formatted()) times" }

  /// Where the note is, as the report says it.
  var placeText: String {
    "the note is row \(row.formatted()), after the \(pinnedCount.formatted()) pinned notes, "
      + "and row \(pinnedRow.formatted()) once pinned, unpinned by its id"
  }

  /// Edits that pin the note by its row and unpin it by its id, in turn, starting with a pin.
  ///
  /// - Parameter count: How many edits.
  /// - Returns: The commands.
  func toggles(_ count: Int) -> [String] {
    (0..<count).map { $0 % 2 == 0 ? "pin \(row)" : "unpin \(id.uuidString)" }
  }

  /// The target in a library, if some note is not pinned.
  ///
  /// - Parameter library: The library.
  init?(_ library: NoteLibrary) {
    guard
      let note = library.notes.lazy.filter({ !$0.isPinned }).max(by: {
        $0.createdAt < $1.createdAt
      })
    else { return nil }
    title = note.title
    id = note.id
    pinnedCount = library.notes.count { $0.isPinned }
    pinnedRow = 1 + library.notes.count { $0.isPinned && $0.createdAt > note.createdAt }
  }
}
