import FieldNotesModel
import Synchronization

/// Where a store made with ``NoteStore/init(notes:notebooks:syncer:now:)`` keeps its notes: a
/// library in memory, answering every query with ``FieldNotesModel/NoteLibrary/page(for:)``
/// on plain arrays, gone when the process ends.
final class MemoryNoteRepository: NoteRepository, NoteJournal, DraftRepository,
  SearchIndexUpkeep
{
  private struct State {
    var library: NoteLibrary
    var recovery = NoteRecovery()
    var drafts: [Draft] = []
  }

  private let state: Mutex<State>

  init(_ library: NoteLibrary) {
    state = Mutex(State(library: library))
  }

  /// Never changes: only its own store writes here.
  var changeStamp: Int? { 0 }

  /// `false`: the notes are gone when the process ends.
  var isPersistent: Bool { false }

  func load() throws(RepositoryError) -> NoteLibrary { state.withLock { $0.library } }

  func commit(_ changes: [RepositoryChange], progress: (Int) -> Void) throws(RepositoryError) {
    try state.withLock { state throws(RepositoryError) in
      try state.library.apply(changes, keeping: &state.recovery)
    }
    progress(changes.count)
  }

  func update(_ transform: (NoteLibrary) -> [RepositoryChange]) throws(RepositoryError) {
    try state.withLock { state throws(RepositoryError) in
      try state.library.apply(transform(state.library), keeping: &state.recovery)
    }
  }

  func versions(ofNote id: Note.ID) throws(RepositoryError) -> [NoteVersion] {
    state.withLock { $0.recovery.versions[id] ?? [] }
  }

  func trashedNotes() throws(RepositoryError) -> [TrashedNote] {
    state.withLock { $0.recovery.trashedNotes }
  }

  func keepDraft(_ draft: Draft, superseding origin: Draft?) throws(RepositoryError) {
    state.withLock { state in
      state.drafts.removeAll { $0.isKept(as: draft) || origin.map($0.isKept(as:)) == true }
      state.drafts.append(draft)
    }
  }

  func keptDrafts(forNote noteID: Note.ID?) throws(RepositoryError) -> [Draft] {
    state.withLock { state in state.drafts.filter { $0.noteID == noteID } }
  }

  func noteIDsWithKeptDrafts() throws(RepositoryError) -> Set<Note.ID> {
    state.withLock { Set($0.drafts.compactMap(\.noteID)) }
  }

  func discardDraft(_ draft: Draft) throws(RepositoryError) {
    state.withLock { $0.drafts.removeAll { $0.isKept(as: draft) } }
  }
}
