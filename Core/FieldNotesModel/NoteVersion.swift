import FieldNotesText
import Foundation

/// A version of a note that a later save replaced: its title, body, tags and notebook as they
/// were, kept by the store in the same transaction as the save that replaced them.
///
/// Every save that changes any of those four fields keeps one (a pin does not). Versions are
/// numbered from 1, the oldest kept, so a version keeps its number however many come after.
public struct NoteVersion: Identifiable, Hashable, Sendable {
  /// The version's place among its note's versions: 1 for the oldest.
  public var number: Int
  /// The note this is a version of.
  public var noteID: Note.ID
  /// The title then.
  public var title: String
  /// The body then.
  public var body: String
  /// The tags then.
  public var tags: [String]
  /// The notebook then, or `nil` for none.
  public var notebookID: Notebook.ID?
  /// When this version was saved (the note's edit date then).
  public var savedAt: Date
  /// When a later save replaced it (the edit date of that save).
  public var replacedAt: Date
  /// The properties then (see ``NoteProperty``).
  public var properties: [NoteProperty]

  /// Its number, which is unique among one note's versions.
  public var id: Int { number }

  /// Creates a version.
  ///
  /// - Parameters:
  ///   - number: Its place among the note's versions, from 1.
  ///   - noteID: The note.
  ///   - title: The title then.
  ///   - body: The body then.
  ///   - tags: The tags then.
  ///   - notebookID: The notebook then.
  ///   - savedAt: When it was saved.
  ///   - replacedAt: When a later save replaced it.
  ///   - properties: The properties then; none by default.
  public init(
    number: Int, noteID: Note.ID, title: String, body: String, tags: [String],
    notebookID: Notebook.ID?, savedAt: Date, replacedAt: Date, properties: [NoteProperty] = []
  ) {
    self.number = number
    self.noteID = noteID
    self.title = title
    self.body = body
    self.tags = tags
    self.notebookID = notebookID
    self.savedAt = savedAt
    self.replacedAt = replacedAt
    self.properties = properties
  }

  /// The version a save replaces: the note as it was saved before.
  ///
  /// - Parameters:
  ///   - note: The note as saved before the save.
  ///   - number: The version's number.
  ///   - replacedAt: The edit date of the save replacing it.
  public init(of note: Note, number: Int, replacedAt: Date) {
    self.init(
      number: number, noteID: note.id, title: note.title, body: note.body, tags: note.tags,
      notebookID: note.notebookID, savedAt: note.updatedAt, replacedAt: replacedAt,
      properties: note.properties)
  }

  /// The note as it is now, with this version's title, body, tags, notebook and properties:
  /// what restoring the version saves (its identity, dates and pin stay the note's).
  ///
  /// - Parameter note: The note now.
  /// - Returns: The note with this version's text.
  public func applied(to note: Note) -> Note {
    var restored = note
    restored.title = title
    restored.body = body
    restored.tags = tags
    restored.notebookID = notebookID
    restored.properties = properties
    return restored
  }

  /// What changed between this version and a later text of the note.
  ///
  /// - Parameters:
  ///   - title: The later title.
  ///   - body: The later body.
  ///   - tags: The later tags.
  ///   - notebookID: The later notebook.
  ///   - properties: The later properties; this version's own by default.
  /// - Returns: What changed.
  public func changes(
    toTitle title: String, body: String, tags: [String], notebookID: Notebook.ID?,
    properties: [NoteProperty]? = nil
  ) -> NoteChanges {
    let diff = LineDiff(from: self.body, to: body)
    return NoteChanges(
      title: self.title != title, tags: self.tags != tags, notebook: self.notebookID != notebookID,
      linesAdded: diff.addedCount, linesRemoved: diff.removedCount,
      properties: properties.map { $0 != self.properties } ?? false)
  }
}

/// What one save changed in a note: which fields, and how many lines of its body.
public struct NoteChanges: Hashable, Sendable {
  /// Whether the title changed.
  public var title: Bool
  /// Whether the tags changed.
  public var tags: Bool
  /// Whether the note moved to another notebook.
  public var notebook: Bool
  /// Lines of the body added.
  public var linesAdded: Int
  /// Lines of the body removed.
  public var linesRemoved: Int
  /// Whether the properties changed.
  public var properties: Bool

  /// Creates a description of a change.
  ///
  /// - Parameters:
  ///   - title: Whether the title changed.
  ///   - tags: Whether the tags changed.
  ///   - notebook: Whether the notebook changed.
  ///   - linesAdded: Lines of the body added.
  ///   - linesRemoved: Lines of the body removed.
  ///   - properties: Whether the properties changed; `false` by default.
  public init(
    title: Bool, tags: Bool, notebook: Bool, linesAdded: Int, linesRemoved: Int,
    properties: Bool = false
  ) {
    self.title = title
    self.tags = tags
    self.notebook = notebook
    self.linesAdded = linesAdded
    self.linesRemoved = linesRemoved
    self.properties = properties
  }
}

extension Note {
  /// Whether another note holds the same title, body, tags, notebook and properties: a save
  /// that changes none of them (a pin, a date) keeps no version.
  ///
  /// - Parameter other: The other note.
  /// - Returns: `true` when the five fields are equal.
  public func hasSameContent(as other: Note) -> Bool {
    title == other.title && body == other.body && tags == other.tags
      && notebookID == other.notebookID && properties == other.properties
  }
}

extension NoteVersion {
  /// A version, with what the save that replaced it changed.
  public struct Entry: Hashable, Sendable {
    /// The version.
    public var version: NoteVersion
    /// What changed between it and the text after it.
    public var changes: NoteChanges

    /// Creates an entry.
    ///
    /// - Parameters:
    ///   - version: The version.
    ///   - changes: What the save that replaced it changed.
    public init(version: NoteVersion, changes: NoteChanges) {
      self.version = version
      self.changes = changes
    }
  }

  /// A note's history: each version with what changed between it and the text after it (the
  /// next version, or the note now), newest first.
  ///
  /// - Parameters:
  ///   - versions: The note's versions, oldest first.
  ///   - note: The note now.
  /// - Returns: The entries, newest first.
  public static func history(of versions: [NoteVersion], current note: Note) -> [Entry] {
    versions.indices.reversed().map { index in
      let version = versions[index]
      let next = versions.indices.contains(index + 1) ? versions[index + 1].applied(to: note) : note
      return Entry(
        version: version,
        changes: version.changes(
          toTitle: next.title, body: next.body, tags: next.tags, notebookID: next.notebookID,
          properties: next.properties))
    }
  }
}
