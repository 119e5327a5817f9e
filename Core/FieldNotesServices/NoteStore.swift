import FieldNotesModel
import FieldNotesQuery
import Foundation
import Observation

/// The one source of truth for the user's notes and notebooks.
///
/// Screens ask the store for what they show — a page of a list (``page(_:)``), a note
/// (``note(withID:)``), the notebooks and their counts (``savedNotebooks()``, ``summary``) — and
/// the store asks its ``NoteRepository``, which answers from what is saved: the SQLite store with
/// SQL through its indexes, so a screen costs what it shows however many notes there are; a
/// store in memory from plain arrays. Nothing holds the whole library, and no `Note` reads
/// storage: every note handed out is a plain value. A read that fails throws, and the screen's
/// view model shows that as its state.
///
/// Every read goes through one observed counter, so Observation redraws exactly the screens
/// that read the store when it changes. Every change goes through the store: the seed's
/// conveniences (``add(_:)``, ``delete(_:)``, ``togglePin(_:)``, ``move(_:to:)``) and, for
/// screens that need to react to a failure, ``perform(_:)``. Each change is written through the
/// repository as one transaction and then shown, so what is shown is always what is saved.
@Observable
@MainActor
public final class NoteStore {
  /// Counts the changes the store made or found saved.
  ///
  /// Every read touches it, so an observer of anything the store answered is told when any of
  /// it may have changed.
  private var generation = 0

  /// The error of the last seed-style mutation (``add(_:)`` and friends) that failed, if any.
  ///
  /// Screens that call ``perform(_:)`` get the error thrown instead.
  public private(set) var lastError: NoteStoreError?

  @ObservationIgnored let repository: any NoteRepository
  /// The texts the repository keeps beside the notes: versions, the trash, conflict copies.
  ///
  /// A feature whose data they are reads them here, in its own live client (the trash, a
  /// note's history, the conflicts), reading ``changeCount`` beside so that Observation tells
  /// it of every change; the store itself only writes them, in ``commit(_:progress:)``.
  @ObservationIgnored public let journal: any NoteJournal
  @ObservationIgnored private let syncer: any NoteSyncing
  /// Where the store gets the date it stamps on edited notes, and a change the date it
  /// stamps on what it writes.
  @ObservationIgnored public let now: DateProvider
  /// What the repository answered since the last change, so one redraw asks each question once.
  @ObservationIgnored private var answers = Answers()
  /// Whether a question failed since the store last changed or reloaded.
  @ObservationIgnored private var hasUnansweredQuestion = false
  /// The version of each note the store last read or wrote.
  ///
  /// What a write of the note expects to find saved, so a change made from a copy another
  /// process has changed since is never saved over that change. Forgotten when the store reads
  /// what other processes saved (``reload()``).
  @ObservationIgnored private var seen: [Note.ID: Note] = [:]
  /// The notes of ``seen`` in the order they were read, so the oldest can be let go.
  @ObservationIgnored private var seenOrder: [Note.ID] = []
  /// Counts the changes to which notes are saved: a note added or removed, or another's save.
  ///
  /// A short id names the same note between two of them; a pin or an edit is not one.
  @ObservationIgnored public private(set) var noteIDsChangeCount = 0
  /// The repository's ``NoteRepository/changeStamp`` when the store last read it; `nil` when
  /// the repository couldn't tell, or after a conflict, so the next ``reload()`` forgets all.
  @ObservationIgnored private var stamp: Int?

  /// Creates a store that keeps its notes in memory only.
  ///
  /// - Parameters:
  ///   - notes: The initial notes; none by default.
  ///   - notebooks: The initial notebooks; none by default.
  ///   - syncer: The sync service ``refresh()`` calls; one that does nothing by default.
  ///   - now: Where the store gets the date it stamps on edited notes; the system clock by default.
  public init(
    notes: [Note] = [], notebooks: [Notebook] = [],
    syncer: any NoteSyncing = NoOpNoteSyncer(), now: DateProvider = .system
  ) {
    let memory = MemoryNoteRepository(NoteLibrary(notebooks: notebooks, notes: notes))
    repository = memory
    journal = memory
    self.syncer = syncer
    self.now = now
    stamp = repository.changeStamp
  }

  /// Creates a store over a repository that keeps the notes and their journal, as the SQLite
  /// store does.
  ///
  /// Unlike the in-memory store's (the seed's, whose own tests call it bare), this initializer
  /// has no defaults: a caller that forgets the syncer or the clock doesn't compile, instead of
  /// running quietly against no sync or the system clock.
  ///
  /// - Parameters:
  ///   - repository: Where the notes are saved, and everything kept beside them.
  ///   - syncer: The sync service ``refresh()`` calls; ``NoOpNoteSyncer`` for none.
  ///   - now: Where the store gets the date it stamps on edited notes.
  /// - Throws: ``NoteStoreError/persistence(_:)`` when the repository cannot be read.
  public convenience init(
    repository: some NoteRepository & NoteJournal,
    syncer: any NoteSyncing, now: DateProvider
  ) throws(NoteStoreError) {
    try self.init(
      repository: repository, journal: repository, syncer: syncer, now: now)
  }

  /// Creates a store from its parts: how a test stands one part in for another's failure.
  ///
  /// - Parameters:
  ///   - repository: Where the notes are saved.
  ///   - journal: The texts kept beside them (usually the repository itself).
  ///   - syncer: The sync service ``refresh()`` calls; ``NoOpNoteSyncer`` for none.
  ///   - now: Where the store gets the date it stamps on edited notes.
  /// - Throws: ``NoteStoreError/persistence(_:)`` when the repository cannot be read.
  public init(
    repository: any NoteRepository, journal: any NoteJournal, syncer: any NoteSyncing,
    now: DateProvider
  ) throws(NoteStoreError) {
    self.repository = repository
    self.journal = journal
    self.syncer = syncer
    self.now = now
    stamp = repository.changeStamp
    do throws(RepositoryError) {
      answers.notebooks = try repository.notebooks()
    } catch {
      throw .persistence(error)
    }
  }

  // MARK: - Reading

  // Every read a screen's state depends on throws when the repository can't answer, so the
  // view model shows that as its state (`.failed`); only the seed's two properties, which can't
  // say so, answer as empty instead.

  /// Every note, oldest first.
  ///
  /// The seed's way to read the library: it reads every note, bodies and all, so it costs the
  /// whole library. It can't say that a read failed, and is empty then: no screen reads it;
  /// lists read ``page(_:)``, counts ``summary``, an export ``wholeLibrary()``. Change notes
  /// through the store's methods so that every change is saved.
  ///
  /// - Complexity: O(*n*) in the number of notes, once per change of the store.
  public var notes: [Note] { (try? wholeLibrary().notes) ?? [] }

  /// Reads every notebook and note as saved, bodies and all.
  ///
  /// What an export writes. Unlike ``notes``, a failed read is thrown, never answered as no
  /// notes.
  ///
  /// - Returns: The library.
  /// - Throws: ``NoteStoreError/persistence(_:)`` when the repository can't be read.
  /// - Complexity: O(*n*) in the size of the notes, once per change of the store.
  public func wholeLibrary() throws(NoteStoreError) -> NoteLibrary {
    try answer(\.library, repository.load)
  }

  /// Every notebook, in the order they were created.
  ///
  /// The seed's read, which can't say that it failed: it is empty then. What a state is
  /// computed from reads ``savedNotebooks()``, which throws.
  public var notebooks: [Notebook] { (try? savedNotebooks()) ?? [] }

  /// Reads every notebook, in the order they were created.
  ///
  /// - Returns: The notebooks.
  /// - Throws: ``NoteStoreError/persistence(_:)`` when the repository can't be read.
  public func savedNotebooks() throws(NoteStoreError) -> [Notebook] {
    try answer(\.notebooks, repository.notebooks)
  }

  /// How many notes, and how many pinned, each notebook holds, and how many carry each tag.
  ///
  /// - Throws: ``NoteStoreError/persistence(_:)`` when the repository can't be read.
  public var summary: LibrarySummary {
    get throws(NoteStoreError) {
      try answer(\.summary, repository.summary)
    }
  }

  /// Answers a list's query: the notes of its page, in its order, pinned notes first, and how
  /// many it finds.
  ///
  /// - Parameter query: The list, its search and filters, its order and how many rows.
  /// - Returns: The page.
  /// - Throws: ``NoteStoreError/persistence(_:)`` when the repository can't be read.
  /// - Complexity: What the repository's answer costs: for the SQLite store, about the rows
  ///   shown for a list by date, and the matches for a search or a title order.
  public func page(_ query: NoteListQuery) throws(NoteStoreError) -> NotePage {
    _ = generation
    if let page = answers.pages[query] { return page }
    do throws(RepositoryError) {
      let page = try repository.page(query)
      answers.keep(page, for: query)
      for note in page.notes { remember(note) }
      return page
    } catch {
      throw unanswered(error)
    }
  }

  /// Returns the notes carrying a tag.
  ///
  /// The seed's read, which can't say that it failed: it finds none then.
  ///
  /// - Parameter tag: The tag to look for, matched exactly.
  /// - Returns: The notes whose tags contain `tag`, oldest first.
  /// - Complexity: O(*n*), where *n* is the number of notes: it reads ``notes``.
  public func notes(taggedWith tag: String) -> [Note] {
    notes.filter { $0.tags.contains(tag) }
  }

  /// Returns the note with an identifier, if the store holds it.
  ///
  /// - Parameter id: The note's identifier.
  /// - Returns: The note, or `nil`.
  /// - Throws: ``NoteStoreError/persistence(_:)`` when the repository can't be read.
  public func note(withID id: Note.ID) throws(NoteStoreError) -> Note? {
    _ = generation
    if let note = seen[id] { return note }
    if answers.missing.contains(id) { return nil }
    do throws(RepositoryError) {
      guard let note = try repository.note(withID: id) else {
        answers.missing.insert(id)
        return nil
      }
      remember(note)
      return note
    } catch {
      throw unanswered(error)
    }
  }

  /// Returns how many notes a list holds.
  ///
  /// - Parameter scope: The list.
  /// - Returns: The number of notes in it.
  /// - Throws: ``NoteStoreError/persistence(_:)`` when the repository can't be read.
  /// - Complexity: O(1) for a notebook's list, the notes in no notebook and All Notes (the
  ///   store keeps counts); what the repository's count costs for a tag's.
  public func noteCount(in scope: NoteScope) throws(NoteStoreError) -> Int {
    switch scope {
    case .allNotes: try summary.total.notes
    case .unfiled: try summary.count(in: nil).notes
    case .notebook(let id): try summary.count(in: id).notes
    case .tagged: try page(NoteListQuery(scope: scope, limit: 0)).totalCount
    }
  }

  /// Returns the notebook with an identifier, if the store holds it.
  ///
  /// - Parameter id: The notebook's identifier.
  /// - Returns: The notebook, or `nil`.
  /// - Throws: ``NoteStoreError/persistence(_:)`` when the repository can't be read.
  public func notebook(withID id: Notebook.ID) throws(NoteStoreError) -> Notebook? {
    try savedNotebooks().first { $0.id == id }
  }

  /// How many pages, and how many notes read, the store keeps at most between changes: a long
  /// session of searches keeps what its last screens showed, not all it ever read.
  nonisolated package static let keptPages = 32
  nonisolated package static let keptNotes = 8_192

  /// How many pages and notes read the store keeps now: at most ``keptPages`` and twice
  /// ``keptNotes``, however long the session.
  package var keptAnswerCounts: (pages: Int, notes: Int) { (answers.pages.count, seen.count) }

  /// Keeps a note as the version read last, letting the oldest go beyond ``keptNotes``: a
  /// write of one let go expects the note as it reads it then.
  private func remember(_ note: Note) {
    if seen.updateValue(note, forKey: note.id) == nil { seenOrder.append(note.id) }
    guard seenOrder.count > 2 * Self.keptNotes else { return }
    seenOrder.removeFirst(seenOrder.count - Self.keptNotes)
    let kept = Set(seenOrder)
    seen = seen.filter { kept.contains($0.key) }
    seenOrder.removeAll { seen[$0] == nil }
  }

  /// What the repository answered since the last change (the notebooks: since the last change
  /// of a notebook, as a note's change leaves them as they were).
  private struct Answers {
    var pages: [NoteListQuery: NotePage] = [:]
    /// The queries of ``pages`` in the order they were answered.
    var pageOrder: [NoteListQuery] = []

    /// Keeps a page, letting the one answered longest ago go beyond ``keptPages``.
    mutating func keep(_ page: NotePage, for query: NoteListQuery) {
      if pages.updateValue(page, forKey: query) == nil { pageOrder.append(query) }
      if pageOrder.count > NoteStore.keptPages { pages[pageOrder.removeFirst()] = nil }
    }
    var notebooks: [Notebook]?
    var summary: LibrarySummary?
    var library: NoteLibrary?
    /// Notes asked for by identifier and not saved.
    var missing: Set<Note.ID> = []
  }

  /// An answer the repository gave since the last change, or a new one.
  private func answer<Value>(
    _ kept: WritableKeyPath<Answers, Value?>, _ read: () throws(RepositoryError) -> Value
  ) throws(NoteStoreError) -> Value {
    _ = generation
    if let value = answers[keyPath: kept] { return value }
    do throws(RepositoryError) {
      let value = try read()
      answers[keyPath: kept] = value
      return value
    } catch {
      throw unanswered(error)
    }
  }

  /// Notes that a question went unanswered, so the next ``reload()`` asks again and tells every
  /// observer, even when nothing was saved meanwhile: a screen drawn from the failure draws
  /// again once the repository answers.
  private func unanswered(_ error: RepositoryError) -> NoteStoreError {
    hasUnansweredQuestion = true
    return .persistence(error)
  }

  // MARK: - Seed conveniences

  /// Adds a note.
  ///
  /// A failure is reported in ``lastError``.
  ///
  /// - Parameter note: The note to add, with its own identifier and dates.
  public func add(_ note: Note) { performRecordingError(.addNote(note)) }

  /// Deletes a note.
  ///
  /// A failure is reported in ``lastError``.
  ///
  /// - Parameter note: The note to delete. Notes the store doesn't contain are ignored.
  public func delete(_ note: Note) {
    guard holds(note) else { return }
    performRecordingError(.deleteNote(note.id))
  }

  /// Pins an unpinned note or unpins a pinned one.
  ///
  /// A failure is reported in ``lastError``.
  ///
  /// - Parameter note: The note to flip. Notes the store doesn't contain are ignored.
  public func togglePin(_ note: Note) {
    guard holds(note) else { return }
    performRecordingError(.togglePin(note.id))
  }

  /// Moves a note into a different notebook.
  ///
  /// The note keeps its identifier, tags and pin state; only its notebook changes. A failure is
  /// reported in ``lastError``.
  ///
  /// - Parameters:
  ///   - note: The note to move. Notes the store doesn't contain are ignored.
  ///   - destination: The notebook that receives the note.
  public func move(_ note: Note, to destination: Notebook) {
    guard holds(note) else { return }
    performRecordingError(.moveNote(note.id, to: destination.id))
  }

  // MARK: - Sync

  /// Synchronises through the syncer, then reads whatever the sync saved.
  ///
  /// - Throws: The syncer's error, `CancellationError` when cancelled, or
  ///   ``NoteStoreError/persistence(_:)`` when the reload fails. The notes shown stay as they were.
  public func refresh() async throws {
    try await syncer.sync()
    try reload()
  }

  /// Shows what is saved now, when another process (or a sync) may have changed it: forgets
  /// every answer and every note read, so the screens that read the store draw again.
  ///
  /// Costs one check of the repository's change stamp when nothing changed; a repository that
  /// can't tell (its stamp is `nil`) is asked everything again. After a read that failed, every
  /// observer is told even when nothing changed, so a screen drawn from the failure asks again.
  ///
  /// - Throws: ``NoteStoreError/persistence(_:)`` when the repository cannot be read; the notes
  ///   shown stay as they were.
  public func reload() throws(NoteStoreError) {
    let current = repository.changeStamp
    guard current == nil || current != stamp || hasUnansweredQuestion else { return }
    hasUnansweredQuestion = false
    stamp = current
    // Every observer is told first: one told of a change may read the store before it is made
    // (as Observation's `willSet` does), and is then answered as before.
    generation += 1
    noteIDsChangeCount += 1
    answers = Answers()
    seen = [:]
    seenOrder = []
  }

  // MARK: - The one write path

  /// Counts the changes the store made or found saved: read it to be told, through
  /// Observation, when anything the store answers may have changed, as a feature's client that
  /// keeps an answer of its own does.
  public var changeCount: Int { generation }

  /// Makes a change and saves it as one transaction: the one way anything is written.
  ///
  /// Every write of a note checks, in its transaction, that the saved note is still the one this
  /// store last read. When another process changed it meanwhile, the store reads what is saved,
  /// says why the change can no longer be made if it can't (``StoreChange/whyNot(in:)``), and,
  /// for a change whose intent still holds (``StoreChange/holdsWhateverElseChanged``), makes it
  /// again on the fresh notes; any other change is refused with
  /// ``RepositoryError/conflict(_:)`` and the fresh notes are shown.
  ///
  /// - Parameters:
  ///   - change: The change: one of the store's own (``Mutation``) or a feature's.
  ///   - progress: Told how many of its changes are written so far, and how many there are.
  /// - Returns: What was written; no changes when there was nothing to write.
  /// - Throws: ``NoteStoreError``; the store then holds what is saved.
  @discardableResult
  public func commit(
    _ change: some StoreChange, progress: (_ written: Int, _ total: Int) -> Void = { _, _ in }
  ) throws(NoteStoreError) -> StoreEdit {
    let edit = try change.edit(in: self)
    guard !edit.changes.isEmpty else { return edit }
    do {
      try save(edit) { progress($0, edit.changes.count) }
      return edit
    } catch .conflict(let id) {
      stamp = nil  // read again, even from a repository whose stamp can't tell
      try reload()
      if let reason = change.whyNot(in: self) { throw reason }
      guard change.holdsWhateverElseChanged else { throw .persistence(.conflict(id)) }
      let retry = try change.edit(in: self)
      guard !retry.changes.isEmpty else { return retry }
      do { try save(retry) } catch { throw .persistence(error) }
      return retry
    } catch {
      throw .persistence(error)
    }
  }

  /// Applies one of the store's own changes and saves it as one transaction, as
  /// ``commit(_:progress:)`` does.
  ///
  /// - Parameter mutation: The change to make.
  /// - Throws: ``NoteStoreError``; the store then holds what is saved.
  public func perform(_ mutation: Mutation) throws(NoteStoreError) {
    try commit(mutation)
  }

  /// Pins or unpins a note, unless it already is so: the one place that rule is kept, for every
  /// screen and both forms of the note list.
  ///
  /// - Parameters:
  ///   - id: The note.
  ///   - isPinned: Whether it should be pinned.
  /// - Returns: Whether the note changed; `false` when it already was as asked (nothing is
  ///   written then, and its edit date stays).
  /// - Throws: ``NoteStoreError``; nothing changed then.
  @discardableResult
  public func setPinned(_ id: Note.ID, _ isPinned: Bool) throws(NoteStoreError) -> Bool {
    !(try commit(Mutation.setPinned(id, isPinned)).changes.isEmpty)
  }

  /// Writes an edit's changes in one transaction, then shows them.
  ///
  /// Observers are told first, while the repository still holds what they were shown (as
  /// Observation's `willSet` tells them before a property changes); a write that then fails
  /// changed nothing, and they draw what they drew.
  private func save(_ edit: StoreEdit, progress: (Int) -> Void = { _ in }) throws(RepositoryError) {
    generation += 1
    try repository.commit(edit.changes, progress: progress)
    let kept = edit.changes.reduce(RepositoryChange.Kept.all) { $0.intersection($1.keeps) }
    if !kept.contains(.noteIDs) { noteIDsChangeCount += 1 }
    answers = Answers(notebooks: kept.contains(.notebooks) ? answers.notebooks : nil)
    for note in edit.savedNotes { remember(note) }
    for note in edit.removedNotes {
      seen[note.id] = nil
      answers.missing.insert(note.id)
    }
  }

  /// Writes changes a producer hands over one by one, in one transaction, then shows what is
  /// saved: how an import larger than memory is saved (see
  /// ``NoteRepository/commit(streaming:unchangedSince:progress:)``).
  ///
  /// - Parameters:
  ///   - changes: Hands each change over; it may run more than once.
  ///   - stamp: The repository's change stamp the changes were planned at, or `nil`.
  ///   - progress: Told every 10,000 changes how many are written.
  /// - Throws: ``RepositoryError``, the producer's or the repository's; nothing was saved then.
  func saveStreaming(
    _ changes: (_ write: (RepositoryChange) throws(RepositoryError) -> Void)
      throws(RepositoryError) -> Void, unchangedSince stamp: Int?, progress: (Int) -> Void
  ) throws(RepositoryError) {
    generation += 1
    noteIDsChangeCount += 1
    // Nothing of it is held: the next read asks the repository.
    defer { answers = Answers() }
    try repository.commit(streaming: changes, unchangedSince: stamp, progress: progress)
  }

  /// Whether the store holds a note; a failed read is reported in ``lastError``.
  private func holds(_ note: Note) -> Bool {
    do {
      return try self.note(withID: note.id) != nil
    } catch {
      lastError = error
      return false
    }
  }

  private func performRecordingError(_ mutation: Mutation) {
    do {
      try perform(mutation)
      if lastError != nil { lastError = nil }
    } catch {
      lastError = error
    }
  }
}
