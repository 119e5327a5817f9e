import FieldNotesModel
import FieldNotesServices
import Observation

/// The view model of the tags screen: every tag with its note count, renaming a tag across
/// all notes, deleting one from all notes after a question, and undoing the last such change.
///
/// It reaches the notes through ``TagsClient`` alone, so its tests hand it notes in memory.
/// ``state`` is derived from the client each time it is read, so counts follow notes saved
/// anywhere in the app.
@MainActor
@Observable
public final class TagsViewModel {
  /// What the tags screen shows.
  public enum State: Hashable, Sendable {
    /// Every tag, sorted by name, with its note count.
    case loaded([TagRow])
    /// No note carries a tag.
    case empty
    /// Asking whether to remove a tag from every note.
    case confirming(TagDeletionRequest)
  }

  private var pendingDeletion: TagDeletionRequest?
  /// Each changed note's tags before the last change, for ``undo()``.
  private var tagsBeforeLastChange: [Note.ID: [String]]?
  @ObservationIgnored private let client: any TagsClient

  /// Creates the view model.
  ///
  /// - Parameter client: The notes' tags, and the one way to change them.
  public init(client: any TagsClient) {
    self.client = client
  }

  /// What the screen shows now.
  ///
  /// - Complexity: O(*n* × *t*) for *n* notes of about *t* tags each.
  public var state: State {
    let rows = rows
    if let pendingDeletion { return .confirming(pendingDeletion) }
    return rows.isEmpty ? .empty : .loaded(rows)
  }

  /// Whether the last rename or deletion can be undone.
  public var canUndo: Bool { tagsBeforeLastChange != nil }

  /// The notes a tag's row opens: the navigation value the app routes to.
  ///
  /// - Parameter tag: The tag, as typed (`#Birds` or `birds`).
  /// - Returns: The scope of the note list to show.
  public func scope(ofTag tag: String) -> NoteScope { .tagged(TagRules.normalized(tag)) }

  /// Every tag, sorted by name, with its note count, whatever the screen asks meanwhile: what
  /// a row number stands for.
  ///
  /// - Complexity: What the client's count of tags costs: for the live one, one pass over the
  ///   store's index of tags, no note read.
  public var rows: [TagRow] {
    client.tagCounts.sorted { $0.key < $1.key }.map { TagRow(name: $0.key, noteCount: $0.value) }
  }

  // MARK: - Actions

  /// Renames a tag on every note that carries it; a note that also carries the new name keeps
  /// it once.
  ///
  /// - Parameters:
  ///   - tag: The tag, as typed.
  ///   - newName: The new name, as typed.
  /// - Throws: ``TagsError``; nothing changed then.
  public func renameTag(_ tag: String, to newName: String) throws(TagsError) {
    let old = TagRules.normalized(tag)
    let new = TagRules.normalized(newName)
    if let problem = TagRules.problem(with: new) { throw .invalidName(newName, problem) }
    try change(tag: old) { tags in
      var seen: Set<String> = []
      return tags.map { $0 == old ? new : $0 }.filter { seen.insert($0).inserted }
    }
  }

  /// Asks to remove a tag from every note: the screen moves to ``State/confirming(_:)``.
  ///
  /// - Parameter tag: The tag, as typed.
  /// - Throws: ``TagsError/unknownTag(_:)``.
  public func requestDeletion(ofTag tag: String) throws(TagsError) {
    let name = TagRules.normalized(tag)
    guard let count = client.tagCounts[name], count > 0 else { throw .unknownTag(name) }
    pendingDeletion = TagDeletionRequest(tag: name, noteCount: count)
  }

  /// Answers yes to the deletion question: the tag is removed from every note.
  ///
  /// - Throws: ``TagsError/noDeletionPending`` or ``TagsError/store(_:)``; on a store failure
  ///   the question is withdrawn and nothing is removed.
  public func confirmDeletion() throws(TagsError) {
    guard let request = pendingDeletion else { throw .noDeletionPending }
    defer { pendingDeletion = nil }
    try change(tag: request.tag) { tags in tags.filter { $0 != request.tag } }
  }

  /// Answers no to the deletion question; nothing is removed.
  ///
  /// - Throws: ``TagsError/noDeletionPending`` when no question is asked.
  public func declineDeletion() throws(TagsError) {
    guard pendingDeletion != nil else { throw .noDeletionPending }
    pendingDeletion = nil
  }

  /// Withdraws the deletion question, if one is asked (`back`); nothing is removed.
  public func cancelDeletion() {
    pendingDeletion = nil
  }

  /// Puts back every changed note's tags as they were before the last rename or deletion.
  ///
  /// - Throws: ``TagsError/nothingToUndo``, or ``TagsError/store(_:)`` (it can then still be
  ///   undone).
  public func undo() throws(TagsError) {
    guard let previous = tagsBeforeLastChange else { throw .nothingToUndo }
    try client.replaceTags(previous)  // a note deleted meanwhile is left out
    tagsBeforeLastChange = nil
  }

  private func change(tag: String, _ transform: ([String]) -> [String]) throws(TagsError) {
    let tagged = client.notes(taggedWith: tag)
    guard !tagged.isEmpty else { throw .unknownTag(tag) }
    let changes = Dictionary(uniqueKeysWithValues: tagged.map { ($0.id, transform($0.tags)) })
    try client.replaceTags(changes)
    tagsBeforeLastChange = Dictionary(uniqueKeysWithValues: tagged.map { ($0.id, $0.tags) })
  }
}
