/// A search index that a repository could not trust when it opened the store, and rebuilt from
/// the notes: reported so the user knows, the way an ``FieldNotesModel/UnreadableNote`` is.
///
/// No note is ever at risk here: an index holds only what can be made again from the notes.
public struct SearchIndexRebuild: Hashable, Sendable {
  /// Why the index could not be used, such as "its table was missing".
  public let reason: String

  /// What the user is told: "the search index could not be used (REASON) and was rebuilt from
  /// the notes".
  public var warning: String {
    "the search index could not be used (\(reason)) and was rebuilt from the notes"
  }

  /// Describes a rebuilt index.
  ///
  /// - Parameter reason: Why the index could not be used, as a phrase that follows "could not
  ///   be used (…)".
  public init(reason: String) {
    self.reason = reason
  }
}
