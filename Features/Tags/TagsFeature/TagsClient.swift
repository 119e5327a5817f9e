import FieldNotesModel

/// What the tags screen needs of the notes, and all it may do to them: the one data dependency
/// of ``TagsViewModel``.
///
/// The view model names no store: a test hands it ``InMemoryTagsClient`` to play out a scene,
/// or ``UnimplementedTagsClient`` to prove a step touches nothing, and the app hands it
/// `StoreTagsClient` (in `TagsLive`), the live one, which reads the store's count of tags and
/// writes through its one write path.
@MainActor
public protocol TagsClient: AnyObject {
  /// Every tag some note carries, with how many notes carry it.
  ///
  /// A live client reads it where Observation sees it, so the view model's state follows every
  /// note saved anywhere in the app.
  ///
  /// - Throws: ``TagsError/store(_:)`` when the tags can't be read: the view model's state is
  ///   then ``TagsViewModel/State/failed(message:)``.
  var tagCounts: [String: Int] { get throws(TagsError) }

  /// The notes carrying a tag, each with all its tags.
  ///
  /// - Parameter tag: The tag, normalized (`birds`).
  /// - Returns: The notes; none for a tag no note carries.
  /// - Throws: ``TagsError/store(_:)`` when the notes can't be read.
  func notes(taggedWith tag: String) throws(TagsError) -> [Note]

  /// The tags notes carry now, as another process may have changed them.
  ///
  /// - Parameter ids: The notes.
  /// - Returns: Each note's tags, by its identifier; a note deleted meanwhile is left out.
  /// - Throws: ``TagsError/store(_:)`` when the notes can't be read.
  func tags(ofNotes ids: [Note.ID]) throws(TagsError) -> [Note.ID: [String]]

  /// Gives notes new tags, all in one write; a note deleted meanwhile is left out.
  ///
  /// - Parameter tags: Each note's new tags, by its identifier.
  /// - Throws: ``TagsError/store(_:)``; no note changed then.
  func replaceTags(_ tags: [Note.ID: [String]]) throws(TagsError)
}
