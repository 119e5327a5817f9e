import FieldNotesModel
import FieldNotesServices
import FieldNotesTesting
import Testing

/// The session's deleted notes: what `undo` restores, from whichever screen deleted it.
@MainActor
@Suite struct DeletionHistoryTests {
  let repository = InMemoryNoteRepository(SampleData.library)

  @Test func restoresTheLastDeletionFirstAndExactly() throws {
    let store = try NoteStore(repository: repository, syncer: NoOpNoteSyncer(), now: .fixed())
    let history = DeletionHistory()
    try history.delete(SampleData.moss.id, from: store)
    try history.delete(SampleData.heron.id, from: store)

    #expect(try history.restoreLast(to: store) == SampleData.heron)
    #expect(try history.restoreLast(to: store) == SampleData.moss)
    #expect(try history.restoreLast(to: store) == nil)
    #expect(store.notes.count == SampleData.library.notes.count)
    #expect(repository.savedLibrary.notes.contains(SampleData.moss))
  }

  @Test func aNoteWhoseNotebookWentComesBackInNoNotebook() throws {
    let store = try NoteStore(repository: repository, syncer: NoOpNoteSyncer(), now: .fixed())
    let history = DeletionHistory()
    try history.delete(SampleData.moss.id, from: store)
    try store.deleteNotebook(SampleData.plants.id, deletingNotes: false)

    let restored = try history.restoreLast(to: store)

    #expect(restored?.notebookID == nil)
    #expect(try store.note(withID: SampleData.moss.id)?.title == SampleData.moss.title)
  }

  @Test func aFailedRestoreCanBeTriedAgain() throws {
    let store = try NoteStore(repository: repository, syncer: NoOpNoteSyncer(), now: .fixed())
    let history = DeletionHistory()
    try history.delete(SampleData.moss.id, from: store)
    repository.failNextCommit(with: .diskFull)

    #expect(throws: NoteStoreError.persistence(.diskFull)) {
      try history.restoreLast(to: store)
    }
    #expect(history.lastDeleted == SampleData.moss)
    #expect(try history.restoreLast(to: store) == SampleData.moss)
  }

  @Test func aFailedDeletionRemembersNothing() throws {
    let store = try NoteStore(repository: repository, syncer: NoOpNoteSyncer(), now: .fixed())
    let history = DeletionHistory()
    repository.failNextCommit(with: .diskFull)

    #expect(throws: NoteStoreError.self) { try history.delete(SampleData.moss.id, from: store) }
    #expect(history.lastDeleted == nil)
    #expect(try store.note(withID: SampleData.moss.id) == SampleData.moss)
  }
}
