import FieldNotesModel
import FieldNotesQuery
import FieldNotesServices

// MARK: - Searching

/// A test's way to read a list whole, oldest first: no screen reads the store so (a list reads
/// a page), so it is the test kit's, not the store's.
extension NoteStore {
  /// Returns the notes a list of a scope shows, oldest first.
  ///
  /// - Parameter scope: All notes, the notes in no notebook, one notebook's, or a tag's.
  /// - Returns: The notes in the scope.
  /// - Throws: ``NoteStoreError/persistence(_:)`` when the repository can't be read.
  public func notes(in scope: NoteScope) throws(NoteStoreError) -> [Note] {
    try notes(in: scope, matching: "")
  }

  /// Returns the notes of a scope that match search text (see `Note.matches(_:)`), oldest first.
  ///
  /// - Parameters:
  ///   - scope: All notes, the notes in no notebook, one notebook's, or a tag's.
  ///   - query: The search text; empty matches every note.
  /// - Returns: The matching notes of the scope.
  /// - Throws: ``NoteStoreError/persistence(_:)`` when the repository can't be read.
  /// - Complexity: Every match is read, bodies and all; a list reads ``page(_:)``, which reads
  ///   only the rows it shows.
  public func notes(in scope: NoteScope, matching query: String) throws(NoteStoreError)
    -> [Note]
  {
    try page(
      NoteListQuery(
        scope: scope, search: query.isEmpty ? .everything : .text(query), order: .oldest)
    ).notes.sorted(
      by: NoteSortOrder.isCreated(_:before:))
  }
}
