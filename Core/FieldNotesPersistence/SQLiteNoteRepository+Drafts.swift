import CSQLite
import FieldNotesModel
import FieldNotesServices
import Foundation

extension SQLiteNoteRepository {
  /// Keeps a draft in the `session_drafts` table, replacing the one its session kept of the
  /// same note, and forgets the draft it was taken up from, in one transaction.
  ///
  /// - Parameters:
  ///   - draft: The draft.
  ///   - origin: The kept draft it was taken up from, if any.
  /// - Throws: ``FieldNotesServices/RepositoryError`` when it could not be saved; nothing
  ///   changed then.
  public func keepDraft(_ draft: Draft, superseding origin: Draft?) throws(RepositoryError) {
    let path = self.path
    try writer.perform { connection throws(RepositoryError) in
      do throws(SQLiteError) {
        try connection.inTransaction { () throws(SQLiteError) in
          if let origin { try Self.delete(origin, in: connection) }
          let statement = try connection.prepare(
            """
            INSERT OR REPLACE INTO session_drafts (note_key, session_id, session_started_at,
              session_terminal, notebook_id, title, body, tags, kept_at, base_updated_at)
            VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)
            """)
          statement.bind(Self.key(draft.noteID), at: 1)
          statement.bind(draft.session.id, at: 2)
          statement.bind(draft.session.startedAt.timeIntervalSinceReferenceDate, at: 3)
          if let terminal = draft.session.terminal {
            statement.bind(terminal, at: 4)
          } else {
            statement.bindNull(at: 4)
          }
          if let notebookID = draft.notebookID {
            statement.bind(notebookID, at: 5)
          } else {
            statement.bindNull(at: 5)
          }
          statement.bind(draft.title, at: 6)
          statement.bind(draft.body, at: 7)
          statement.bind(TagsText.encode(draft.tags), at: 8)
          statement.bind(draft.keptAt.timeIntervalSinceReferenceDate, at: 9)
          if let base = draft.baseUpdatedAt {
            statement.bind(base.timeIntervalSinceReferenceDate, at: 10)
          } else {
            statement.bindNull(at: 10)
          }
          try statement.run()
        }
      } catch {
        throw error.repositoryError(path: path, writing: true)
      }
    }
  }

  /// The drafts kept of a note by every session, newest first.
  ///
  /// - Parameter noteID: The note, or `nil` for a new note.
  /// - Returns: The drafts; a row too damaged to read is left out.
  /// - Throws: ``FieldNotesServices/RepositoryError`` when the table could not be read.
  public func keptDrafts(forNote noteID: Note.ID?) throws(RepositoryError) -> [Draft] {
    let path = self.path
    return try writer.perform { connection throws(RepositoryError) -> [Draft] in
      do throws(SQLiteError) {
        let statement = try connection.prepare(
          """
          SELECT session_id, session_started_at, session_terminal, notebook_id, title, body, tags,
            kept_at, base_updated_at
          FROM session_drafts WHERE note_key = ?1 ORDER BY kept_at DESC, session_id
          """)
        statement.bind(Self.key(noteID), at: 1)
        var drafts: [Draft] = []
        while try statement.step() {
          guard let sessionID = statement.uuid(at: 0),
            let tags = statement.withBytes(at: 6, TagsText.decode)
          else { continue }
          let session = DraftSession(
            id: sessionID,
            startedAt: Date(timeIntervalSinceReferenceDate: statement.double(at: 1)),
            terminal: statement.isNull(at: 2) ? nil : statement.text(at: 2))
          drafts.append(
            Draft(
              noteID: noteID, notebookID: statement.isNull(at: 3) ? nil : statement.uuid(at: 3),
              title: statement.text(at: 4), body: statement.text(at: 5), tags: tags,
              keptAt: Date(timeIntervalSinceReferenceDate: statement.double(at: 7)),
              session: session,
              baseUpdatedAt: statement.isNull(at: 8)
                ? nil : Date(timeIntervalSinceReferenceDate: statement.double(at: 8))))
        }
        return drafts
      } catch {
        throw error.repositoryError(path: path, writing: false)
      }
    }
  }

  /// The notes some session kept a draft of.
  ///
  /// - Returns: Their identifiers; new notes' drafts are not among them.
  /// - Throws: ``FieldNotesServices/RepositoryError`` when the table could not be read.
  public func noteIDsWithKeptDrafts() throws(RepositoryError) -> Set<Note.ID> {
    let path = self.path
    return try writer.perform { connection throws(RepositoryError) -> Set<Note.ID> in
      do throws(SQLiteError) {
        let statement = try connection.prepare(
          "SELECT DISTINCT note_key FROM session_drafts WHERE note_key != 'new'")
        var ids = Set<Note.ID>()
        while try statement.step() {
          if let id = statement.uuid(at: 0) { ids.insert(id) }
        }
        return ids
      } catch {
        throw error.repositoryError(path: path, writing: false)
      }
    }
  }

  /// Forgets a kept draft: the one its session kept of its note.
  ///
  /// - Parameter draft: The draft.
  /// - Throws: ``FieldNotesServices/RepositoryError`` when it could not be removed.
  public func discardDraft(_ draft: Draft) throws(RepositoryError) {
    let path = self.path
    try writer.perform { connection throws(RepositoryError) in
      do throws(SQLiteError) {
        try Self.delete(draft, in: connection)
      } catch {
        throw error.repositoryError(path: path, writing: true)
      }
    }
  }

  private static func delete(_ draft: Draft, in connection: SQLiteConnection) throws(SQLiteError) {
    let statement = try connection.prepare(
      "DELETE FROM session_drafts WHERE note_key = ?1 AND session_id = ?2")
    statement.bind(key(draft.noteID), at: 1)
    statement.bind(draft.session.id, at: 2)
    try statement.run()
  }

  private static func key(_ noteID: Note.ID?) -> String { noteID?.uuidString ?? "new" }
}
