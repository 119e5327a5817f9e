import FieldNotesModel

/// The note the page workloads pin and unpin, the same note at every size, and the way to its
/// page.
///
/// A page is opened from a list, and every list of a large library shows its pinned notes
/// first: All Notes' first page at 100,000 notes holds pinned notes only. The way in is the
/// narrowest list that needs no search: one notebook's untagged notes, oldest first, where the
/// note is the oldest that is not pinned, the first row after the list's pinned notes (about
/// 80 of them at a million notes). The note is chosen among the first 1,000 notes, which every
/// size's library begins with, so it is the same note everywhere.
struct PageRoute {
  /// The notebook the list is opened in.
  var notebookName: String
  /// The note's title, which its page shows first.
  var title: String
  /// The note's row in the list.
  var row: Int

  /// The commands that open the note's page from the start of a session.
  var commands: [String] {
    ["open \(notebookName)", "filter untagged", "sort oldest", "show \(row)"]
  }

  /// The commands as the report shows them.
  var commandsText: String { commands.map { "`\($0)`" }.joined(separator: ", ") }

  /// The note a small library offers: in the first notebook, in the Notebooks screen's order,
  /// that has an untagged note not pinned, its oldest such note.
  ///
  /// - Parameter library: The smallest library.
  /// - Returns: The notebook and the note, if there is one.
  static func choose(in library: NoteLibrary) -> (notebook: Notebook, note: Note.ID)? {
    for notebook in Workloads.sortedNotebooks(of: library) {
      let candidates = library.notes.filter {
        $0.notebookID == notebook.id && $0.tags.isEmpty && !$0.isPinned
      }
      if let oldest = candidates.min(by: { $0.createdAt < $1.createdAt }) {
        return (notebook, oldest.id)
      }
    }
    return nil
  }

  /// The way to a note's page in one library.
  ///
  /// - Parameters:
  ///   - note: The note, from ``choose(in:)``.
  ///   - notebook: Its notebook.
  ///   - library: A library that holds it.
  init?(to note: Note.ID, in notebook: Notebook, of library: NoteLibrary) {
    let list = library.notes.filter { $0.notebookID == notebook.id && $0.tags.isEmpty }
    guard let target = list.first(where: { $0.id == note }), !target.isPinned else { return nil }
    let row =
      1 + list.count { $0.isPinned }
      + list.count { !$0.isPinned && $0.createdAt < target.createdAt }
    // Only the first page's rows can be named without `more`.
    guard row <= PeerSQL.pageSize else { return nil }
    notebookName = notebook.name
    title = target.title
    self.row = row
  }
}
