import FieldNotesModel
import FieldNotesServices
import Synchronization

/// A ``FieldNotesServices/NoteRepository`` that keeps everything in memory, with failure
/// injection.
///
/// Use it wherever a test needs persistence without a file: make the next write fail with
/// ``failNextCommit(with:)`` (one write) or ``failCommits(with:)`` (until cleared), and read back
/// exactly what was saved with ``savedLibrary`` and ``commitCount``, or every change in the
/// order it was saved with ``committedChanges`` (the store mutations a test cares about).
public final class InMemoryNoteRepository: NoteRepository, NoteJournal, DraftRepository,
  SearchIndexUpkeep, SyncMarking
{
  private struct State {
    var library: NoteLibrary
    var recovery = NoteRecovery()
    var commitCount = 0
    var committed: [[RepositoryChange]] = []
    var nextCommitError: RepositoryError?
    var commitError: RepositoryError?
    var drafts: [Draft] = []
    var loadError: RepositoryError?
    var syncMark: String? = SyncMark.neverSynced
  }

  private let state: Mutex<State>
  private let stampsChanges: Bool

  /// Creates a repository that already holds a library.
  ///
  /// - Parameters:
  ///   - library: What the repository holds at first; empty by default.
  ///   - stampsChanges: Whether it has a change stamp (its commit count), as the SQLite store
  ///     does, so a store asks it for each answer rather than holding the library whole;
  ///     `false` by default.
  ///   - syncMark: Its sync mark at first (see ``FieldNotesServices/SyncMarking``): that of a
  ///     new store by default; `nil` for a store from before marks.
  public init(
    _ library: NoteLibrary = NoteLibrary(), stampsChanges: Bool = false,
    syncMark: String? = SyncMark.neverSynced
  ) {
    state = Mutex(
      State(
        library: NoteLibrary(notebooks: library.notebooks, notes: library.notes),
        syncMark: syncMark))
    self.stampsChanges = stampsChanges
  }

  /// The store's sync mark: ``FieldNotesServices/SyncMark/neverSynced`` until a sync records
  /// one, as for a new store.
  ///
  /// - Returns: The mark.
  public func syncMark() throws(RepositoryError) -> String? { state.withLock { $0.syncMark } }

  /// Records the store's sync mark.
  ///
  /// - Parameter commit: The commit the store's notes now descend from.
  /// - Throws: Nothing: a repository in memory can always record it.
  public func recordSyncMark(_ commit: String) throws(RepositoryError) {
    state.withLock { $0.syncMark = commit }
  }

  /// The commit count, when the repository stamps its changes; `nil` otherwise.
  public var changeStamp: Int? { stampsChanges ? commitCount : nil }

  /// What is saved right now, exactly as a fresh load would return it.
  public var savedLibrary: NoteLibrary {
    state.withLock { $0.library }
  }

  /// How many commits succeeded.
  public var commitCount: Int { state.withLock { $0.commitCount } }

  /// The changes of each commit that succeeded, in order: what the code under test wrote.
  public var committedChanges: [[RepositoryChange]] { state.withLock { $0.committed } }

  /// Makes the next commit fail with an error, then behave normally again.
  ///
  /// - Parameter error: The error the next commit throws; `.diskFull` by default.
  public func failNextCommit(with error: RepositoryError = .diskFull) {
    state.withLock { $0.nextCommitError = error }
  }

  /// Makes every commit fail with an error until called again with `nil`.
  ///
  /// - Parameter error: The error every commit throws, or `nil` to stop failing.
  public func failCommits(with error: RepositoryError?) {
    state.withLock { $0.commitError = error }
  }

  /// Makes every load fail with an error until called again with `nil`.
  ///
  /// - Parameter error: The error every load throws, or `nil` to stop failing.
  public func failLoads(with error: RepositoryError?) {
    state.withLock { $0.loadError = error }
  }

  /// Returns the saved library, or throws the injected load error.
  ///
  /// - Returns: The saved library.
  /// - Throws: The error set by ``failLoads(with:)``.
  public func load() throws(RepositoryError) -> NoteLibrary {
    let result: Result<NoteLibrary, RepositoryError> = state.withLock { state in
      if let error = state.loadError { return .failure(error) }
      return .success(state.library)
    }
    return try result.get()
  }

  /// `true`: it stands in for a store file, whose drafts outlive the session.
  public var isPersistent: Bool { true }

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
    let failure: RepositoryError? = state.withLock { state in
      if let error = state.nextCommitError ?? state.commitError {
        state.nextCommitError = nil
        return error
      }
      do throws(RepositoryError) {
        try state.library.apply(changes, keeping: &state.recovery)
      } catch {
        return error
      }
      state.commitCount += 1
      state.committed.append(changes)
      return nil
    }
    if let failure { throw failure }
    progress(changes.count)
  }

  /// Keeps a draft, replacing the one its session kept of the same note, and forgets the one
  /// it was taken up from.
  ///
  /// - Parameters:
  ///   - draft: The draft.
  ///   - origin: The kept draft it was taken up from, if any.
  /// - Throws: The error set by ``failNextCommit(with:)`` or ``failCommits(with:)``.
  public func keepDraft(_ draft: Draft, superseding origin: Draft?) throws(RepositoryError) {
    let failure: RepositoryError? = state.withLock { state in
      if let error = state.nextCommitError ?? state.commitError {
        state.nextCommitError = nil
        return error
      }
      state.drafts.removeAll { $0.isKept(as: draft) || origin.map($0.isKept(as:)) == true }
      state.drafts.append(draft)
      return nil
    }
    if let failure { throw failure }
  }

  /// The drafts kept of a note, newest first.
  ///
  /// - Parameter noteID: The note, or `nil` for a new note.
  /// - Returns: The drafts.
  /// - Throws: Nothing: the in-memory drafts are always readable.
  public func keptDrafts(forNote noteID: Note.ID?) throws(RepositoryError) -> [Draft] {
    state.withLock { state in
      state.drafts.filter { $0.noteID == noteID }.sorted { $0.keptAt > $1.keptAt }
    }
  }

  /// The notes some session kept a draft of.
  ///
  /// - Returns: Their identifiers.
  /// - Throws: Nothing: the in-memory drafts are always readable.
  public func noteIDsWithKeptDrafts() throws(RepositoryError) -> Set<Note.ID> {
    state.withLock { Set($0.drafts.compactMap(\.noteID)) }
  }

  /// Forgets a kept draft.
  ///
  /// - Parameter draft: The draft.
  /// - Throws: Nothing: the in-memory drafts are always writable.
  public func discardDraft(_ draft: Draft) throws(RepositoryError) {
    state.withLock { $0.drafts.removeAll { $0.isKept(as: draft) } }
  }

  /// Saves changes computed from the saved library, all under one lock, or none if a failure
  /// was injected.
  ///
  /// - Parameter transform: Returns the changes to save, given what is saved now.
  /// - Throws: The error set by ``failNextCommit(with:)`` or ``failCommits(with:)``.
  public func update(_ transform: (NoteLibrary) -> [RepositoryChange]) throws(RepositoryError) {
    let failure: RepositoryError? = state.withLock { state in
      if let error = state.nextCommitError ?? state.commitError {
        state.nextCommitError = nil
        return error
      }
      let changes = transform(state.library)
      do throws(RepositoryError) {
        try state.library.apply(changes, keeping: &state.recovery)
      } catch {
        return error
      }
      state.commitCount += 1
      state.committed.append(changes)
      return nil
    }
    if let failure { throw failure }
  }

  /// The versions kept of a note, oldest first.
  ///
  /// - Parameter id: The note.
  /// - Returns: Its versions.
  /// - Throws: Nothing: the in-memory versions are always readable.
  public func versions(ofNote id: Note.ID) throws(RepositoryError) -> [NoteVersion] {
    state.withLock { $0.recovery.versions[id] ?? [] }
  }

  /// The notes in the trash, deleted last first.
  ///
  /// - Returns: The trashed notes.
  /// - Throws: Nothing: the in-memory trash is always readable.
  public func trashedNotes() throws(RepositoryError) -> [TrashedNote] {
    state.withLock { $0.recovery.trashedNotes }
  }
}
