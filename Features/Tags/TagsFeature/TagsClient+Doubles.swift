import FieldNotesModel
import Observation

/// Notes held in memory, for tests and previews: a test sets them, and reads what the view
/// model did to their tags.
@MainActor
@Observable
public final class InMemoryTagsClient: TagsClient {
  /// The notes, in the order given.
  public var notes: [Note]
  /// What ``replaceTags(_:)`` throws, when a test sets it: a store that can't be written.
  public var writeFailure: TagsError?
  /// How many writes were asked for, failed ones included.
  public private(set) var writes = 0

  /// Creates the client.
  ///
  /// - Parameter notes: The notes there are.
  public init(notes: [Note] = []) {
    self.notes = notes
  }

  /// Every tag with its note count, counted from ``notes``.
  public var tagCounts: [String: Int] {
    notes.reduce(into: [:]) { counts, note in
      for tag in Set(note.tags) { counts[tag, default: 0] += 1 }
    }
  }

  /// The notes carrying the tag.
  ///
  /// - Parameter tag: The tag.
  /// - Returns: The notes, in the order of ``notes``.
  public func notes(taggedWith tag: String) -> [Note] {
    notes.filter { $0.tags.contains(tag) }
  }

  /// A note, by its identifier.
  ///
  /// - Parameter id: The note's identifier.
  /// - Returns: The note, or `nil` when there is none.
  public func note(_ id: Note.ID) -> Note? {
    notes.first { $0.id == id }
  }

  /// The tags of the notes still here.
  ///
  /// - Parameter ids: The notes.
  /// - Returns: Each note's tags.
  public func tags(ofNotes ids: [Note.ID]) -> [Note.ID: [String]] {
    Dictionary(uniqueKeysWithValues: notes.filter { ids.contains($0.id) }.map { ($0.id, $0.tags) })
  }

  /// Gives the notes still here their new tags in one change, or throws ``writeFailure``.
  ///
  /// - Parameter tags: Each note's new tags.
  /// - Throws: ``writeFailure``; nothing changed then.
  public func replaceTags(_ tags: [Note.ID: [String]]) throws(TagsError) {
    writes += 1
    if let writeFailure { throw writeFailure }
    // One assignment, so an observer sees one change, as from the store's one write.
    notes = notes.map { note in
      var note = note
      note.tags = tags[note.id] ?? note.tags
      return note
    }
  }
}

/// A client that fails every use: what a test hands the view model when the step it tests must
/// not touch the notes, so a step that does is reported (through `report`, which a test points
/// at `Issue.record`) rather than passing against a silent default.
@MainActor
public final class UnimplementedTagsClient: TagsClient {
  private let report: (String) -> Void

  /// Creates the client.
  ///
  /// - Parameter report: Told the member used, as `TagsClient.replaceTags(_:)`.
  public init(report: @escaping (String) -> Void) {
    self.report = report
  }

  /// Reports the read, and counts no tag.
  public var tagCounts: [String: Int] {
    report("TagsClient.tagCounts")
    return [:]
  }

  /// Reports the read, and finds no note.
  ///
  /// - Parameter tag: Ignored.
  /// - Returns: No note.
  public func notes(taggedWith tag: String) -> [Note] {
    report("TagsClient.notes(taggedWith:)")
    return []
  }

  /// Reports the read, and finds no note.
  ///
  /// - Parameter ids: Ignored.
  /// - Returns: No tags.
  public func tags(ofNotes ids: [Note.ID]) -> [Note.ID: [String]] {
    report("TagsClient.tags(ofNotes:)")
    return [:]
  }

  /// Reports the write, and refuses it.
  ///
  /// - Parameter tags: Ignored.
  /// - Throws: ``TagsError/notProvided(_:)``.
  public func replaceTags(_ tags: [Note.ID: [String]]) throws(TagsError) {
    report("TagsClient.replaceTags(_:)")
    throw .notProvided("TagsClient.replaceTags(_:)")
  }
}
