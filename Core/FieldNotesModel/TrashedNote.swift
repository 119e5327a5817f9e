import Foundation

/// A deleted note, kept in the trash until it is restored or the trash is emptied.
///
/// The note is kept exactly as it was when deleted, identity, dates and versions too, so
/// restoring it brings back the note that was deleted.
public struct TrashedNote: Identifiable, Hashable, Sendable {
  /// The note as it was when deleted.
  public var note: Note
  /// When it was deleted.
  public var trashedAt: Date
  /// The name its notebook had when the note was deleted, or `nil` for no notebook.
  public var notebookName: String?

  /// The note's identifier.
  public var id: Note.ID { note.id }

  /// Creates a trashed note.
  ///
  /// - Parameters:
  ///   - note: The note as it was when deleted.
  ///   - trashedAt: When it was deleted.
  ///   - notebookName: The name of its notebook then, if any.
  public init(note: Note, trashedAt: Date, notebookName: String?) {
    self.note = note
    self.trashedAt = trashedAt
    self.notebookName = notebookName
  }
}
