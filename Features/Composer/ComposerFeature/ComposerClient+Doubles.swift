import FieldNotesModel
import FieldNotesServices
import Foundation
import Observation

/// Notes, notebooks and kept drafts held in memory, for tests and previews: a test sets what is
/// there, and reads what the view model did to it.
///
/// It keeps drafts as the live client does — one per session and note, the one a draft was
/// taken up from forgotten with it — and offers a new note the drafts of notes it doesn't hold.
@MainActor
@Observable
public final class InMemoryComposerClient: ComposerClient {
  /// The notes.
  public var notes: [Note]
  /// The notebooks, in the order they were created.
  public var notebooks: [Notebook]
  /// The kept drafts, in the order they were kept.
  public var drafts: [Draft]
  /// Whether a draft kept here is promised past the session; `true` by default, as for a store
  /// file, and `false` to stand for notes kept in memory.
  public var keepsDraftsPastTheSession: Bool
  /// What every write throws, wrapped as each write says, when a test sets it: a store that
  /// can't be written.
  public var writeFailure: NoteStoreError?
  /// The notes added or updated, in the order they were.
  public private(set) var saved: [Note] = []
  /// How many times the view model asked to read again.
  public private(set) var refreshes = 0

  /// Creates the client.
  ///
  /// - Parameters:
  ///   - notes: The notes there are.
  ///   - notebooks: The notebooks there are.
  ///   - drafts: The drafts kept already.
  ///   - keepsDraftsPastTheSession: Whether drafts kept here outlive the session.
  public init(
    notes: [Note] = [], notebooks: [Notebook] = [], drafts: [Draft] = [],
    keepsDraftsPastTheSession: Bool = true
  ) {
    self.notes = notes
    self.notebooks = notebooks
    self.drafts = drafts
    self.keepsDraftsPastTheSession = keepsDraftsPastTheSession
  }

  /// The note, or `nil`.
  ///
  /// - Parameter id: The note.
  /// - Returns: The note.
  public func note(_ id: Note.ID) -> Note? { notes.first { $0.id == id } }

  /// The notebook named exactly so, else one named so ignoring case and spaces at its ends.
  ///
  /// - Parameter name: The name.
  /// - Returns: The notebook, or `nil`.
  public func notebook(named name: String) -> Notebook? {
    if let exact = notebooks.first(where: { $0.name == name }) { return exact }
    let folded = name.trimmingCharacters(in: .whitespaces).lowercased()
    return notebooks.first { $0.name.lowercased() == folded }
  }

  /// The notes' tags, sorted.
  public var knownTags: [String] { Set(notes.flatMap(\.tags)).sorted() }

  /// Counts the request; nothing else changes what is here.
  public func refresh() {
    refreshes += 1
  }

  /// Adds the note as given.
  ///
  /// - Parameter note: The note.
  /// - Throws: ``ComposerError/saveFailed(_:)`` with ``writeFailure``, or with `duplicateNote`
  ///   for a note here already.
  public func add(_ note: Note) throws(ComposerError) {
    if let writeFailure { throw .saveFailed(writeFailure) }
    guard self.note(note.id) == nil else { throw .saveFailed(.duplicateNote(note.id)) }
    notes.append(note)
    saved.append(note)
  }

  /// Replaces the note with the same identifier, as given.
  ///
  /// - Parameter note: The note.
  /// - Throws: ``ComposerError/saveFailed(_:)`` with ``writeFailure``, or with `noteNotFound`
  ///   for a note not here.
  public func update(_ note: Note) throws(ComposerError) {
    if let writeFailure { throw .saveFailed(writeFailure) }
    guard let index = notes.firstIndex(where: { $0.id == note.id }) else {
      throw .saveFailed(.noteNotFound(note.id))
    }
    notes[index] = note
    saved.append(note)
  }

  /// The note's drafts, newest first; for a new note, those of new notes and of notes not here.
  ///
  /// - Parameter noteID: The note, or `nil` for a new note.
  /// - Returns: The drafts.
  public func keptDrafts(forNote noteID: Note.ID?) -> [Draft] {
    drafts.filter { kept in
      kept.noteID == noteID || (noteID == nil && kept.noteID.map { note($0) == nil } == true)
    }
    .sorted {
      $0.keptAt != $1.keptAt
        ? $0.keptAt > $1.keptAt : $0.session.id.uuidString < $1.session.id.uuidString
    }
  }

  /// Keeps the draft in place of its session's draft of the note, and forgets the origin.
  ///
  /// - Parameters:
  ///   - draft: The draft.
  ///   - origin: The draft it was taken up from, or `nil`.
  /// - Throws: ``ComposerError/draftNotKept(_:)`` with ``writeFailure``.
  public func keepDraft(_ draft: Draft, superseding origin: Draft?) throws(ComposerError) {
    if let writeFailure { throw .draftNotKept(writeFailure) }
    drafts.removeAll { $0.isKept(as: draft) || origin.map($0.isKept(as:)) == true }
    drafts.append(draft)
  }

  /// Forgets the draft.
  ///
  /// - Parameter draft: The draft.
  /// - Throws: ``ComposerError/discardFailed(_:)`` with ``writeFailure``.
  public func discardDraft(_ draft: Draft) throws(ComposerError) {
    if let writeFailure { throw .discardFailed(writeFailure) }
    drafts.removeAll { $0.isKept(as: draft) }
  }
}

/// A client that fails every use: what a test hands the view model when the step it tests must
/// not touch the notes or the drafts, so a step that does is reported (through `report`, which
/// a test points at `Issue.record`) rather than passing against a silent default.
@MainActor
public final class UnimplementedComposerClient: ComposerClient {
  private let report: (String) -> Void

  /// Creates the client.
  ///
  /// - Parameter report: Told the member used, as `ComposerClient.add(_:)`.
  public init(report: @escaping (String) -> Void) {
    self.report = report
  }

  /// Reports the read; no note.
  ///
  /// - Parameter id: Ignored.
  /// - Returns: `nil`.
  public func note(_ id: Note.ID) -> Note? { reported("note(_:)", nil) }

  /// Reports the read; no notebook.
  public var notebooks: [Notebook] { reported("notebooks", []) }

  /// Reports the read; no notebook.
  ///
  /// - Parameter name: Ignored.
  /// - Returns: `nil`.
  public func notebook(named name: String) -> Notebook? { reported("notebook(named:)", nil) }

  /// Reports the read; no tag.
  public var knownTags: [String] { reported("knownTags", []) }

  /// Reports the request.
  public func refresh() { report("ComposerClient.refresh()") }

  /// Reports the save, and refuses it.
  ///
  /// - Parameter note: Ignored.
  /// - Throws: ``ComposerError/notProvided(_:)``.
  public func add(_ note: Note) throws(ComposerError) { throw refusal("add(_:)") }

  /// Reports the save, and refuses it.
  ///
  /// - Parameter note: Ignored.
  /// - Throws: ``ComposerError/notProvided(_:)``.
  public func update(_ note: Note) throws(ComposerError) { throw refusal("update(_:)") }

  /// Reports the read; nothing is promised as kept.
  public var keepsDraftsPastTheSession: Bool { reported("keepsDraftsPastTheSession", false) }

  /// Reports the read; no draft.
  ///
  /// - Parameter noteID: Ignored.
  /// - Returns: No draft.
  public func keptDrafts(forNote noteID: Note.ID?) -> [Draft] {
    reported("keptDrafts(forNote:)", [])
  }

  /// Reports the request, and refuses it.
  ///
  /// - Parameters:
  ///   - draft: Ignored.
  ///   - origin: Ignored.
  /// - Throws: ``ComposerError/notProvided(_:)``.
  public func keepDraft(_ draft: Draft, superseding origin: Draft?) throws(ComposerError) {
    throw refusal("keepDraft(_:superseding:)")
  }

  /// Reports the request, and refuses it.
  ///
  /// - Parameter draft: Ignored.
  /// - Throws: ``ComposerError/notProvided(_:)``.
  public func discardDraft(_ draft: Draft) throws(ComposerError) {
    throw refusal("discardDraft(_:)")
  }

  private func reported<Value>(_ member: String, _ value: Value) -> Value {
    report("ComposerClient.\(member)")
    return value
  }

  private func refusal(_ member: String) -> ComposerError {
    report("ComposerClient.\(member)")
    return .notProvided("ComposerClient.\(member)")
  }
}
