import Foundation

/// A single note: a title, a body, tags, and the notebook it belongs to.
///
/// A note is a value. Two notes with the same fields are the same note; changing one means
/// asking the store to replace the canonical copy. Every field is held in the value: comparing,
/// hashing or reading a note never reads a store.
public struct Note: Identifiable, Hashable, Sendable {
  /// The note's stable identity, kept across edits, moves, sync and undo.
  public var id: UUID
  /// The note's title, shown in lists.
  public var title: String
  /// The note's text.
  public var body: String
  /// When the note was first written.
  public var createdAt: Date
  /// When the note's content last changed; equal to `createdAt` for a note never edited.
  public var updatedAt: Date
  /// The notebook holding the note, or `nil` for a note in no notebook.
  public var notebookID: Notebook.ID?
  /// The note's tags, in the order they were added, without duplicates.
  public var tags: [String]
  /// Whether the note is pinned to the top of lists.
  public var isPinned: Bool
  /// For a copy a sync kept of a text that lost a conflict, the note it conflicts with; `nil`
  /// for every other note, and for a copy once the conflict is resolved.
  public var conflictOf: Note.ID?
  /// The front-matter keys FieldNotes has no field for, in the order written, each with its
  /// value as written (see ``NoteProperty``); none for most notes.
  public var properties: [NoteProperty]
  /// The file the note was imported from, for an export to write it back as it was; `nil` for
  /// a note written in FieldNotes, or read from FieldNotes' own file.
  public var importedFile: ImportedFile?

  /// Creates a note.
  ///
  /// - Parameters:
  ///   - id: The note's identity; a new random identifier by default.
  ///   - title: The note's title.
  ///   - body: The note's text; empty by default.
  ///   - createdAt: When the note was written; now by default.
  ///   - notebookID: The notebook holding the note; none by default.
  ///   - tags: The note's tags; none by default.
  ///   - isPinned: Whether the note is pinned; `false` by default.
  ///   - updatedAt: When the note last changed; `createdAt` by default.
  ///   - conflictOf: The note a conflict copy conflicts with; none by default.
  ///   - properties: The front-matter keys it keeps that FieldNotes has no field for; none by
  ///     default.
  ///   - importedFile: The file it was imported from; none by default.
  public init(
    id: UUID = UUID(), title: String, body: String = "", createdAt: Date = .now,
    notebookID: Notebook.ID? = nil, tags: [String] = [], isPinned: Bool = false,
    updatedAt: Date? = nil, conflictOf: Note.ID? = nil, properties: [NoteProperty] = [],
    importedFile: ImportedFile? = nil
  ) {
    self.id = id
    self.title = title
    self.body = body
    self.createdAt = createdAt
    self.updatedAt = updatedAt ?? createdAt
    self.notebookID = notebookID
    self.tags = tags
    self.isPinned = isPinned
    self.conflictOf = conflictOf
    self.properties = properties
    self.importedFile = importedFile
  }
}

/// A note's fields by their names, in the order declared: what Swift synthesizes, so a field
/// added later is written and read without a second list to keep in step. An optional field
/// (`notebookID`, `conflictOf`, `importedFile`) is left out when `nil` and may be missing when read, and so are
/// `properties` when there are none (see ``NoteProperty``).
extension Note: Codable {}
