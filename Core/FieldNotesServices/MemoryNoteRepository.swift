import FieldNotesModel
import Synchronization

/// The notes, their journal and the drafts kept in memory, gone when the process ends: where a
/// store made with ``NoteStore/init(notes:notebooks:syncer:now:)`` keeps them, and what
/// `FieldNotesTesting`'s `InMemoryNoteRepository` wraps with failure injection.
///
/// It answers every query with ``FieldNotesModel/NoteLibrary/page(for:)`` on plain arrays, and
/// keeps every replaced or removed text by ``NoteRecovery``, in the same write, as the SQLite
/// store does by its triggers.
public final class MemoryNoteRepository: NoteRepository, NoteJournal, DraftRepository,
  SearchIndexUpkeep
{
  private struct State {
    var library: NoteLibrary
    var recovery = NoteRecovery()
    var drafts: [Draft] = []
  }

  private let state: Mutex<State>

  /// Makes a repository holding a library.
  ///
  /// - Parameter library: What it holds at first; empty by default.
  public init(_ library: NoteLibrary = NoteLibrary()) {
    state = Mutex(State(library: NoteLibrary(notebooks: library.notebooks, notes: library.notes)))
  }

  /// Never changes: only its own store writes here.
  public var changeStamp: Int? { 0 }

  /// `false`: the notes are gone when the process ends.
  public var isPersistent: Bool { false }

  /// What it holds now.
  ///
  /// - Returns: The library.
  /// - Throws: Nothing: what is in memory is always readable.
  public func load() throws(RepositoryError) -> NoteLibrary { state.withLock { $0.library } }

  /// Applies every change, keeping what each replaces or removes, or none.
  ///
  /// - Parameters:
  ///   - changes: The changes of one mutation.
  ///   - progress: Told once, when every change is written.
  /// - Throws: ``RepositoryError/conflict(_:)`` when an expectation fails; nothing changed then.
  public func commit(_ changes: [RepositoryChange], progress: (Int) -> Void)
    throws(RepositoryError)
  {
    try state.withLock { state throws(RepositoryError) in
      try state.library.apply(changes, keeping: &state.recovery)
    }
    progress(changes.count)
  }

  /// Applies changes computed from what it holds, under one lock.
  ///
  /// - Parameter transform: Returns the changes, given what is held now.
  /// - Throws: ``RepositoryError/conflict(_:)`` when an expectation fails; nothing changed then.
  public func update(_ transform: (NoteLibrary) -> [RepositoryChange]) throws(RepositoryError) {
    try state.withLock { state throws(RepositoryError) in
      try state.library.apply(transform(state.library), keeping: &state.recovery)
    }
  }

  /// The versions kept of a note, oldest first.
  ///
  /// - Parameter id: The note.
  /// - Returns: Its versions.
  /// - Throws: Nothing: what is in memory is always readable.
  public func versions(ofNote id: Note.ID) throws(RepositoryError) -> [NoteVersion] {
    state.withLock { $0.recovery.versions[id] ?? [] }
  }

  /// The notes in the trash, deleted last first.
  ///
  /// - Returns: The trashed notes.
  /// - Throws: Nothing: what is in memory is always readable.
  public func trashedNotes() throws(RepositoryError) -> [TrashedNote] {
    state.withLock { $0.recovery.trashedNotes }
  }

  /// The names and sizes of the files kept with a note, by name.
  ///
  /// - Parameter id: The note.
  /// - Returns: Its attachments' names and sizes.
  /// - Throws: Nothing: what is in memory is always readable.
  public func attachments(ofNote id: Note.ID) throws(RepositoryError) -> [NoteAttachment.Entry] {
    state.withLock { ($0.recovery.attachments[id] ?? []).map(\.entry) }
  }

  /// One file kept with a note.
  ///
  /// - Parameters:
  ///   - name: The attachment's name.
  ///   - id: The note.
  /// - Returns: The attachment; `nil` when the note keeps none of that name.
  /// - Throws: Nothing: what is in memory is always readable.
  public func attachment(named name: String, ofNote id: Note.ID) throws(RepositoryError)
    -> NoteAttachment?
  {
    state.withLock { $0.recovery.attachments[id]?.first { $0.name == name } }
  }

  /// Keeps a draft, replacing the one its session kept of the same note, and forgets the one
  /// it was taken up from.
  ///
  /// - Parameters:
  ///   - draft: The draft.
  ///   - origin: The kept draft it was taken up from, if any.
  /// - Throws: Nothing: memory is always writable.
  public func keepDraft(_ draft: Draft, superseding origin: Draft?) throws(RepositoryError) {
    state.withLock { state in
      state.drafts.removeAll { $0.isKept(as: draft) || origin.map($0.isKept(as:)) == true }
      state.drafts.append(draft)
    }
  }

  /// The drafts kept of a note, newest first.
  ///
  /// - Parameter noteID: The note, or `nil` for a new note.
  /// - Returns: The drafts.
  /// - Throws: Nothing: what is in memory is always readable.
  public func keptDrafts(forNote noteID: Note.ID?) throws(RepositoryError) -> [Draft] {
    state.withLock { state in
      state.drafts.filter { $0.noteID == noteID }.sorted { $0.keptAt > $1.keptAt }
    }
  }

  /// The notes some session kept a draft of.
  ///
  /// - Returns: Their identifiers.
  /// - Throws: Nothing: what is in memory is always readable.
  public func noteIDsWithKeptDrafts() throws(RepositoryError) -> Set<Note.ID> {
    state.withLock { Set($0.drafts.compactMap(\.noteID)) }
  }

  /// Forgets a kept draft.
  ///
  /// - Parameter draft: The draft.
  /// - Throws: Nothing: memory is always writable.
  public func discardDraft(_ draft: Draft) throws(RepositoryError) {
    state.withLock { $0.drafts.removeAll { $0.isKept(as: draft) } }
  }
}
