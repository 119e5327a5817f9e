import FieldNotesModel
import FieldNotesServices
import Synchronization

/// A ``FieldNotesServices/NoteRepository`` that keeps everything in memory, with failure
/// injection: the app's ``FieldNotesServices/MemoryNoteRepository``, wrapped so a test can make
/// a write or a read fail and see what was written.
///
/// Use it wherever a test needs persistence without a file: make the next write fail with
/// ``failNextCommit(with:)`` (one write) or ``failCommits(with:)`` (until cleared), and read back
/// exactly what was saved with ``savedLibrary`` and ``commitCount``, or every change in the
/// order it was saved with ``committedChanges`` (the store mutations a test cares about).
public final class InMemoryNoteRepository: NoteRepository, NoteJournal, DraftRepository,
  SearchIndexUpkeep, SyncJournaling
{
  /// What a test injected, and what was written.
  private struct Record {
    var commitCount = 0
    var committed: [[RepositoryChange]] = []
    var nextCommitError: RepositoryError?
    var commitError: RepositoryError?
    var loadError: RepositoryError?
    var syncMark: String? = SyncMark.neverSynced
    /// The sync journal: each write's changed notes and notebooks, by position; a note whose
    /// attachments were kept or purged as `attachmentsOf`.
    var journal: [(position: Int, note: Note.ID?, notebook: Notebook.ID?)] = []
    var attachmentJournal: [(position: Int, attachmentsOf: Note.ID)] = []
    var journalPosition = 0
    var journalStart: String?
    var loadCount = 0
    var journaledReads = 0
    var attachmentReads = 0
    var streamingHook: (@Sendable (Int) -> Void)?

    /// The injected failure of the next write, forgotten if it was for one write only.
    mutating func takeCommitError() -> RepositoryError? {
      defer { nextCommitError = nil }
      return nextCommitError ?? commitError
    }
  }

  /// The notes, their journal and the drafts, as the app keeps them in memory.
  private let saved: MemoryNoteRepository
  /// Held across each write, so the injected failure and the count go with the write.
  private let record: Mutex<Record>
  private let stampsChanges: Bool

  /// Creates a repository that already holds a library.
  ///
  /// - Parameters:
  ///   - library: What the repository holds at first; empty by default.
  ///   - stampsChanges: Whether it has a change stamp (its commit count), as the SQLite store
  ///     does, so a store's ``FieldNotesServices/NoteStore/reload()`` forgets its answers only
  ///     after a write; `true` by default. Without one (`false`), as when SQLite can't read its
  ///     stamp, the store forgets them at every reload.
  ///   - syncMark: Its sync mark at first (see ``FieldNotesServices/SyncMarking``): that of a
  ///     new store by default; `nil` for a store from before marks.
  public init(
    _ library: NoteLibrary = NoteLibrary(), stampsChanges: Bool = true,
    syncMark: String? = SyncMark.neverSynced
  ) {
    saved = MemoryNoteRepository(library)
    record = Mutex(Record(syncMark: syncMark))
    self.stampsChanges = stampsChanges
  }

  /// The store's sync mark: ``FieldNotesServices/SyncMark/neverSynced`` until a sync records
  /// one, as for a new store.
  ///
  /// - Returns: The mark.
  public func syncMark() throws(RepositoryError) -> String? { record.withLock { $0.syncMark } }

  /// Records the store's sync mark, leaving the journal no longer known to start at it.
  ///
  /// - Parameter commit: The commit the store's notes now descend from.
  /// - Throws: Nothing: a repository in memory can always record it.
  public func recordSyncMark(_ commit: String) throws(RepositoryError) {
    record.withLock {
      $0.syncMark = commit
      $0.journalStart = nil
    }
  }

  /// The sync journal: the notes and notebooks each write since the last mark changed, found
  /// by comparing the library before and after it.
  ///
  /// - Returns: What it holds.
  /// - Throws: Nothing: what is in memory is always readable.
  public func syncChanges() throws(RepositoryError) -> SyncChanges {
    record.withLock { record in
      var changes = SyncChanges(
        start: record.journalStart, noteIDs: Set(record.journal.compactMap(\.note)),
        notebookIDs: Set(record.journal.compactMap(\.notebook)),
        position: record.journalPosition)
      changes.attachmentNoteIDs = Set(record.attachmentJournal.map(\.attachmentsOf))
      return changes
    }
  }

  /// Reads the notes and notebooks a journal names, counted in ``journaledReads``.
  ///
  /// - Parameters:
  ///   - noteIDs: The notes.
  ///   - notebookIDs: The notebooks.
  /// - Returns: Those saved, and those of the unreadable notes.
  /// - Throws: The error set by ``failLoads(with:)``.
  public func journaledItems(noteIDs: Set<Note.ID>, notebookIDs: Set<Notebook.ID>)
    throws(RepositoryError) -> JournaledItems
  {
    if let error = record.withLock({ $0.loadError }) { throw error }
    let library = try saved.load()
    record.withLock { $0.journaledReads += noteIDs.count + notebookIDs.count }
    return JournaledItems(
      notes: library.notes.filter { noteIDs.contains($0.id) },
      unreadableNoteIDs: Set(library.unreadableNotes.compactMap(\.id)).intersection(noteIDs),
      notebooks: library.notebooks.filter { notebookIDs.contains($0.id) })
  }

  /// Saves changes computed from some notes and notebooks, all under one lock, or none if a
  /// failure was injected; what it reads is counted in ``journaledReads``.
  ///
  /// - Parameters:
  ///   - noteIDs: The notes read.
  ///   - notebookIDs: The notebooks read.
  ///   - transform: Returns the changes to save, given those notes and notebooks.
  /// - Throws: The error set by ``failNextCommit(with:)`` or ``failCommits(with:)``.
  public func update(
    noteIDs: Set<Note.ID>, notebookIDs: Set<Notebook.ID>,
    _ transform: (JournaledItems) -> [RepositoryChange]
  ) throws(RepositoryError) {
    try write { () throws(RepositoryError) in
      var applied: [RepositoryChange] = []
      try saved.update { library in
        applied = transform(
          JournaledItems(
            notes: library.notes.filter { noteIDs.contains($0.id) },
            unreadableNoteIDs: Set(library.unreadableNotes.compactMap(\.id)).intersection(noteIDs),
            notebooks: library.notebooks.filter { notebookIDs.contains($0.id) }))
        return applied
      }
      return applied
    }
    record.withLock { $0.journaledReads += noteIDs.count + notebookIDs.count }
  }

  /// Reads the saved notes a page at a time, in the order they are saved (not counted in
  /// ``loadCount``).
  ///
  /// - Parameters:
  ///   - position: How many notes the pages before read, or `nil` for the first page.
  ///   - limit: The most notes a page reads.
  /// - Returns: The page's notes, and where it ended: `nil` after the last page.
  /// - Throws: The error set by ``failLoads(with:)``.
  public func notes(after position: Int?, limit: Int) throws(RepositoryError) -> (
    items: JournaledItems, next: Int?
  ) {
    if let error = record.withLock({ $0.loadError }) { throw error }
    let library = try saved.load()
    let start = min(position ?? 0, library.notes.count)
    let end = min(start + limit, library.notes.count)
    let unreadable = start == 0 ? Set(library.unreadableNotes.compactMap(\.id)) : []
    let items = JournaledItems(
      notes: Array(library.notes[start..<end]), unreadableNoteIDs: unreadable, notebooks: [])
    return (items, end < library.notes.count ? end : nil)
  }

  /// The saved notebooks, read without loading the notes (not counted in ``loadCount``).
  ///
  /// - Returns: The notebooks.
  /// - Throws: The error set by ``failLoads(with:)``.
  public func notebooks() throws(RepositoryError) -> [Notebook] {
    if let error = record.withLock({ $0.loadError }) { throw error }
    return try saved.load().notebooks
  }

  /// Records the store's sync mark and empties the journal up to a position.
  ///
  /// - Parameters:
  ///   - commit: The commit the store's notes now descend from.
  ///   - position: The journal's last entry the commit holds.
  /// - Throws: Nothing: a repository in memory can always record it.
  public func recordSyncMark(_ commit: String, journalThrough position: Int)
    throws(RepositoryError)
  {
    record.withLock {
      $0.syncMark = commit
      $0.journal.removeAll { $0.position <= position }
      $0.attachmentJournal.removeAll { $0.position <= position }
      $0.journalStart = commit
    }
  }

  /// The names of the attachments of every note held (trashed notes' left out).
  ///
  /// - Returns: Each note's attachments' names, for the notes that have any.
  /// - Throws: The error set by ``failLoads(with:)``.
  public func attachmentNames() throws(RepositoryError) -> [Note.ID: [String]] {
    if let error = record.withLock({ $0.loadError }) { throw error }
    var names: [Note.ID: [String]] = [:]
    for note in savedLibrary.notes {
      let entries = try saved.attachments(ofNote: note.id)
      if !entries.isEmpty { names[note.id] = entries.map(\.name) }
    }
    return names
  }

  /// How many times the whole library was read: loaded, or read to compute an
  /// ``update(_:)``.
  public var loadCount: Int { record.withLock { $0.loadCount } }

  /// How many attachments were read, bytes and all, through ``attachment(named:ofNote:)``.
  public var attachmentReads: Int { record.withLock { $0.attachmentReads } }

  /// How many notes and notebooks were read through ``journaledItems(noteIDs:notebookIDs:)``.
  public var journaledReads: Int { record.withLock { $0.journaledReads } }

  /// The commit count, when the repository stamps its changes; `nil` otherwise.
  public var changeStamp: Int? { stampsChanges ? commitCount : nil }

  /// `true`: it stands in for a store file, whose drafts outlive the session.
  public var isPersistent: Bool { true }

  /// What is saved right now, exactly as a fresh load would return it.
  public var savedLibrary: NoteLibrary { (try? saved.load()) ?? NoteLibrary() }

  /// How many commits succeeded.
  public var commitCount: Int { record.withLock { $0.commitCount } }

  /// The changes of each commit that succeeded, in order: what the code under test wrote.
  public var committedChanges: [[RepositoryChange]] { record.withLock { $0.committed } }

  /// Makes the next commit fail with an error, then behave normally again.
  ///
  /// - Parameter error: The error the next commit throws; `.diskFull` by default.
  public func failNextCommit(with error: RepositoryError = .diskFull) {
    record.withLock { $0.nextCommitError = error }
  }

  /// Runs a function after each change a streaming commit (an import) is handed, with how many
  /// it has been handed so far: how a test makes something happen in the middle of an import,
  /// such as Ctrl-C.
  ///
  /// - Parameter hook: The function, or `nil` for none.
  public func whileStreaming(_ hook: (@Sendable (_ handedOver: Int) -> Void)?) {
    record.withLock { $0.streamingHook = hook }
  }

  /// Gathers the changes and commits them at once, as a repository in memory does, running the
  /// hook given to ``whileStreaming(_:)`` after each.
  public func commit(
    streaming changes: (_ write: (RepositoryChange) throws(RepositoryError) -> Void)
      throws(RepositoryError) -> Void,
    unchangedSince stamp: Int?, progress: (Int) -> Void
  ) throws(RepositoryError) {
    let hook = record.withLock { $0.streamingHook }
    var handedOver = 0
    try commitGathering(
      { write throws(RepositoryError) in
        try withoutActuallyEscaping(write) { write throws(RepositoryError) in
          try changes { change throws(RepositoryError) in
            try write(change)
            handedOver += 1
            hook?(handedOver)
          }
        }
      }, progress: progress)
  }

  /// Makes every commit fail with an error until called again with `nil`.
  ///
  /// - Parameter error: The error every commit throws, or `nil` to stop failing.
  public func failCommits(with error: RepositoryError?) {
    record.withLock { $0.commitError = error }
  }

  /// Makes every load fail with an error until called again with `nil`.
  ///
  /// - Parameter error: The error every load throws, or `nil` to stop failing.
  public func failLoads(with error: RepositoryError?) {
    record.withLock { $0.loadError = error }
  }

  /// Returns the saved library, or throws the injected load error.
  ///
  /// - Returns: The saved library.
  /// - Throws: The error set by ``failLoads(with:)``.
  public func load() throws(RepositoryError) -> NoteLibrary {
    let error = record.withLock { record in
      record.loadCount += 1
      return record.loadError
    }
    if let error { throw error }
    return try saved.load()
  }

  /// Saves every change, or none if a failure was injected.
  ///
  /// - Parameters:
  ///   - changes: The changes of one mutation.
  ///   - progress: Told once, when every change is written.
  /// - Throws: The error set by ``failNextCommit(with:)`` or ``failCommits(with:)``, or
  ///   ``FieldNotesServices/RepositoryError/conflict(_:)`` when an expectation fails.
  public func commit(_ changes: [RepositoryChange], progress: (Int) -> Void)
    throws(RepositoryError)
  {
    try write { () throws(RepositoryError) in
      try saved.commit(changes)
      return changes
    }
    progress(changes.count)
  }

  /// Saves changes computed from the saved library, all under one lock, or none if a failure
  /// was injected; counted in ``loadCount``, as it reads the whole library.
  ///
  /// - Parameter transform: Returns the changes to save, given what is saved now.
  /// - Throws: The error set by ``failNextCommit(with:)`` or ``failCommits(with:)``.
  public func update(_ transform: (NoteLibrary) -> [RepositoryChange]) throws(RepositoryError) {
    record.withLock { $0.loadCount += 1 }
    try write { () throws(RepositoryError) in
      var applied: [RepositoryChange] = []
      try saved.update { library in
        applied = transform(library)
        return applied
      }
      return applied
    }
  }

  /// Runs a write unless a failure was injected, and records it when it succeeds.
  private func write(_ body: () throws(RepositoryError) -> [RepositoryChange])
    throws(RepositoryError)
  {
    try record.withLock { record throws(RepositoryError) in
      if let error = record.takeCommitError() { throw error }
      let before = savedLibrary
      let changes = try body()
      record.commitCount += 1
      record.committed.append(changes)
      Self.journal(from: before, to: savedLibrary, in: &record)
      Self.journalAttachments(of: changes, in: &record)
    }
  }

  /// Journals the notes whose attachments a write kept or purged, as the SQLite store's
  /// triggers on its attachments do.
  private static func journalAttachments(of changes: [RepositoryChange], in record: inout Record) {
    func append(_ id: Note.ID) {
      record.journalPosition += 1
      record.attachmentJournal.append((record.journalPosition, id))
    }
    for change in changes {
      switch change {
      case .saveAttachment(_, let id): append(id)
      case .purgeTrashedNote(let trashed): append(trashed.id)
      default: continue
      }
    }
  }

  /// Journals the notes and notebooks that differ between two libraries, as the SQLite
  /// store's triggers journal every row written.
  private static func journal(
    from before: NoteLibrary, to after: NoteLibrary, in record: inout Record
  ) {
    let old = Dictionary(before.notes.map { ($0.id, $0) }) { first, _ in first }
    let new = Dictionary(after.notes.map { ($0.id, $0) }) { first, _ in first }
    let unreadable = Set(before.unreadableNotes.compactMap(\.id))
      .symmetricDifference(after.unreadableNotes.compactMap(\.id))
    for id in Set(old.keys).union(new.keys).union(unreadable).sorted(by: {
      $0.uuidString < $1.uuidString
    })
    where old[id] != new[id] || unreadable.contains(id) {
      record.journalPosition += 1
      record.journal.append((record.journalPosition, id, nil))
    }
    let oldBooks = Dictionary(before.notebooks.map { ($0.id, $0) }) { first, _ in first }
    let newBooks = Dictionary(after.notebooks.map { ($0.id, $0) }) { first, _ in first }
    for id in Set(oldBooks.keys).union(newBooks.keys).sorted(by: { $0.uuidString < $1.uuidString })
    where oldBooks[id] != newBooks[id] {
      record.journalPosition += 1
      record.journal.append((record.journalPosition, nil, id))
    }
  }

  /// Keeps a draft, replacing the one its session kept of the same note, and forgets the one
  /// it was taken up from.
  ///
  /// - Parameters:
  ///   - draft: The draft.
  ///   - origin: The kept draft it was taken up from, if any.
  /// - Throws: The error set by ``failNextCommit(with:)`` or ``failCommits(with:)``.
  public func keepDraft(_ draft: Draft, superseding origin: Draft?) throws(RepositoryError) {
    try record.withLock { record throws(RepositoryError) in
      if let error = record.takeCommitError() { throw error }
      try saved.keepDraft(draft, superseding: origin)
    }
  }

  /// The drafts kept of a note, newest first.
  ///
  /// - Parameter noteID: The note, or `nil` for a new note.
  /// - Returns: The drafts.
  /// - Throws: Nothing: the in-memory drafts are always readable.
  public func keptDrafts(forNote noteID: Note.ID?) throws(RepositoryError) -> [Draft] {
    try saved.keptDrafts(forNote: noteID)
  }

  /// The notes some session kept a draft of.
  ///
  /// - Returns: Their identifiers.
  /// - Throws: Nothing: the in-memory drafts are always readable.
  public func noteIDsWithKeptDrafts() throws(RepositoryError) -> Set<Note.ID> {
    try saved.noteIDsWithKeptDrafts()
  }

  /// Forgets a kept draft.
  ///
  /// - Parameter draft: The draft.
  /// - Throws: Nothing: the in-memory drafts are always writable.
  public func discardDraft(_ draft: Draft) throws(RepositoryError) { try saved.discardDraft(draft) }

  /// The versions kept of a note, oldest first.
  ///
  /// - Parameter id: The note.
  /// - Returns: Its versions.
  /// - Throws: Nothing: the in-memory versions are always readable.
  public func versions(ofNote id: Note.ID) throws(RepositoryError) -> [NoteVersion] {
    try saved.versions(ofNote: id)
  }

  /// The notes in the trash, deleted last first.
  ///
  /// - Returns: The trashed notes.
  /// - Throws: Nothing: the in-memory trash is always readable.
  public func trashedNotes() throws(RepositoryError) -> [TrashedNote] { try saved.trashedNotes() }

  /// The names and sizes of the files kept with a note, by name.
  ///
  /// - Parameter id: The note.
  /// - Returns: Its attachments' names and sizes.
  /// - Throws: Nothing: the in-memory attachments are always readable.
  public func attachments(ofNote id: Note.ID) throws(RepositoryError) -> [NoteAttachment.Entry] {
    try saved.attachments(ofNote: id)
  }

  /// One file kept with a note.
  ///
  /// - Parameters:
  ///   - name: The attachment's name.
  ///   - id: The note.
  /// - Returns: The attachment; `nil` when the note keeps none of that name.
  /// - Throws: Nothing: the in-memory attachments are always readable.
  public func attachment(named name: String, ofNote id: Note.ID) throws(RepositoryError)
    -> NoteAttachment?
  {
    record.withLock { $0.attachmentReads += 1 }
    return try saved.attachment(named: name, ofNote: id)
  }
}
