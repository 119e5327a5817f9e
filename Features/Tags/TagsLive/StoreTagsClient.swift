import FieldNotesModel
import FieldNotesQuery
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
  ///
  /// - Throws: ``TagsFeature/TagsError/store(_:)`` when it can't be read.
  public var tagCounts: [String: Int] {
    get throws(TagsError) {
      do { return try store.summary.tagCounts } catch { throw .store(error) }
    }
  }

  /// The store's notes carrying the tag.
  ///
  /// - Parameter tag: The tag.
  /// - Returns: The notes.
  /// - Throws: ``TagsFeature/TagsError/store(_:)`` when they can't be read.
  public func notes(taggedWith tag: String) throws(TagsError) -> [Note] {
    do { return try store.page(NoteListQuery(scope: .tagged(tag), order: .oldest)).notes } catch {
      throw .store(error)
    }
  }

  /// The tags of the notes still in the store, read again first, since another process may
  /// have changed them.
  ///
  /// - Parameter ids: The notes.
  /// - Returns: Each note's tags.
  /// - Throws: ``TagsFeature/TagsError/store(_:)`` when they can't be read.
  public func tags(ofNotes ids: [Note.ID]) throws(TagsError) -> [Note.ID: [String]] {
    do {
      try store.reload()
      var tags: [Note.ID: [String]] = [:]
      for id in ids { tags[id] = try store.note(withID: id)?.tags }
      return tags
    } catch {
      throw .store(error)
    }
  }

  /// Replaces the tags of the notes still in the store, in one write.
  ///
  /// - Parameter tags: Each note's new tags.
  /// - Throws: ``TagsError/store(_:)``.
  public func replaceTags(_ tags: [Note.ID: [String]]) throws(TagsError) {
    do {
      var present: [Note.ID: [String]] = [:]
      for (id, noteTags) in tags where try store.note(withID: id) != nil { present[id] = noteTags }
      try store.commit(ReplaceTags(present))
    } catch {
      throw .store(error)
    }
  }
}
