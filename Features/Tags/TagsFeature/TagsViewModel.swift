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
    /// The tags could not be read: why; `list` reads them again.
    case failed(message: String)
  }

  private var pendingDeletion: TagDeletionRequest?
  /// The last rename or deletion, for ``undo()``.
  private var lastChange: TagChange?
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
    let rows: [TagRow]
    do { rows = try self.rows } catch {
      return .failed(message: error.errorDescription ?? "The tags could not be read.")
    }
    if let pendingDeletion { return .confirming(pendingDeletion) }
    return rows.isEmpty ? .empty : .loaded(rows)
  }

  /// Whether the last rename or deletion can be undone.
  public var canUndo: Bool { lastChange != nil }

  /// The notes a tag's row opens: the navigation value the app routes to.
  ///
  /// - Parameter tag: The tag, as typed (`#Birds` or `birds`).
  /// - Returns: The scope of the note list to show.
  public func scope(ofTag tag: String) -> NoteScope { .tagged(TagRules.normalized(tag)) }

  /// Every tag, sorted by name, with its note count, whatever the screen asks meanwhile: what
  /// a row number stands for.
  ///
  /// - Throws: ``TagsError/store(_:)`` when the tags can't be read.
  /// - Complexity: What the client's count of tags costs: for the live one, one pass over the
  ///   store's index of tags, no note read.
  public var rows: [TagRow] {
    get throws(TagsError) {
      try client.tagCounts.sorted { $0.key < $1.key }.map {
        TagRow(name: $0.key, noteCount: $0.value)
      }
    }
  }

  // MARK: - Actions

  /// Renames a tag on every note that carries it; a note that also carries the new name keeps
  /// it once.
  ///
  /// A note whose text writes the tag (`#heron`) is left as it is, since its next save would
  /// read the tag back (``TagRules/tagsWritten(in:)``); the outcome names it.
  ///
  /// - Parameters:
  ///   - tag: The tag, as typed.
  ///   - newName: The new name, as typed.
  /// - Returns: How many notes changed, and those left as they were.
  /// - Throws: ``TagsError``, ``TagsError/writtenInText(_:titles:)`` when every note writes
  ///   it; nothing changed then.
  @discardableResult
  public func renameTag(_ tag: String, to newName: String) throws(TagsError) -> TagChangeOutcome {
    let old = TagRules.normalized(tag)
    let new = TagRules.normalized(newName)
    if let problem = TagRules.problem(with: new) { throw .invalidName(newName, problem) }
    return try change(.renamed(from: old, to: new))
  }

  /// Asks to remove a tag from every note: the screen moves to ``State/confirming(_:)``, which
  /// names the notes whose text writes the tag and so keep it.
  ///
  /// - Parameter tag: The tag, as typed.
  /// - Throws: ``TagsError/unknownTag(_:)``, or ``TagsError/writtenInText(_:titles:)`` when
  ///   every note carrying it writes it in its text.
  public func requestDeletion(ofTag tag: String) throws(TagsError) {
    let name = TagRules.normalized(tag)
    let tagged = try client.notes(taggedWith: name)
    guard !tagged.isEmpty else { throw .unknownTag(name) }
    let written = Self.titles(of: tagged, writing: name)
    guard written.count < tagged.count else { throw .writtenInText(name, titles: written) }
    pendingDeletion = TagDeletionRequest(
      tag: name, noteCount: tagged.count, writtenInText: written)
  }

  /// Answers yes to the deletion question: the tag is removed from every note but those whose
  /// text writes it.
  ///
  /// - Returns: How many notes changed, and those left as they were.
  /// - Throws: ``TagsError/noDeletionPending`` or ``TagsError/store(_:)``; on a store failure
  ///   the question is withdrawn and nothing is removed.
  @discardableResult
  public func confirmDeletion() throws(TagsError) -> TagChangeOutcome {
    guard let request = pendingDeletion else { throw .noDeletionPending }
    defer { pendingDeletion = nil }
    return try change(.removed(request.tag))
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

  /// Takes back the last rename or deletion, and only it: a note whose tags are as the change
  /// left them gets its tags back exactly; a note changed since (by another screen, process or
  /// a sync) keeps what changed, with the rename or deletion taken back on it.
  ///
  /// - Throws: ``TagsError/nothingToUndo``, or ``TagsError/store(_:)`` (it can then still be
  ///   undone).
  public func undo() throws(TagsError) {
    guard let change = lastChange else { throw .nothingToUndo }
    // A note deleted meanwhile is left out.
    let now = try client.tags(ofNotes: Array(change.notes.keys))
    var restored: [Note.ID: [String]] = [:]
    for (id, tags) in now {
      guard let note = change.notes[id] else { continue }
      restored[id] =
        tags == note.after ? note.before : change.kind.takenBack(from: tags, before: note.before)
    }
    try client.replaceTags(restored)
    lastChange = nil
  }

  private func change(_ kind: TagChange.Kind) throws(TagsError) -> TagChangeOutcome {
    let tag = kind.tag
    let tagged = try client.notes(taggedWith: tag)
    guard !tagged.isEmpty else { throw .unknownTag(tag) }
    let written = Self.titles(of: tagged, writing: tag)
    let changing = tagged.filter { !TagRules.tagsWritten(in: $0.body).contains(tag) }
    guard !changing.isEmpty else { throw .writtenInText(tag, titles: written) }
    let notes = Dictionary(
      uniqueKeysWithValues: changing.map {
        ($0.id, TagChange.Note(before: $0.tags, after: kind.applied(to: $0.tags)))
      })
    try client.replaceTags(notes.mapValues(\.after))
    lastChange = TagChange(kind: kind, notes: notes)
    return TagChangeOutcome(changedNotes: changing.count, writtenInText: written)
  }

  /// The titles of the notes whose text writes a tag, sorted.
  private static func titles(of notes: [Note], writing tag: String) -> [String] {
    notes.filter { TagRules.tagsWritten(in: $0.body).contains(tag) }.map(\.title).sorted()
  }
}

/// A rename or deletion of a tag, as ``TagsViewModel/undo()`` takes it back.
struct TagChange: Hashable {
  /// What was done to the tag.
  enum Kind: Hashable {
    /// Every `from` became `to` (a note carrying both keeps one).
    case renamed(from: String, to: String)
    /// The tag was taken off every note.
    case removed(String)

    /// The tag the change was asked of.
    var tag: String {
      switch self {
      case .renamed(let from, _): from
      case .removed(let tag): tag
      }
    }

    /// A note's tags after the change.
    func applied(to tags: [String]) -> [String] {
      switch self {
      case .renamed(let from, let to): Self.once(tags.map { $0 == from ? to : $0 })
      case .removed(let tag): tags.filter { $0 != tag }
      }
    }

    /// A note's tags changed since, with this change taken back and nothing else.
    func takenBack(from tags: [String], before: [String]) -> [String] {
      switch self {
      case .renamed(let from, let to):
        // A note that carried both names had them merged: it gets both back.
        return Self.once(
          tags.flatMap { $0 == to ? (before.contains(to) ? [from, to] : [from]) : [$0] })
      case .removed(let tag):
        guard !tags.contains(tag) else { return tags }
        var tags = tags
        tags.insert(tag, at: min(before.firstIndex(of: tag) ?? tags.count, tags.count))
        return tags
      }
    }

    /// Tags in their order, each once.
    private static func once(_ tags: [String]) -> [String] {
      var seen: Set<String> = []
      return tags.filter { seen.insert($0).inserted }
    }
  }

  /// One note's tags before and after the change.
  struct Note: Hashable {
    /// Before.
    var before: [String]
    /// After.
    var after: [String]
  }

  /// What was done.
  var kind: Kind
  /// Each changed note, by its identifier.
  var notes: [FieldNotesModel.Note.ID: Note]
}
