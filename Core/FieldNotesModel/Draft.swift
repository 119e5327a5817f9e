import Foundation

/// The text of a note being written that was not saved when FieldNotes had to stop (its input
/// ended, or it was told to quit by a signal): kept in the store and offered back by the next
/// composer for the same note.
///
/// A draft is kept per session and note: a session keeping another draft of the same note
/// replaces its own, never another session's.
public struct Draft: Hashable, Sendable {
  /// The note being edited, or `nil` for a new note.
  public var noteID: Note.ID?
  /// The notebook the note was going into, or `nil` for none.
  public var notebookID: Notebook.ID?
  /// The title as typed.
  public var title: String
  /// The body as typed.
  public var body: String
  /// The tags as typed.
  public var tags: [String]
  /// When the draft was kept.
  public var keptAt: Date
  /// The session that kept it.
  public var session: DraftSession
  /// The edit date of the note the draft was written from, as its composer opened it.
  ///
  /// A draft taken up later is saved over the note only as it was then, or after the user is
  /// told the note changed since. `nil` for a new note, and for a draft kept before FieldNotes
  /// recorded it (its note is then taken as changed since if it was edited after ``keptAt``).
  public var baseUpdatedAt: Date?

  /// Creates a draft.
  ///
  /// - Parameters:
  ///   - noteID: The note being edited, or `nil` for a new note.
  ///   - notebookID: The notebook, or `nil` for none.
  ///   - title: The title as typed.
  ///   - body: The body as typed.
  ///   - tags: The tags as typed.
  ///   - keptAt: When it was kept.
  ///   - session: The session that kept it.
  ///   - baseUpdatedAt: The edit date of the note it was written from; `nil` for a new note.
  public init(
    noteID: Note.ID?, notebookID: Notebook.ID?, title: String, body: String, tags: [String],
    keptAt: Date, session: DraftSession, baseUpdatedAt: Date?
  ) {
    self.noteID = noteID
    self.notebookID = notebookID
    self.title = title
    self.body = body
    self.tags = tags
    self.keptAt = keptAt
    self.session = session
    self.baseUpdatedAt = baseUpdatedAt
  }

  /// Whether the note may have changed since this draft was written from it.
  ///
  /// - Parameter note: The note as it is now.
  /// - Returns: Whether saving the draft would put it over an edit it never saw.
  public func predates(_ note: Note) -> Bool {
    if let baseUpdatedAt { return note.updatedAt != baseUpdatedAt }
    return note.updatedAt > keptAt
  }
}

extension Draft {
  /// Whether a draft is kept in the place of another: by the same session, of the same note.
  ///
  /// - Parameter other: The other draft.
  /// - Returns: Whether keeping one replaces the other.
  public func isKept(as other: Draft) -> Bool {
    noteID == other.noteID && session.id == other.session.id
  }

  /// Whether a draft holds the same text as another, of the same note: its title, body, tags
  /// and notebook, whoever kept either and when.
  ///
  /// - Parameter other: The other draft.
  /// - Returns: Whether offering both would offer one text twice.
  public func hasTheText(of other: Draft) -> Bool {
    noteID == other.noteID && notebookID == other.notebookID && title == other.title
      && body == other.body && tags == other.tags
  }
}
