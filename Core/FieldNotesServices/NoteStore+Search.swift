import FieldNotesModel
import FieldNotesQuery

// MARK: - Searching

extension NoteStore {
  /// The search indexes the repository found it could not trust when it opened the store, and
  /// rebuilt from the notes: reported once, as ``unreadableNotes`` are.
  public var searchIndexRebuilds: [SearchIndexRebuild] { searchIndex.searchIndexRebuilds }

  /// Rebuilds the repository's search index from the saved notes.
  ///
  /// - Returns: How many notes it holds; for a repository without an index, how many notes
  ///   there are (every search reads them).
  /// - Throws: ``NoteStoreError/persistence(_:)`` when the repository's index could not be
  ///   rebuilt; searches still find every note.
  public func rebuildSearchIndex() throws(NoteStoreError) -> Int {
    let count: Int?
    do { count = try searchIndex.rebuildSearchIndex() } catch { throw .persistence(error) }
    return count ?? noteCount(in: .allNotes)
  }

  /// Returns the notes of a scope that match search text (see `Note.matches(_:)`), oldest first.
  ///
  /// - Parameters:
  ///   - scope: All notes, the notes in no notebook, one notebook's, or a tag's.
  ///   - query: The search text; empty matches every note.
  /// - Returns: The matching notes of the scope.
  /// - Complexity: Every match is read, bodies and all; a list reads ``page(_:)``, which reads
  ///   only the rows it shows.
  public func notes(in scope: NoteScope, matching query: String) -> [Note] {
    page(
      NoteListQuery(
        scope: scope, search: query.isEmpty ? .everything : .text(query), order: .oldest)
    ).notes.sorted(
      by: NoteSortOrder.isCreated(_:before:))
  }
}
