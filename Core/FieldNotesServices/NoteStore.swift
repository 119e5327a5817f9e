import FieldNotesModel
import FieldNotesQuery
import Foundation
import Observation

/// The one source of truth for the user's notes and notebooks.
///
/// Screens ask the store for what they show — a page of a list (``page(_:)``), a note
/// (``note(withID:)``), the notebooks and their counts (``notebooks``, ``summary``) — and the
/// store asks its ``NoteRepository``, which answers from what is saved: the SQLite store with
/// SQL through its indexes, so a screen costs what it shows however many notes there are; a
/// store in memory from plain arrays. Nothing holds the whole library, and no `Note` reads
/// storage: every note handed out is a plain value.
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

  /// The last read the repository failed, if any: what was asked is then answered as empty (or
  /// as it was last read), and a screen can say why.
  @ObservationIgnored public private(set) var lastReadError: NoteStoreError?

  /// Returns the last read failure, if any, and forgets it: so that an app can say, once, that
  /// what it drew may be incomplete (a failed read shows the earlier answer, or none).
  ///
  /// - Returns: The failure since the last call, or `nil`.
  public func takeReadError() -> NoteStoreError? {
    defer { lastReadError = nil }
    return lastReadError
  }

  /// Notes the store holds but could not read (damaged rows): left exactly as they are, never
  /// written over, and reported so the user knows.
  @ObservationIgnored public private(set) var unreadableNotes: [UnreadableNote]

  @ObservationIgnored let repository: any NoteRepository
  /// The texts the repository keeps beside the notes: versions, the trash, conflict copies.
  @ObservationIgnored let journal: any NoteJournal
  @ObservationIgnored private let syncer: any NoteSyncing
  /// Where the store gets the date it stamps on edited notes, and a change the date it
  /// stamps on what it writes.
  @ObservationIgnored public let now: DateProvider
  /// What the repository answered since the last change, so one redraw asks each question once.
  @ObservationIgnored private var answers = Answers()
  /// What it answered before the last change: shown again when a read fails, so the notes
  /// shown stay as they were rather than vanish.
  @ObservationIgnored private var earlierAnswers = Answers()
  /// The version of each note the store last read or wrote.
  ///
  /// What a write of the note expects to find saved, so a change made from a copy another
  /// process has changed since is never saved over that change. Forgotten when the store reads
  /// what other processes saved (``reload()``).
  @ObservationIgnored private var seen: [Note.ID: Note] = [:]
  /// The notes of ``seen`` in the order they were read, so the oldest can be let go.
  @ObservationIgnored private var seenOrder: [Note.ID] = []
  /// The repository's ``NoteRepository/changeStamp`` when the store last read it.
  @ObservationIgnored private var stamp: Int?
  /// For a repository without a change stamp, what it held when last read whole, which the
  /// store answers from until it reads it again (when it reloads, and after each change): a
  /// repository that can't tell when it changed is read whole, as a small one (a test's) can be.
  @ObservationIgnored private var lastLibrary: NoteLibrary?

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
    unreadableNotes = []
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
      if stamp == nil {
        let library = try repository.load()
        lastLibrary = library
        answers.notebooks = library.notebooks
        unreadableNotes = library.unreadableNotes
      } else {
        answers.notebooks = try repository.notebooks()
        unreadableNotes = try journal.unreadableNotes()
      }
    } catch {
      throw .persistence(error)
    }
  }

  // MARK: - Reading

  /// Every note, oldest first.
  ///
  /// The seed's way to read the library: it reads every note, bodies and all, so it costs the
  /// whole library. No screen reads it; lists read ``page(_:)``, counts ``summary``. Change
  /// notes through the store's methods so that every change is saved.
  ///
  /// - Complexity: O(*n*) in the number of notes, once per change of the store.
  public var notes: [Note] {
    answer(\.library, fallback: NoteLibrary()) { () throws(RepositoryError) in
      try held({ $0 }, else: repository.load)
    }.notes
  }

  /// Reads every notebook and note as saved now, bodies and all, keeping none of it.
  ///
  /// What an export writes. Unlike ``notes``, a failed read is thrown, never answered as no
  /// notes.
  ///
  /// - Returns: The library.
  /// - Throws: ``NoteStoreError/persistence(_:)`` when the repository can't be read.
  /// - Complexity: O(*n*) in the size of the notes.
  public func wholeLibrary() throws(NoteStoreError) -> NoteLibrary {
    do throws(RepositoryError) {
      return try held({ $0 }, else: repository.load)
    } catch {
      throw .persistence(error)
    }
  }

  /// Every notebook, in the order they were created.
  public var notebooks: [Notebook] {
    answer(\.notebooks, fallback: []) { () throws(RepositoryError) in
      try held(\.notebooks, else: repository.notebooks)
    }
  }

  /// How many notes, and how many pinned, each notebook holds.
  public var summary: LibrarySummary {
    answer(\.summary, fallback: LibrarySummary()) { () throws(RepositoryError) in
      try held(\.summary, else: repository.summary)
    }
  }

  /// How many notes carry each tag.
  public var tagCounts: [String: Int] { summary.tagCounts }

  /// The versions kept of a note, oldest first: each text a save replaced.
  ///
  /// - Parameter id: The note, saved or in the trash.
  /// - Returns: Its versions; none when it was never changed, or they can't be read (see
  ///   ``lastReadError``).
  public func versions(ofNote id: Note.ID) -> [NoteVersion] {
    answer(\.versions[id], fallback: []) { () throws(RepositoryError) in
      try journal.versions(ofNote: id)
    }
  }

  /// The notes in the trash, deleted last first: in no list, search or count.
  public var trashedNotes: [TrashedNote] {
    answer(\.trash, fallback: []) { () throws(RepositoryError) in try journal.trashedNotes() }
  }

  /// The conflicts a sync found and no one resolved yet: each copy beside its original,
  /// oldest first.
  public var conflicts: [NoteConflict] {
    let copies = answer(\.conflictCopies, fallback: []) { () throws(RepositoryError) in
      try journal.conflictCopies()
    }
    // A copy marked as its own original (another tool's doing) is no conflict.
    return copies.filter { $0.conflictOf != $0.id }.map { copy in
      NoteConflict(copy: copy, original: copy.conflictOf.flatMap { note(withID: $0) })
    }
  }

  /// Every tag some note carries, in alphabetical order.
  public var knownTags: [String] { tagCounts.keys.sorted() }

  /// Answers a list's query: the first notes it finds, in its order, pinned notes first, and
  /// how many it finds.
  ///
  /// - Parameter query: The list, its search and filters, its order and how many rows.
  /// - Returns: The page; empty when the repository can't be read (see ``lastReadError``).
  /// - Complexity: What the repository's answer costs: for the SQLite store, about the rows
  ///   shown for a list by date, and the matches for a search or a title order.
  public func page(_ query: NoteListQuery) -> NotePage {
    _ = generation
    if let page = answers.pages[query] { return page }
    do throws(RepositoryError) {
      let page = try held(
        { $0.page(for: query) }, else: { () throws(RepositoryError) in try repository.page(query) })
      answers.keep(page, for: query)
      for note in page.notes { remember(note) }
      return page
    } catch {
      lastReadError = .persistence(error)
      return earlierAnswers.pages[query] ?? NotePage(notes: [], totalCount: 0)
    }
  }

  /// Returns the notes carrying a tag.
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
  public func note(withID id: Note.ID) -> Note? {
    _ = generation
    if let note = seen[id] { return note }
    if answers.missing.contains(id) { return nil }
    do throws(RepositoryError) {
      let found = try held(
        { $0.notes.first { $0.id == id } },
        else: { () throws(RepositoryError) in try repository.note(withID: id) })
      guard let note = found else {
        answers.missing.insert(id)
        return nil
      }
      remember(note)
      return note
    } catch {
      lastReadError = .persistence(error)
      return earlierAnswers.notes[id]
    }
  }

  /// Returns the notes a list of a scope shows, oldest first.
  ///
  /// - Parameter scope: All notes, the notes in no notebook, one notebook's, or a tag's.
  /// - Returns: The notes in the scope.
  public func notes(in scope: NoteScope) -> [Note] {
    notes(in: scope, matching: "")
  }

  /// Returns how many notes a list holds.
  ///
  /// - Parameter scope: The list.
  /// - Returns: The number of notes in it.
  /// - Complexity: O(1) for a notebook's list, the notes in no notebook and All Notes (the
  ///   store keeps counts); what the repository's count costs for a tag's.
  public func noteCount(in scope: NoteScope) -> Int {
    switch scope {
    case .allNotes: summary.total.notes
    case .unfiled: summary.count(in: nil).notes
    case .notebook(let id): summary.count(in: id).notes
    case .tagged: page(NoteListQuery(scope: scope, limit: 0)).totalCount
    }
  }

  /// Returns the notebook with a name: the one named exactly so, else one named so ignoring case
  /// and surrounding spaces.
  ///
  /// The exact name comes first, so a name given back as it was read (the editor's file) finds
  /// its notebook even beside another differing only in case, or when it has spaces at its ends
  /// (as an import or a sync may bring it).
  ///
  /// - Parameter name: The name as typed.
  /// - Returns: The notebook, or `nil`.
  public func notebook(named name: String) -> Notebook? {
    let notebooks = notebooks
    if let exact = notebooks.first(where: { $0.name == name }) { return exact }
    let folded = name.trimmingCharacters(in: .whitespaces).lowercased()
    return notebooks.first { $0.name.lowercased() == folded }
  }

  /// The notebook a name typed as a note's destination stands for: a notebook's name, ignoring
  /// case, or `none` for no notebook.
  ///
  /// - Parameter name: The name as typed.
  /// - Returns: The notebook, or `nil` for `none`.
  /// - Throws: ``NoteStoreError/noNotebookNamed(_:)`` when no notebook has that name.
  public func destination(named name: String) throws(NoteStoreError) -> Notebook? {
    if name.trimmingCharacters(in: .whitespaces).lowercased() == "none" { return nil }
    guard let notebook = notebook(named: name) else { throw .noNotebookNamed(name) }
    return notebook
  }

  /// Returns the notebook with an identifier, if the store holds it.
  ///
  /// - Parameter id: The notebook's identifier.
  /// - Returns: The notebook, or `nil`.
  public func notebook(withID id: Notebook.ID) -> Notebook? {
    notebooks.first { $0.id == id }
  }

  /// How many pages, and how many notes read, the store keeps at most between changes: a long
  /// session of searches with nothing changed keeps what its last screens showed, not all it
  /// ever read.
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

  /// What the repository answered since the last change.
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
    var versions: [Note.ID: [NoteVersion]] = [:]
    var trash: [TrashedNote]?
    var conflictCopies: [Note]?
    var library: NoteLibrary?
    /// Notes asked for by identifier and not saved.
    var missing: Set<Note.ID> = []
    /// The notes read by identifier or in a page before the store last reloaded, kept only as
    /// earlier answers.
    var notes: [Note.ID: Note] = [:]
  }

  /// Reads from the library held for a repository without a change stamp, or asks the
  /// repository.
  private func held<Value>(
    _ read: (NoteLibrary) -> Value, else ask: () throws(RepositoryError) -> Value
  ) throws(RepositoryError) -> Value {
    if let lastLibrary { return read(lastLibrary) }
    return try ask()
  }

  /// An answer the repository gave since the last change, or a new one.
  private func answer<Value>(
    _ kept: WritableKeyPath<Answers, Value?>, fallback: Value,
    _ read: () throws(RepositoryError) -> Value
  ) -> Value {
    _ = generation
    if let value = answers[keyPath: kept] { return value }
    do throws(RepositoryError) {
      let value = try read()
      answers[keyPath: kept] = value
      return value
    } catch {
      lastReadError = .persistence(error)
      return earlierAnswers[keyPath: kept] ?? fallback
    }
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
    guard self.note(withID: note.id) != nil else { return }
    performRecordingError(.deleteNote(note.id))
  }

  /// Pins an unpinned note or unpins a pinned one.
  ///
  /// A failure is reported in ``lastError``.
  ///
  /// - Parameter note: The note to flip. Notes the store doesn't contain are ignored.
  public func togglePin(_ note: Note) {
    guard self.note(withID: note.id) != nil else { return }
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
    guard self.note(withID: note.id) != nil else { return }
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
  /// Costs one check of the repository's change stamp when nothing changed (for a repository
  /// without one, a read of the whole library, compared with the last).
  ///
  /// - Throws: ``NoteStoreError/persistence(_:)`` when the repository cannot be read; the notes
  ///   shown stay as they were.
  public func reload() throws(NoteStoreError) {
    let current = repository.changeStamp
    if let current {
      guard current != stamp else { return }
    } else {
      let library: NoteLibrary
      do { library = try repository.load() } catch { throw .persistence(error) }
      guard library != lastLibrary else { return }
      lastLibrary = library
    }
    do { unreadableNotes = try journal.unreadableNotes() } catch { throw .persistence(error) }
    stamp = current
    // Every observer is told first: one told of a change may read the store before it is made
    // (as Observation's `willSet` does), and is then answered as before.
    generation += 1
    forgetAnswers()
    earlierAnswers.notes = seen
    seen = [:]
    seenOrder = []
  }

  /// Forgets every answer, so the next read asks the repository; they are kept as the earlier
  /// answers, shown again if that read fails.
  private func forgetAnswers() {
    earlierAnswers = answers
    answers = Answers()
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
      try reload(forcing: true)
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

  /// Deletes a note, and returns it as it was when deleted (the fresh version, when another
  /// process had changed it meanwhile).
  ///
  /// - Parameter id: The note.
  /// - Returns: The note deleted.
  /// - Throws: ``NoteStoreError``; nothing was deleted then.
  @discardableResult
  public func deleteNote(withID id: Note.ID) throws(NoteStoreError) -> Note {
    let edit = try commit(Mutation.deleteNote(id))
    guard let removed = edit.removedNotes.first else { throw .noteNotFound(id) }
    return removed
  }

  /// Writes an edit's changes in one transaction, then shows them.
  ///
  /// Observers are told first, while the repository still holds what they were shown (as
  /// Observation's `willSet` tells them before a property changes); a write that then fails
  /// changed nothing, and they draw what they drew.
  private func save(_ edit: StoreEdit, progress: (Int) -> Void = { _ in }) throws(RepositoryError) {
    generation += 1
    try repository.commit(edit.changes, progress: progress)
    forgetAnswers()
    // What this store wrote, applied to what it holds of a repository without a stamp: as the
    // repository applied it, checks and all, so it can't fail here.
    try? lastLibrary?.apply(edit.changes)
    for note in edit.savedNotes { remember(note) }
    for note in edit.removedNotes {
      seen[note.id] = nil
      answers.missing.insert(note.id)
    }
  }

  /// Writes changes a producer hands over one by one, in one transaction, then shows what is
  /// saved: how an import larger than memory is saved (see
  /// ``NoteRepository/commit(streaming:progress:)``).
  ///
  /// - Parameters:
  ///   - changes: Hands each change over; it may run more than once.
  ///   - progress: Told every 10,000 changes how many are written.
  /// - Throws: ``RepositoryError``, the producer's or the repository's; nothing was saved then.
  func saveStreaming(
    _ changes: (_ write: (RepositoryChange) throws(RepositoryError) -> Void)
      throws(RepositoryError) -> Void,
    progress: (Int) -> Void
  ) throws(RepositoryError) {
    generation += 1
    defer {
      // Nothing of it is held: the next read asks the repository.
      forgetAnswers()
      lastLibrary = nil
    }
    try repository.commit(streaming: changes, progress: progress)
  }

  /// Reads what is saved again after a conflict, even from a repository whose stamp can't tell
  /// (two stores on one repository in memory).
  private func reload(forcing: Bool) throws(NoteStoreError) {
    stamp = nil
    lastLibrary = nil
    try reload()
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
