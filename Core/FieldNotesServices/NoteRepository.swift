import FieldNotesModel

/// Where the notes live between launches.
///
/// ``NoteStore`` loads a ``FieldNotesModel/NoteLibrary`` from its repository once at start and
/// then writes every mutation through it, one ``commit(_:)`` per mutation. The SQLite store in
/// `FieldNotesPersistence` is the real implementation; `FieldNotesTesting` has an in-memory one
/// with failure injection.
public protocol NoteRepository: Sendable {
  /// Reads every notebook and note.
  ///
  /// - Returns: The whole library, notes oldest first.
  /// - Throws: ``RepositoryError`` when the library cannot be read.
  func load() throws(RepositoryError) -> NoteLibrary

  /// Applies changes atomically: either all of them are saved, or none.
  ///
  /// - Parameter changes: The changes making up one mutation.
  /// - Throws: ``RepositoryError`` when the changes could not be saved; nothing was saved then.
  func commit(_ changes: [RepositoryChange]) throws(RepositoryError)

  /// Reads the library and saves changes computed from it as one transaction, with no other
  /// writer (in this process or another) in between: a read-modify-write, as a sync needs.
  ///
  /// - Parameter transform: Returns the changes to save, given what is saved now.
  /// - Throws: ``RepositoryError``; nothing was saved then.
  func update(_ transform: (NoteLibrary) -> [RepositoryChange]) throws(RepositoryError)

  /// Whether what is saved may differ from what the last ``load()`` returned together with the
  /// changes committed since: `true` after another process wrote, or after ``update(_:)``.
  ///
  /// ``NoteStore/reload()`` skips reading a large store again when this is `false`. A repository
  /// that can't tell answers `true`, which is always safe.
  var mayHaveUnloadedChanges: Bool { get }

  /// Whether what is saved outlives this process: `false` for a store kept in memory, which is
  /// gone when FieldNotes ends, so nothing may be promised as kept there.
  var isPersistent: Bool { get }

  /// The keys of the saved notes whose searchable text contains a folded query, found by the
  /// repository's own search index; `nil` when it keeps none, and the store then scans.
  ///
  /// A key is what the repository gives the deferred body of each note it loads (for SQLite,
  /// the note's row), so the store can tell which of its notes a key is without asking.
  ///
  /// - Parameter query: A query folded by `SearchFolding.fold(_:)`; not empty.
  /// - Returns: The keys, in no particular order, or `nil`.
  /// - Throws: ``RepositoryError`` when the index can't be read.
  func noteKeys(matchingFolded query: [UInt8]) throws(RepositoryError) -> [Int64]?

  /// The identifiers of the saved notes with some keys (see ``noteKeys(matchingFolded:)``).
  ///
  /// - Parameter keys: The keys.
  /// - Returns: The identifiers of the notes found, in no particular order.
  /// - Throws: ``RepositoryError`` when the notes can't be read.
  func noteIDs(forKeys keys: [Int64]) throws(RepositoryError) -> [Note.ID]

  /// The search indexes the repository found it could not trust when it opened the store, and
  /// rebuilt from the notes; empty for a repository with no index.
  var searchIndexRebuilds: [SearchIndexRebuild] { get }

  /// Rebuilds the repository's search index from the saved notes, as `reindex` asks.
  ///
  /// - Returns: How many notes the index holds now, or `nil` when the repository keeps none.
  /// - Throws: ``RepositoryError`` when it could not be rebuilt; the notes are untouched then,
  ///   and searches go on reading them.
  func rebuildSearchIndex() throws(RepositoryError) -> Int?

  /// Stops trusting the search index, after a search found a note in its answer that doesn't
  /// hold the text: until it is rebuilt (when the store is next opened, or by
  /// ``rebuildSearchIndex()``), ``noteKeys(matchingFolded:)`` reads the notes instead.
  ///
  /// Only called while ``mayHaveUnloadedChanges`` is `false`, when every note the caller holds
  /// is the saved one, so a note without the text proves the index wrong.
  func invalidateSearchIndex()

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

extension NoteRepository {
  /// Always `true`: without a way to tell, a reload always reads.
  public var mayHaveUnloadedChanges: Bool { true }

  /// `true`: a repository saves somewhere that outlives the process unless it says otherwise.
  public var isPersistent: Bool { true }

  /// Always `nil`: a repository with no search index leaves searching to the store.
  public func noteKeys(matchingFolded query: [UInt8]) throws(RepositoryError) -> [Int64]? { nil }

  /// Always empty: a repository with no search index has no keys to look up.
  public func noteIDs(forKeys keys: [Int64]) throws(RepositoryError) -> [Note.ID] { [] }

  /// Always empty: a repository with no search index has none to rebuild.
  public var searchIndexRebuilds: [SearchIndexRebuild] { [] }

  /// Always `nil`: a repository with no search index has none to rebuild.
  public func rebuildSearchIndex() throws(RepositoryError) -> Int? { nil }

  /// Does nothing: a repository with no search index has none to distrust.
  public func invalidateSearchIndex() {}
}

/// One change written to a ``NoteRepository``.
public enum RepositoryChange: Hashable, Sendable {
  /// Inserts the note, or replaces the saved note with the same identifier.
  case saveNote(Note)
  /// Removes the note with this identifier, if saved.
  case deleteNote(Note.ID)
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
}
