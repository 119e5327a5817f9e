import FieldNotesModel
import Observation

/// The unsaved edits of the composer: they stay out of the store until the note is saved.
///
/// The draft is observable so that a view redraws as it changes; it is changed only through
/// ``ComposerViewModel``, which refuses edits once the composer has closed or while it asks a
/// question.
@MainActor
@Observable
public final class NoteDraft {
  /// The title as typed.
  public internal(set) var title: String
  /// The body as typed, lines separated by newlines.
  public internal(set) var body: String
  /// The tags, already lower-cased, without `#` and without duplicates.
  public internal(set) var tags: [String]
  /// The notebook the note goes into, or `nil` for none.
  public internal(set) var notebookID: Notebook.ID?
  /// The note's properties: its own, or as the user's editor left them.
  public internal(set) var properties: [NoteProperty]

  /// Creates a draft.
  ///
  /// - Parameters:
  ///   - title: The title; empty by default.
  ///   - body: The body; empty by default.
  ///   - tags: The tags; none by default.
  ///   - notebookID: The notebook; none by default.
  ///   - properties: The properties; none by default.
  public init(
    title: String = "", body: String = "", tags: [String] = [], notebookID: Notebook.ID? = nil,
    properties: [NoteProperty] = []
  ) {
    self.title = title
    self.body = body
    self.tags = tags
    self.notebookID = notebookID
    self.properties = properties
  }

  /// A draft holding an existing note's content.
  ///
  /// - Parameter note: The note being edited.
  public convenience init(editing note: Note) {
    self.init(
      title: note.title, body: note.body, tags: note.tags, notebookID: note.notebookID,
      properties: note.properties)
  }

  /// The draft's content as a value: what a view draws, and what is compared to tell a change.
  public var content: Content {
    Content(
      title: title, body: body, tags: tags, notebookID: notebookID, properties: properties)
  }

  /// The parts of a draft that count as a change, as a value.
  public struct Content: Hashable, Sendable {
    /// The title as typed.
    public var title: String
    /// The body as typed.
    public var body: String
    /// The tags.
    public var tags: [String]
    /// The notebook the note goes into, or `nil` for none.
    public var notebookID: Notebook.ID?
    /// The properties.
    public var properties: [NoteProperty]

    /// The tags the note is saved with: ``tags``, then each `#tag` of the body, read and
    /// mapped as an import reads it (see `TagRules.tags(_:addingInlineTagsOf:)`).
    public var tagsToSave: [String] { TagRules.tags(tags, addingInlineTagsOf: body) }
  }
}
