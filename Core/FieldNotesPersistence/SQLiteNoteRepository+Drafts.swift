import CSQLite
import FieldNotesModel
import FieldNotesServices
import Foundation

extension SQLiteNoteRepository {
  /// Keeps a draft in the `drafts` table, replacing the one kept for the same note.
  ///
  /// - Parameter draft: The draft.
  /// - Throws: ``FieldNotesServices/RepositoryError`` when it could not be saved.
  public func keepDraft(_ draft: Draft) throws(RepositoryError) {
    let path = self.path
    try writer.perform { connection throws(RepositoryError) in
      do throws(SQLiteError) {
        let statement = try connection.prepare(
          """
          INSERT OR REPLACE INTO drafts (note_key, notebook_id, title, body, tags, kept_at)
          VALUES (?1, ?2, ?3, ?4, ?5, ?6)
          """)
        statement.bind(Self.key(draft.noteID), at: 1)
        if let notebookID = draft.notebookID {
          statement.bind(notebookID.uuidString, at: 2)
        } else {
          statement.bindNull(at: 2)
        }
        statement.bind(draft.title, at: 3)
        statement.bind(draft.body, at: 4)
        statement.bind(TagsText.encode(draft.tags), at: 5)
        statement.bind(draft.keptAt.timeIntervalSinceReferenceDate, at: 6)
        try statement.run()
      } catch {
        throw error.repositoryError(path: path, writing: true)
      }
    }
  }

  /// The draft kept for a note, if any.
  ///
  /// - Parameter noteID: The note, or `nil` for a new note.
  /// - Returns: The draft, or `nil` (also for a row too damaged to read).
  /// - Throws: ``FieldNotesServices/RepositoryError`` when the table could not be read.
  public func keptDraft(forNote noteID: Note.ID?) throws(RepositoryError) -> Draft? {
    let path = self.path
    return try writer.perform { connection throws(RepositoryError) -> Draft? in
      do throws(SQLiteError) {
        let statement = try connection.prepare(
          "SELECT notebook_id, title, body, tags, kept_at FROM drafts WHERE note_key = ?1")
        statement.bind(Self.key(noteID), at: 1)
        guard try statement.step(),
          let tags = statement.withBytes(at: 3, TagsText.decode)
        else { return nil }
        return Draft(
          noteID: noteID, notebookID: statement.isNull(at: 0) ? nil : statement.uuid(at: 0),
          title: statement.text(at: 1), body: statement.text(at: 2), tags: tags,
          keptAt: Date(timeIntervalSinceReferenceDate: statement.double(at: 4)))
      } catch {
        throw error.repositoryError(path: path, writing: false)
      }
    }
  }

  /// Forgets the draft kept for a note.
  ///
  /// - Parameter noteID: The note, or `nil` for a new note.
  /// - Throws: ``FieldNotesServices/RepositoryError`` when it could not be removed.
  public func discardDraft(forNote noteID: Note.ID?) throws(RepositoryError) {
    let path = self.path
    try writer.perform { connection throws(RepositoryError) in
      do throws(SQLiteError) {
        let statement = try connection.prepare("DELETE FROM drafts WHERE note_key = ?1")
        statement.bind(Self.key(noteID), at: 1)
        try statement.run()
      } catch {
        throw error.repositoryError(path: path, writing: true)
      }
    }
  }

  private static func key(_ noteID: Note.ID?) -> String { noteID?.uuidString ?? "new" }
}
