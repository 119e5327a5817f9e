import FieldNotesModel
import Foundation

/// A note as scripts read it: the fields `--format json`, `jsonl` and `markdown` (and the
/// REPL's `output` command) print for a note on every screen that shows one.
///
/// The fields and their names are a promise to scripts, pinned by a test and listed in the
/// README: `id`, `title`, `body`, `tags`, `notebook` (its name, or `null`), `pinned`,
/// `created` and `updated` (ISO 8601 in UTC with milliseconds, as the JSON export writes
/// them).
public struct NoteRecord: Hashable, Sendable {
  /// The note's identity.
  public var id: Note.ID
  /// Its title.
  public var title: String
  /// Its text, whole.
  public var body: String
  /// Its tags, in order.
  public var tags: [String]
  /// The name of its notebook, or `nil` for none.
  public var notebook: String?
  /// Whether it is pinned.
  public var isPinned: Bool
  /// When it was written.
  public var createdAt: Date
  /// When its content last changed.
  public var updatedAt: Date

  /// The record of a note.
  ///
  /// - Parameters:
  ///   - note: The note.
  ///   - notebook: The name of its notebook, or `nil` for none.
  public init(_ note: Note, notebook: String?) {
    id = note.id
    title = note.title
    body = note.body
    tags = note.tags
    self.notebook = notebook
    isPinned = note.isPinned
    createdAt = note.createdAt
    updatedAt = note.updatedAt
  }

  /// The record as one JSON object on one line, its fields always in the same order:
  /// `{"id":"…","title":"…","body":"…","tags":["…"],"notebook":"…","pinned":false,
  /// "created":"…","updated":"…"}`.
  public var json: String {
    JSONText.object([
      ("id", JSONText.string(id.uuidString)),
      ("title", JSONText.string(title)),
      ("body", JSONText.string(body)),
      ("tags", JSONText.array(tags.map(JSONText.string))),
      ("notebook", notebook.map(JSONText.string) ?? "null"),
      ("pinned", isPinned ? "true" : "false"),
      ("created", JSONText.string(NoteDocument.stamp(createdAt))),
      ("updated", JSONText.string(NoteDocument.stamp(updatedAt))),
    ])
  }
}
