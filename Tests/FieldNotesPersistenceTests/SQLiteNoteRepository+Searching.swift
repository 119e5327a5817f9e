import FieldNotesModel
import FieldNotesPersistence
import FieldNotesQuery

extension SQLiteNoteRepository {
  /// The notes a search of All Notes finds, as the store answers it.
  ///
  /// - Parameter text: The search text.
  /// - Returns: Their identifiers.
  /// - Throws: `RepositoryError` when the store can't be read.
  func noteIDs(matching text: String) throws -> Set<Note.ID> {
    Set(
      try page(NoteListQuery(scope: .allNotes, search: NoteSearch(literally: text).query)).notes
        .map(\.id))
  }
}
