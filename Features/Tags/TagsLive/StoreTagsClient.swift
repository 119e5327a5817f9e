import FieldNotesModel
import FieldNotesServices
import TagsFeature

/// The live tags: the store's count of tags, its notes by tag, and its one write path.
///
/// The app makes one for the tags screen; it holds nothing of its own.
@MainActor
public final class StoreTagsClient: TagsClient {
  private let store: NoteStore

  /// Creates the client.
  ///
  /// - Parameter store: The store holding the notes.
  public init(store: NoteStore) {
    self.store = store
  }

  /// The store's count of tags: for the SQLite store one pass over its index of tags, no note
  /// read.
  public var tagCounts: [String: Int] { store.tagCounts }

  /// The store's notes carrying the tag.
  ///
  /// - Parameter tag: The tag.
  /// - Returns: The notes.
  public func notes(taggedWith tag: String) -> [Note] {
    store.notes(in: .tagged(tag))
  }

  /// The tags of the notes still in the store, read again first, since another process may
  /// have changed them (a failed read leaves what was read before; the store reports it).
  ///
  /// - Parameter ids: The notes.
  /// - Returns: Each note's tags.
  public func tags(ofNotes ids: [Note.ID]) -> [Note.ID: [String]] {
    try? store.reload()
    return Dictionary(
      uniqueKeysWithValues: ids.compactMap { store.note(withID: $0) }.map { ($0.id, $0.tags) })
  }

  /// Replaces the tags of the notes still in the store, in one write.
  ///
  /// - Parameter tags: Each note's new tags.
  /// - Throws: ``TagsError/store(_:)``.
  public func replaceTags(_ tags: [Note.ID: [String]]) throws(TagsError) {
    let present = tags.filter { store.note(withID: $0.key) != nil }
    do { try store.commit(ReplaceTags(present)) } catch { throw .store(error) }
  }
}
