import FieldNotesModel
import FieldNotesServices
import Foundation
import Observation

/// The view model of the composer: writing a new note or editing one, as a state machine.
///
/// ```
/// editing ──save──▶ saved
///    │  ▲   (a failed save throws; the composer stays in editing, the draft kept)
///    │  └─no─┐
///    └─cancel─▶ confirming(.discardChanges) ──yes──▶ discarded
///    (no changes: cancel ─▶ discarded at once)
///
/// editing ──askToDiscardKeptDraft──▶ confirming(.discardKeptDraft) ──yes or no──▶ editing
/// ```
///
/// The draft's edits stay out of the notes until ``save()``. ``state`` and ``canSave`` are
/// derived from the draft each time they are read, never stored beside it.
///
/// Drafts kept when FieldNotes last had to stop (``keptDrafts``, by any session) are listed
/// beside the draft: ``takeUpKeptDraft(at:)`` goes on from one, and it is forgotten once the
/// note is saved or its text kept again.
///
/// Unsaved text never waits for the session's end to be kept: after every change it is held in
/// a file through the editor service, which a session killed outright leaves for the next to
/// keep as a draft (``holdUnsavedText()``).
///
/// Its ``ComposerClient`` is all it knows of the notes and the drafts.
@MainActor
@Observable
public final class ComposerViewModel {
  /// What the composer shows.
  public enum State: Hashable, Sendable {
    /// Editing, with every reason the draft can't be saved yet (none when it can).
    case editing(problems: [DraftProblem])
    /// Asking a question, the draft kept beside it.
    case confirming(ComposerQuestion)
    /// The note was saved; the composer is done.
    case saved(Note.ID)
    /// The draft was thrown away; the composer is done.
    case discarded
  }

  /// What the composer was opened for.
  public enum Purpose: Hashable, Sendable {
    /// A new note, optionally in a notebook.
    case newNote(in: Notebook.ID?)
    /// Changing an existing note, as the notes hold it when the composer opens.
    case editNote(Note.ID)
  }

  /// The unsaved edits.
  public let draft: NoteDraft
  /// What the composer was opened for: a note deleted meanwhile (by a sync) leaves a new note
  /// to write instead.
  public let purpose: Purpose

  /// The question being asked, if any.
  private var question: ComposerQuestion?
  /// How the composer ended, once it has: ``State/saved(_:)`` or ``State/discarded``.
  ///
  /// The other states are derived from the question asked and the draft.
  private var ending: State?
  /// The draft's content as the composer opened: the note's, or a new note's empty one.
  @ObservationIgnored let original: NoteDraft.Content
  @ObservationIgnored let client: any ComposerClient
  @ObservationIgnored private let makeID: IDGenerator
  @ObservationIgnored let now: DateProvider
  /// A new note's identifier, made at the first save attempt and kept for retries, so that a
  /// retry can never save the same note twice under two identities.
  @ObservationIgnored private var newNoteID: Note.ID?
  /// The note being edited, as it was when the composer opened; `nil` for a new note.
  @ObservationIgnored let opened: Note?
  /// The version of the note a save may go over: the one the text being edited was written
  /// from.
  @ObservationIgnored private var base: Base?
  /// Whether the note being edited was found gone (moved to the trash or deleted by another
  /// FieldNotes) at a save, which said so: the next save keeps the text as a new note.
  @ObservationIgnored private var savesAsNewNote = false
  /// The session this composer runs in, whose draft it keeps.
  @ObservationIgnored private let session: DraftSession
  /// The kept draft the composer went on from, forgotten when the note is saved.
  @ObservationIgnored var takenUpDraft: Draft?
  /// The file the unsaved text is held in (see ``holdUnsavedText()``), and the name it was
  /// given; `nil` while there is none.
  @ObservationIgnored var held: (file: HeldText, name: String)?
  /// The body being typed line by line, held with the unsaved text until its entry ends
  /// (``holdLineOfBodyBeingTyped(_:)``).
  @ObservationIgnored var bodyBeingTyped: String?
  /// Whether the held file ends with the body being typed, so a line more is added at its end.
  @ObservationIgnored var heldEndsWithTypedBody = false
  /// The user's editor, which ``writeInEditor()`` hands the draft to.
  @ObservationIgnored let editor: any TextEditing

  /// The drafts of this note kept when FieldNotes had to stop, newest first, less the one
  /// taken up.
  public internal(set) var keptDrafts: [Draft] = []

  /// Why the unsaved text can't be held in a file now (see ``holdUnsavedText()``), so the user
  /// knows a crash would lose what they type until it can; `nil` while it is held, or needn't
  /// be.
  public internal(set) var holdingFailure: TextEditingError?

  /// Where the file holding all of the unsaved text as it is now is.
  ///
  /// It is the file the next session keeps as a draft if this one can't keep it (see
  /// ``holdUnsavedText()``). `nil` while none holds it: nothing needs holding, or the last
  /// change couldn't be written (``holdingFailure``).
  public var heldFilePath: String? {
    holdingFailure == nil ? held?.file.path : nil
  }

  /// Opens the composer.
  ///
  /// - Parameters:
  ///   - client: The composer's data, where the note is saved and drafts are kept: the app's
  ///     `StoreComposerClient`, or a test's.
  ///   - purpose: A new note, or the note to edit (its content fills the draft); a note the
  ///     client doesn't have opens a new note instead.
  ///   - ids: Where a new note gets its identifier.
  ///   - now: Where a new note gets its creation date, and a kept draft its date.
  ///   - session: The session the composer runs in, whose draft it keeps.
  ///   - editor: The user's editor, which ``writeInEditor()`` hands the draft to.
  public init(
    client: any ComposerClient, purpose: Purpose, ids: IDGenerator, now: DateProvider,
    session: DraftSession, editor: any TextEditing
  ) {
    switch purpose {
    case .editNote(let id):
      if let note = client.note(id) {
        opened = note
        draft = NoteDraft(editing: note)
        self.purpose = purpose
      } else {
        opened = nil
        draft = NoteDraft(notebookID: nil)
        self.purpose = .newNote(in: nil)
      }
    case .newNote(let notebookID):
      opened = nil
      draft = NoteDraft(notebookID: notebookID)
      self.purpose = purpose
    }
    self.original = draft.content
    self.client = client
    self.makeID = ids
    self.now = now
    self.session = session
    self.editor = editor
    base = opened.map(Base.note)
    keptDraftsOutliveTheSession = client.keepsDraftsPastTheSession
    keptDrafts = client.keptDrafts(forNote: noteID)
  }

  /// The note being edited, or `nil` for a new note: whose kept drafts this composer offers.
  private var noteID: Note.ID? { opened?.id }

  /// What the composer shows now.
  public var state: State {
    let problems = problems
    return ending ?? question.map(State.confirming) ?? .editing(problems: problems)
  }

  /// Every reason the draft can't be saved yet.
  public var problems: [DraftProblem] {
    var problems = DraftRules.problems(
      title: draft.title, body: draft.body, tags: draft.tags, properties: draft.properties)
    if let notebookID = draft.notebookID, notebook(notebookID) == nil {
      problems.append(.notebookNotFound)
    }
    return problems
  }

  /// Whether ``save()`` would save now: the draft is valid and the composer is editing.
  public var canSave: Bool { isEditable && problems.isEmpty }

  /// The name of the draft's notebook, or `nil` for none (or a notebook gone meanwhile).
  public var notebookName: String? { draft.notebookID.flatMap { notebook($0)?.name } }

  /// The notebooks' names, for choosing the draft's.
  public var notebookNames: [String] { client.notebooks.map(\.name) }

  /// Every tag some note carries, for completing the draft's.
  public var knownTags: [String] { client.knownTags }

  /// A notebook the client holds now, or `nil` for one gone meanwhile.
  func notebook(_ id: Notebook.ID) -> Notebook? { client.notebooks.first { $0.id == id } }

  /// Whether the draft differs from what the composer opened with.
  public var hasChanges: Bool { draft.content != original }

  /// Whether the composer is done (saved or discarded), so it can be closed.
  public var isFinished: Bool { ending != nil }

  /// Whether a draft kept as FieldNotes ends is there next time: not with notes in memory.
  ///
  /// Read from the client as the composer opens, as it never changes for a client.
  public let keptDraftsOutliveTheSession: Bool

  /// Whether the draft may change now: not once the composer is done, nor while it asks.
  var isEditable: Bool { ending == nil && question == nil }

  // MARK: - Editing

  /// Replaces the title.
  ///
  /// - Parameter title: The title as typed.
  /// - Throws: ``ComposerError/notEditable`` unless editing (or after a failed save).
  public func setTitle(_ title: String) throws(ComposerError) {
    try edit { $0.title = title }
  }

  /// Replaces the whole body.
  ///
  /// - Parameter body: The new body, lines separated by newlines.
  /// - Throws: ``ComposerError/notEditable`` unless editing (or after a failed save).
  public func replaceBody(with body: String) throws(ComposerError) {
    try edit { $0.body = body }
  }

  /// Adds a line at the end of the body.
  ///
  /// - Parameter line: The line to add; a newline separates it from the text before.
  /// - Throws: ``ComposerError/notEditable`` unless editing (or after a failed save).
  public func appendToBody(_ line: String) throws(ComposerError) {
    try edit { $0.body = $0.body.isEmpty ? line : $0.body + "\n" + line }
  }

  /// Replaces the tags with those read from typed text (see ``DraftRules/tags(from:)``).
  ///
  /// - Parameter input: Tags separated by commas or spaces, such as `"#birds, lake"`.
  /// - Throws: ``ComposerError/notEditable`` unless editing (or after a failed save).
  public func setTags(from input: String) throws(ComposerError) {
    try edit { $0.tags = DraftRules.tags(from: input) }
  }

  /// Puts the note in a notebook, found by name ignoring case, or in none.
  ///
  /// - Parameter name: The notebook's name, or `nil` for no notebook.
  /// - Throws: ``ComposerError/unknownNotebook(_:)`` or ``ComposerError/notEditable``.
  public func chooseNotebook(named name: String?) throws(ComposerError) {
    guard let name else { return try edit { $0.notebookID = nil } }
    guard let notebook = client.notebook(named: name) else { throw .unknownNotebook(name) }
    try edit { $0.notebookID = notebook.id }
  }

  private func edit(_ change: (NoteDraft) -> Void) throws(ComposerError) {
    guard isEditable else { throw .notEditable }
    change(draft)
    holdUnsavedText()
  }

  // MARK: - Saving

  /// Saves the draft as a new note, or over the note being edited.
  ///
  /// The note's tags are the draft's, then each `#tag` of its body, as an import reads them
  /// (``NoteDraft/Content/tagsToSave``); the body is saved as written.
  ///
  /// Editing an existing note keeps its identifier, creation date and pin. It goes over the
  /// note only as the text was written from it: when another FieldNotes (or a sync) saved the
  /// note since, the save fails once with ``FieldNotesServices/RepositoryError/conflict(_:)``,
  /// saying so, and saving again puts this version over theirs. When the note was moved to the
  /// trash or deleted meanwhile, the save fails once with
  /// ``FieldNotesServices/NoteStoreError/noteNotFound(_:)``, and saving again keeps the text as a
  /// new note, the trashed one as it was.
  ///
  /// - Returns: The saved note.
  /// - Throws: ``ComposerError/invalidDraft(_:)``, ``ComposerError/notEditable``, or
  ///   ``ComposerError/saveFailed(_:)`` when the client refused; the composer then stays in
  ///   editing with the draft kept, and saving again retries.
  @discardableResult
  public func save() throws(ComposerError) -> Note? {
    guard isEditable else { throw .notEditable }
    // What another FieldNotes changed meanwhile (a notebook it deleted) is a problem of the
    // draft, the user's to mend, not a refusal saving again would meet again.
    client.refresh()
    let problems = problems
    guard problems.isEmpty else { throw .invalidDraft(problems) }
    let note = noteToSave()
    if let base, let current = client.note(note.id), !base.isStill(current) {
      // The user is told once; the next save is theirs to make over the newer version.
      self.base = .note(current)
      throw .saveFailed(.persistence(.conflict(note.id)))
    }
    do {
      switch purpose {
      case .editNote where !savesAsNewNote: try client.update(note)
      case .newNote, .editNote: try client.add(note)
      }
    } catch {
      // A conflict found on disk was read again: the next save goes over what was read.
      if case .saveFailed(.persistence(.conflict)) = error, let current = client.note(note.id) {
        base = .note(current)
      }
      // The note is gone: the user is told once, and the next save is a new note's.
      if case .saveFailed(.noteNotFound) = error { savesAsNewNote = true }
      throw error
    }
    ending = .saved(note.id)
    // The draft's text is in the note now; one that can't be forgotten is offered again.
    if let takenUpDraft { try? client.discardDraft(takenUpDraft) }
    holdUnsavedText()
    return client.note(note.id)
  }

  private func noteToSave() -> Note {
    let title = draft.title.trimmingCharacters(in: .whitespacesAndNewlines)
    guard let opened, !savesAsNewNote else {
      let id = newNoteID ?? makeID()
      newNoteID = id
      return Note(
        id: id, title: title, body: draft.body, createdAt: now(),
        notebookID: draft.notebookID, tags: draft.content.tagsToSave,
        properties: draft.properties)
    }
    var note = client.note(opened.id) ?? opened
    note.title = title
    note.body = draft.body
    note.tags = draft.content.tagsToSave
    note.notebookID = draft.notebookID
    note.properties = draft.properties
    return note
  }

  // MARK: - Kept drafts

  /// Keeps the unsaved text as a draft, so the next composer for the same note offers it back.
  ///
  /// FieldNotes does so when its input ends or it is told to stop. It replaces only this
  /// session's draft of the note, and the kept draft it was taken up from.
  ///
  /// - Returns: Whether there was unsaved text to keep.
  /// - Throws: ``ComposerError/draftNotKept(_:)`` when it could not be kept; nothing changed
  ///   then.
  @discardableResult
  public func keepUnsavedDraft() throws(ComposerError) -> Bool {
    guard !isFinished, hasChanges else { return false }
    try client.keepDraft(
      Draft(
        noteID: noteID, notebookID: draft.notebookID, title: draft.title,
        body: keptBody(of: draft.content),
        tags: draft.tags, keptAt: now(), session: session,
        baseUpdatedAt: base?.updatedAt),
      superseding: takenUpDraft)
    // The text is kept in the store now: its file goes.
    letGoOfUnsavedText()
    return true
  }

  /// The properties a draft starts with, and a kept one goes on with: the opened note's.
  var baseProperties: [NoteProperty] { opened?.properties ?? [] }

  /// The body a kept draft of some content holds: a kept draft holds no properties, so ones
  /// the editor changed go at the top of its body, in a front matter of their own, so that
  /// nothing written is lost.
  func keptBody(of content: NoteDraft.Content) -> String {
    content.properties == baseProperties
      ? content.body : Self.frontMatter(of: content.properties) + content.body
  }

  /// Properties as the lines of a front matter of their own, as a body keeps lines no field is
  /// read from: `---`, the lines and `---`; nothing for none.
  static func frontMatter(of properties: [NoteProperty]) -> String {
    properties.isEmpty
      ? "" : "---\n" + properties.map(\.frontMatterText).joined(separator: "\n") + "\n---\n"
  }

  /// Goes on from a kept draft: its text fills the draft.
  ///
  /// It stays kept until the note is saved. A draft taken up before may be swapped for another; text typed since can't be, so nothing
  /// unsaved is lost.
  ///
  /// - Parameter position: The draft's position in ``keptDrafts``.
  /// - Throws: ``ComposerError/noSuchDraft(position:count:)``,
  ///   ``ComposerError/unsavedChangesInTheWay`` or ``ComposerError/notEditable``.
  public func takeUpKeptDraft(at position: Int) throws(ComposerError) {
    guard isEditable else { throw .notEditable }
    let kept = try keptDraft(at: position)
    let untouched = takenUpDraft.map { draft.content == content(of: $0) } ?? !hasChanges
    guard untouched else { throw .unsavedChangesInTheWay }
    keptDrafts.remove(at: position)
    if let takenUpDraft { keptDrafts = Self.newestFirst(keptDrafts + [takenUpDraft]) }
    takenUpDraft = kept
    // The draft goes over the note only as it was when the draft was written from it.
    if let current = opened.flatMap({ client.note($0.id) }) {
      base = kept.predates(current) ? .editDate(kept.baseUpdatedAt) : .note(current)
    }
    draft.title = kept.title
    draft.body = kept.body
    draft.tags = kept.tags
    draft.notebookID = kept.notebookID
    draft.properties = baseProperties
    holdUnsavedText()
  }

  /// Asks whether to forget a kept draft (``State/confirming(_:)`` with
  /// ``ComposerQuestion/discardKeptDraft(_:)``): `yes` forgets it, `no` keeps it.
  ///
  /// - Parameter position: The draft's position in ``keptDrafts``.
  /// - Throws: ``ComposerError/noSuchDraft(position:count:)`` or
  ///   ``ComposerError/notEditable``.
  public func askToDiscardKeptDraft(at position: Int) throws(ComposerError) {
    guard isEditable else { throw .notEditable }
    question = .discardKeptDraft(try keptDraft(at: position))
  }

  private func keptDraft(at position: Int) throws(ComposerError) -> Draft {
    guard keptDrafts.indices.contains(position) else {
      throw .noSuchDraft(position: position, count: keptDrafts.count)
    }
    return keptDrafts[position]
  }

  func content(of draft: Draft) -> NoteDraft.Content {
    NoteDraft.Content(
      title: draft.title, body: draft.body, tags: draft.tags, notebookID: draft.notebookID,
      properties: baseProperties)
  }

  static func newestFirst(_ drafts: [Draft]) -> [Draft] {
    drafts.sorted { $0.keptAt > $1.keptAt }
  }

  // MARK: - Cancelling

  /// Closes the composer: at once when nothing changed, otherwise by asking first
  /// (``State/confirming(_:)`` with ``ComposerQuestion/discardChanges``).
  ///
  /// - Throws: ``ComposerError/notEditable`` while asking or after closing.
  public func cancel() throws(ComposerError) {
    guard isEditable else { throw .notEditable }
    if hasChanges { question = .discardChanges } else { ending = .discarded }
  }

  /// Answers yes to the question asked: throws the changes away (the composer is done, and a
  /// kept draft taken up is forgotten), or forgets the kept draft asked about.
  ///
  /// - Throws: ``ComposerError/noQuestionAsked`` when no question is asked, or
  ///   ``ComposerError/discardFailed(_:)`` when the kept draft could not be forgotten (it is
  ///   still kept, and still listed).
  public func confirmDiscard() throws(ComposerError) {
    switch question {
    case .discardChanges?:
      if let takenUpDraft { try? client.discardDraft(takenUpDraft) }
      ending = .discarded
      holdUnsavedText()
    case .discardKeptDraft(let kept)?:
      do { try client.discardDraft(kept) } catch {
        question = nil
        throw error
      }
      keptDrafts.removeAll { $0.isKept(as: kept) }
    case nil:
      throw .noQuestionAsked
    }
    question = nil
  }

  /// Answers no to the question asked: goes back to editing, the draft and the kept drafts
  /// intact.
  ///
  /// - Throws: ``ComposerError/noQuestionAsked`` when no question is asked.
  public func keepEditing() throws(ComposerError) {
    guard question != nil else { throw .noQuestionAsked }
    question = nil
  }
}

extension ComposerViewModel {
  /// The version of a note that text being edited was written from.
  private enum Base {
    /// The note as it was: it is still so while what the composer writes (title, body, tags,
    /// notebook) is unchanged, so a pin changed meanwhile is no conflict.
    case note(Note)
    /// Only its edit date is known (a kept draft's); `nil` when not even that is.
    case editDate(Date?)

    /// The edit date a draft kept of this text records.
    var updatedAt: Date? {
      switch self {
      case .note(let note): note.updatedAt
      case .editDate(let date): date
      }
    }

    /// Whether a save goes over the note as it is now without dropping an edit it never saw.
    func isStill(_ current: Note) -> Bool {
      switch self {
      case .note(let note):
        (note.title, note.body, note.tags, note.notebookID)
          == (current.title, current.body, current.tags, current.notebookID)
      case .editDate(let date): date == current.updatedAt
      }
    }
  }
}

/// A question the composer asks before going on; `yes` discards, `no` goes back to editing.
public enum ComposerQuestion: Hashable, Sendable {
  /// Whether to throw away the unsaved changes.
  case discardChanges
  /// Whether to forget a draft kept when FieldNotes had to stop.
  case discardKeptDraft(Draft)
}
