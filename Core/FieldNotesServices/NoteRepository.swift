import FieldNotesModel
import FieldNotesQuery
import Foundation

/// Where the notes and notebooks live between launches: the kernel's one repository.
///
/// ``NoteStore`` asks its repository for what each screen shows (a page of a list, a note,
/// the notebooks and the counts) and writes every mutation through it, one commit per
/// mutation; only sync and export read the whole library with ``load()``. What the store keeps
/// beside the notes is asked of other, smaller protocols: the texts a save or a delete replaced
/// (``NoteJournal``), the drafts of notes being written (``DraftRepository``) and the search
/// index's upkeep (``SearchIndexUpkeep``). The SQLite store in `FieldNotesPersistence` is all
/// four; `FieldNotesTesting` has an in-memory one with failure injection, and a test double
/// may be any one of them.
public protocol NoteRepository: Sendable {
  /// Reads every notebook and note.
  ///
  /// - Returns: The whole library, notes oldest first.
  /// - Throws: ``RepositoryError`` when the library cannot be read.
  func load() throws(RepositoryError) -> NoteLibrary

  /// Applies changes atomically, either all of them or none, saying as it goes how many it has
  /// written: how a long import shows its progress.
  ///
  /// - Parameters:
  ///   - changes: The changes making up one mutation.
  ///   - progress: Called now and then with how many changes are written so far (not yet
  ///     committed: the commit is still all or nothing).
  /// - Throws: ``RepositoryError`` when the changes could not be saved; nothing was saved then.
  func commit(_ changes: [RepositoryChange], progress: (Int) -> Void) throws(RepositoryError)

  /// Applies changes atomically, as ``commit(_:progress:)`` does, taking them one by one as
  /// they are made rather than all at once: how an import larger than memory is written.
  ///
  /// Changes planned from what was read (an import's: add this note, skip that one) fit only
  /// what was saved then. Given the ``changeStamp`` read before the plan, the repository checks
  /// it again once no other writer can commit, and saves nothing when another one committed
  /// in between: the planner reads again and plans anew.
  ///
  /// It stops, saving nothing, once the task running it is cancelled, as Ctrl-C cancels a line
  /// during an import: a change handed over after that is refused, and so is the work after
  /// the last one (a search index brought up to date). Only this write stops so; a save through
  /// ``commit(_:progress:)`` is never stopped by a cancelled task.
  ///
  /// - Parameters:
  ///   - changes: Hands each change to the function it is given, in order; it may be called
  ///     more than once (a repository that must write the changes again calls it again), and
  ///     an error it throws saves nothing.
  ///   - stamp: The ``changeStamp`` the changes were planned at, or `nil` to write them
  ///     whatever was committed since (as a repository that can't tell always does).
  ///   - progress: Called now and then with how many changes are written so far.
  /// - Throws: ``RepositoryError/changedMeanwhile`` when the stamp no longer holds,
  ///   ``RepositoryError/stopped`` when the task was cancelled, or the producer's or the
  ///   repository's ``RepositoryError``; nothing was saved then.
  func commit(
    streaming changes: (_ write: (RepositoryChange) throws(RepositoryError) -> Void)
      throws(RepositoryError) -> Void,
    unchangedSince stamp: Int?, progress: (Int) -> Void
  ) throws(RepositoryError)

  /// Reads the library and saves changes computed from it as one transaction, with no other
  /// writer (in this process or another) in between: a read-modify-write, as a sync needs.
  ///
  /// - Parameter transform: Returns the changes to save, given what is saved now.
  /// - Throws: ``RepositoryError``; nothing was saved then.
  func update(_ transform: (NoteLibrary) -> [RepositoryChange]) throws(RepositoryError)

  /// A number that changes whenever what is saved may have changed other than through this
  /// repository's own commits: after another process wrote, or after ``update(_:)``; `nil`
  /// when the repository can't tell, and ``NoteStore/reload()`` then forgets all it answered.
  ///
  /// Reading it holds nothing open: no transaction is left between commands.
  var changeStamp: Int? { get }

  /// Answers a list's query from what is saved now: the first notes it finds, in its order,
  /// and how many it finds.
  ///
  /// The answer is the one ``FieldNotesModel/NoteLibrary/page(for:)`` gives on the saved
  /// notes. The SQLite store answers through its indexes, so a page costs what it shows.
  ///
  /// - Parameter query: The query.
  /// - Returns: The page.
  /// - Throws: ``RepositoryError`` when the notes can't be read.
  func page(_ query: NoteListQuery) throws(RepositoryError) -> NotePage

  /// Reads one saved note.
  ///
  /// - Parameter id: The note's identifier.
  /// - Returns: The note, or `nil` when none is saved with that identifier.
  /// - Throws: ``RepositoryError`` when the note can't be read.
  func note(withID id: Note.ID) throws(RepositoryError) -> Note?

  /// Reads the saved notebooks, in the order they were created.
  ///
  /// - Returns: The notebooks.
  /// - Throws: ``RepositoryError`` when they can't be read.
  func notebooks() throws(RepositoryError) -> [Notebook]

  /// Counts the saved notes by notebook and by tag.
  ///
  /// - Returns: The counts.
  /// - Throws: ``RepositoryError`` when they can't be read.
  func summary() throws(RepositoryError) -> LibrarySummary

  /// Which of some identifiers are those of saved notes, as an import asks before adding.
  ///
  /// - Parameter ids: The identifiers.
  /// - Returns: The ones saved.
  /// - Throws: ``RepositoryError`` when the notes can't be read.
  func savedNoteIDs(among ids: [Note.ID]) throws(RepositoryError) -> Set<Note.ID>
}

/// What the store keeps beside its notes of text that is no note's current text: each text a
/// save replaced (versions), each note deleted (the trash), each copy a sync kept beside a note
/// it couldn't merge, and each row it can't read, left as it is.
///
/// The kernel's journal of replaced text: every commit that replaces or removes text adds to it
/// in the same transaction, so nothing the user wrote is lost. The trash, a note's history and
/// the conflicts each read their part of it through their own feature's client.
public protocol NoteJournal: Sendable {
  /// The versions kept of a note: each text a save replaced, oldest first, numbered from 1.
  ///
  /// - Parameter id: The note, saved or in the trash.
  /// - Returns: Its versions; none for a note never changed, or unknown.
  /// - Throws: ``RepositoryError`` when they can't be read.
  func versions(ofNote id: Note.ID) throws(RepositoryError) -> [NoteVersion]

  /// One version of a note, read alone: what a comparison or a restore of it needs, at a cost
  /// that doesn't grow with the number of versions where the store can rebuild one alone.
  ///
  /// - Parameters:
  ///   - number: The version's number.
  ///   - id: The note.
  /// - Returns: The version; `nil` when the note has none of that number, or it can't be read.
  /// - Throws: ``RepositoryError`` when the store can't be read.
  func version(_ number: Int, ofNote id: Note.ID) throws(RepositoryError) -> NoteVersion?

  /// The notes in the trash, deleted last first.
  ///
  /// - Returns: The trashed notes.
  /// - Throws: ``RepositoryError`` when they can't be read.
  func trashedNotes() throws(RepositoryError) -> [TrashedNote]

  /// The conflict copies a sync kept, each naming the note it conflicts with
  /// (``FieldNotesModel/Note/conflictOf``), oldest first.
  ///
  /// - Returns: The copies.
  /// - Throws: ``RepositoryError`` when they can't be read.
  func conflictCopies() throws(RepositoryError) -> [Note]

  /// The saved notes that can't be read (damaged rows), left as they are.
  ///
  /// - Returns: What is known of each.
  /// - Throws: ``RepositoryError`` when the store can't be read.
  func unreadableNotes() throws(RepositoryError) -> [UnreadableNote]

  /// The files kept with a note (``FieldNotesModel/NoteAttachment``), by name and size, their
  /// bytes left unread: those an import found its text referencing, kept through edits, the
  /// trash and a restore, and removed only when the note is purged.
  ///
  /// - Parameter id: The note, saved or in the trash.
  /// - Returns: Its attachments' names and sizes, by name; none for a note without any, or
  ///   unknown.
  /// - Throws: ``RepositoryError`` when they can't be read.
  func attachments(ofNote id: Note.ID) throws(RepositoryError) -> [NoteAttachment.Entry]

  /// One file kept with a note, bytes and all: read only when they are written out.
  ///
  /// - Parameters:
  ///   - name: The attachment's name, as ``attachments(ofNote:)`` lists it.
  ///   - id: The note, saved or in the trash.
  /// - Returns: The attachment; `nil` when the note keeps none of that name.
  /// - Throws: ``RepositoryError`` when it can't be read.
  func attachment(named name: String, ofNote id: Note.ID) throws(RepositoryError)
    -> NoteAttachment?
}

/// A repository that keeps its notes' identifiers in order, and finds the ones next to any
/// identifier through that order (an index): how ``NoteIDs`` gives a note its short id in a few
/// lookups, however many notes share its first digits.
public protocol NoteIDOrder: Sendable {
  /// The identifiers of the saved notes and of the notes in the trash just before and just
  /// after each of some identifiers, in the order of their digits.
  ///
  /// - Parameter ids: The identifiers (saved, trashed or neither).
  /// - Returns: For each, in the same order, up to four identifiers: the nearest saved one and
  ///   the nearest trashed one below it and above it, itself left out. Rows that can't be
  ///   read as notes are passed over.
  /// - Throws: ``RepositoryError`` when the store can't be read.
  func noteIDs(nextTo ids: [Note.ID]) throws(RepositoryError) -> [[Note.ID]]
}

/// Where the unsaved text of notes being written is kept when FieldNotes has to stop, one
/// draft per note and session, until it is saved or the user lets it go.
public protocol DraftRepository: Sendable {
  /// Whether what is kept outlives this process: `false` for a store kept in memory, which is
  /// gone when FieldNotes ends, so no draft may be promised as kept there.
  var isPersistent: Bool { get }

  /// Keeps the unsaved text of a note being written, replacing the draft the same session kept
  /// of the same note (never another session's), and forgetting the draft it grew from.
  ///
  /// - Parameters:
  ///   - draft: The draft.
  ///   - origin: The kept draft this one was taken up from, if any; it is forgotten in the same
  ///     write, so the text is kept once.
  /// - Throws: ``RepositoryError`` when it could not be kept; nothing changed then.
  func keepDraft(_ draft: Draft, superseding origin: Draft?) throws(RepositoryError)

  /// The drafts kept of a note, by every session, newest first.
  ///
  /// - Parameter noteID: The note, or `nil` for a new note.
  /// - Returns: The drafts; a draft too damaged to read is left out.
  /// - Throws: ``RepositoryError`` when drafts could not be read.
  func keptDrafts(forNote noteID: Note.ID?) throws(RepositoryError) -> [Draft]

  /// The notes some session kept a draft of (not counting new notes').
  ///
  /// - Returns: Their identifiers.
  /// - Throws: ``RepositoryError`` when drafts could not be read.
  func noteIDsWithKeptDrafts() throws(RepositoryError) -> Set<Note.ID>

  /// Forgets a kept draft: the one its session kept of its note.
  ///
  /// - Parameter draft: The draft.
  /// - Throws: ``RepositoryError`` when it could not be removed.
  func discardDraft(_ draft: Draft) throws(RepositoryError)
}

/// The upkeep of a repository's search index: what it found it couldn't trust, and a rebuild.
public protocol SearchIndexUpkeep: Sendable {
  /// The search indexes the repository found it could not trust when it opened the store, and
  /// rebuilt from the notes; empty for a repository with no index.
  var searchIndexRebuilds: [SearchIndexRebuild] { get }

  /// Rebuilds the repository's search index from the saved notes, as `reindex` asks.
  ///
  /// It stops, leaving the index as it was, once the task running it is cancelled (Ctrl-C
  /// during `reindex`).
  ///
  /// - Returns: How many notes the index holds now, or `nil` when the repository keeps none.
  /// - Throws: ``RepositoryError`` when it could not be rebuilt (``RepositoryError/stopped``
  ///   when the task was cancelled); the notes are untouched then, and searches go on reading
  ///   them.
  func rebuildSearchIndex() throws(RepositoryError) -> Int?
}

extension NoteRepository {
  /// Applies changes atomically, either all of them or none, without telling how far it got.
  ///
  /// - Parameter changes: The changes making up one mutation.
  /// - Throws: ``RepositoryError`` when the changes could not be saved; nothing was saved then.
  public func commit(_ changes: [RepositoryChange]) throws(RepositoryError) {
    try commit(changes) { _ in }
  }

  /// Applies changes taken one by one, whatever was committed since they were planned: see
  /// ``commit(streaming:unchangedSince:progress:)``.
  public func commit(
    streaming changes: (_ write: (RepositoryChange) throws(RepositoryError) -> Void)
      throws(RepositoryError) -> Void,
    progress: (Int) -> Void
  ) throws(RepositoryError) {
    try commit(streaming: changes, unchangedSince: nil, progress: progress)
  }

  /// Gathers the changes, then commits them at once: right for a repository in memory, which
  /// holds them all anyway, and has no other writer (its ``changeStamp`` is `nil`, so the
  /// stamp is never stale).
  public func commit(
    streaming changes: (_ write: (RepositoryChange) throws(RepositoryError) -> Void)
      throws(RepositoryError) -> Void,
    unchangedSince stamp: Int?, progress: (Int) -> Void
  ) throws(RepositoryError) {
    try commitGathering(changes, progress: progress)
  }

  /// Gathers changes handed over one by one, then commits them at once, as
  /// ``commit(streaming:unchangedSince:progress:)`` does for a repository in memory; stopped,
  /// saving nothing, once the task running it is cancelled.
  ///
  /// - Parameters:
  ///   - changes: Hands each change over.
  ///   - progress: Told how many changes are written.
  /// - Throws: ``RepositoryError/stopped`` when the task was cancelled, or what the producer or
  ///   ``commit(_:progress:)`` throws; nothing was saved then.
  public func commitGathering(
    _ changes: (_ write: (RepositoryChange) throws(RepositoryError) -> Void)
      throws(RepositoryError) -> Void,
    progress: (Int) -> Void
  ) throws(RepositoryError) {
    var gathered: [RepositoryChange] = []
    try changes { change throws(RepositoryError) in
      guard !Task.isCancelled else { throw .stopped }
      gathered.append(change)
    }
    guard !Task.isCancelled else { throw .stopped }
    try commit(gathered, progress: progress)
  }

  /// Always `nil`: without a way to tell, a reload always forgets what the store answered.
  public var changeStamp: Int? { nil }

  /// Answers from the whole library, loaded: right for a small repository, such as a test's.
  public func page(_ query: NoteListQuery) throws(RepositoryError) -> NotePage {
    try load().page(for: query)
  }

  /// Finds the note in the whole library, loaded.
  public func note(withID id: Note.ID) throws(RepositoryError) -> Note? {
    try load().notes.first { $0.id == id }
  }

  /// The notebooks of the whole library, loaded.
  public func notebooks() throws(RepositoryError) -> [Notebook] { try load().notebooks }

  /// Counts the whole library, loaded.
  public func summary() throws(RepositoryError) -> LibrarySummary { try load().summary }

  /// Looks the identifiers up in the whole library, loaded.
  public func savedNoteIDs(among ids: [Note.ID]) throws(RepositoryError) -> Set<Note.ID> {
    Set(try load().notes.map(\.id)).intersection(ids)
  }
}

extension NoteJournal where Self: NoteRepository {
  /// The unreadable notes of the whole library, loaded.
  public func unreadableNotes() throws(RepositoryError) -> [UnreadableNote] {
    try load().unreadableNotes
  }

  /// The conflict copies of the whole library, loaded.
  public func conflictCopies() throws(RepositoryError) -> [Note] {
    try load().notes.filter { $0.conflictOf != nil }
  }
}

extension SearchIndexUpkeep {
  /// Always empty: a repository with no search index has none to rebuild.
  public var searchIndexRebuilds: [SearchIndexRebuild] { [] }

  /// Always `nil`: a repository with no search index has none to rebuild.
  public func rebuildSearchIndex() throws(RepositoryError) -> Int? { nil }
}

/// One change written to a ``NoteRepository``.
public enum RepositoryChange: Hashable, Sendable {
  /// Inserts the note, or replaces the saved note with the same identifier.
  case saveNote(Note)
  /// Moves the saved note with this identifier to the trash, as deleted at the date given,
  /// keeping its versions; nothing when no such note is saved.
  ///
  /// There is no change that deletes a note outright: a note leaves the store only through the
  /// trash, when it is emptied (``purgeTrashedNote(_:)``).
  case trashNote(Note.ID, at: Date)
  /// Puts a trashed note back among the notes, as given (its notebook may be another, when the
  /// one it was in is gone); fails the whole commit with ``RepositoryError/conflict(_:)``
  /// unless the note is in the trash and not among the notes.
  case restoreTrashedNote(Note)
  /// Deletes a trashed note for good, with its versions, when its trash entry is the one the
  /// user was asked about (deleted at the same date, last changed at the same date); nothing
  /// when it is not in the trash (restored meanwhile, by another process) or was deleted again
  /// since (restored, written in and deleted again: text the question never covered).
  case purgeTrashedNote(TrashedNote)
  /// Inserts the notebook, or replaces the saved notebook with the same identifier.
  case saveNotebook(Notebook)
  /// Removes the notebook with this identifier, if saved.
  case deleteNotebook(Notebook.ID)
  /// Saves nothing, but fails the whole commit with ``RepositoryError/conflict(_:)`` unless the
  /// saved note with this identifier is exactly the one given, or is absent for `nil`: how a
  /// write checks that no other process changed the note since this one read it.
  case expectNote(Note.ID, Note?)
  /// Saves nothing, but fails the whole commit with ``RepositoryError/conflict(_:)`` for the
  /// note given unless the notebook is saved: how a note written into a notebook checks that no
  /// other process deleted it meanwhile.
  case expectNotebook(Notebook.ID, forNote: Note.ID)
  /// Replaces the saved note, which must be exactly the first note given, with the second (the
  /// same note, changed), writing only the fields that differ; fails the whole commit with
  /// ``RepositoryError/conflict(_:)`` when the saved note is not the first, or is gone.
  ///
  /// A pin writes two columns, not the body: the check and the write are one statement.
  case replaceNote(Note, with: Note)
  /// Keeps a file with a note, unless the note keeps one of that name already (the file kept
  /// first stays, so no bytes are written over). It is removed only with the note, when the
  /// note is purged from the trash: an edit, a delete or a restore leaves it.
  case saveAttachment(NoteAttachment, forNote: Note.ID)
}

extension RepositoryChange {
  /// What a store read that a change leaves as it was, so the store keeps it through the change.
  public struct Kept: OptionSet, Sendable {
    /// The bits.
    public let rawValue: Int

    /// Makes a set from its bits.
    ///
    /// - Parameter rawValue: The bits.
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// Every notebook: kept by any change but a notebook's own, such as a pin or an edit.
    public static let notebooks = Kept(rawValue: 1)
    /// Which notes are saved, and so their short ids: kept by a note replaced by itself
    /// changed, and by a check.
    public static let noteIDs = Kept(rawValue: 2)
    /// Everything a change may keep.
    public static let all: Kept = [.notebooks, .noteIDs]
  }

  /// What the change leaves as it was, asked once for each change of a commit.
  public var keeps: Kept {
    switch self {
    case .replaceNote, .expectNote, .expectNotebook, .saveAttachment: .all
    case .saveNote, .trashNote, .restoreTrashedNote, .purgeTrashedNote: .notebooks
    case .saveNotebook, .deleteNotebook: []
    }
  }
}

extension NoteJournal {
  /// One version of a note, found among all of them: for stores that read them all at once.
  ///
  /// - Parameters:
  ///   - number: The version's number.
  ///   - id: The note.
  /// - Returns: The version; `nil` when the note has none of that number.
  /// - Throws: ``RepositoryError`` when the versions can't be read.
  public func version(_ number: Int, ofNote id: Note.ID) throws(RepositoryError) -> NoteVersion? {
    try versions(ofNote: id).first { $0.number == number }
  }
}
