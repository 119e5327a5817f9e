import FieldNotesModel
import FieldNotesServices
import FieldNotesTesting
import Foundation
import Testing
import TrashFeature
import TrashLive

/// The trash's view model over its live client and a store: what a deletion made anywhere, a
/// restore, emptying (asked, then answered), another process and `undo` make of it.
@MainActor
@Suite struct TrashOverTheStoreTests {
  let repository = InMemoryNoteRepository(SampleData.library)
  let store: NoteStore
  let model: TrashViewModel
  let history = DeletionHistory()

  init() throws {
    store = try .stamped(repository)
    model = TrashViewModel(client: StoreTrashClient(store: store), history: history)
  }

  func trashed(_ note: Note, minutes: Int, from notebook: Notebook?) -> TrashedNote {
    TrashedNote(
      note: note, trashedAt: SampleData.date(minutes: minutes), notebookName: notebook?.name)
  }

  @Test func deletionsAndARestoreGoThroughTheseStates() throws {
    let recorder = StateRecorder(model, \.state)

    try store.perform(.deleteNote(SampleData.moss.id))
    try store.perform(.deleteNote(SampleData.shoppingList.id))
    let restored = try model.restore(at: 2)

    let moss = trashed(SampleData.moss, minutes: 100, from: SampleData.plants)
    let kit = trashed(SampleData.shoppingList, minutes: 101, from: nil)
    #expect(recorder.values == [.empty, .loaded([moss]), .loaded([kit, moss]), .loaded([kit])])
    #expect(restored == SampleData.moss, "back in Plants, exactly as it was")
    #expect(model.notebookName(of: restored) == "Plants")
  }

  @Test func aNoteWhoseNotebookIsGoneComesBackInNoNotebook() throws {
    try store.deleteNotebook(SampleData.plants.id, deletingNotes: true)
    let restored = try model.restore(at: 1)
    #expect(restored.notebookID == nil)
    #expect(try store.note(withID: SampleData.moss.id)?.notebookID == nil)
    #expect(model.state == .empty)
  }

  @Test func emptyingIsAskedAndDeletesOnlyAfterYes() throws {
    try store.perform(.deleteNote(SampleData.moss.id))
    let moss = trashed(SampleData.moss, minutes: 100, from: SampleData.plants)
    let recorder = StateRecorder(model, \.state)

    try model.askToEmpty()
    try model.cancelEmpty()
    try model.askToEmpty()
    let deleted = try model.confirmEmpty()

    #expect(
      recorder.values == [
        .loaded([moss]), .confirmingEmpty([moss]), .loaded([moss]), .confirmingEmpty([moss]),
        .empty,
      ])
    #expect(deleted == 1)
    #expect(try repository.trashedNotes().isEmpty)
    #expect(try repository.versions(ofNote: SampleData.moss.id).isEmpty)
  }

  @Test func aNoteDeletedAfterTheQuestionIsNotEmptiedWithoutBeingAsked() throws {
    try store.perform(.deleteNote(SampleData.moss.id))
    try model.askToEmpty()
    try store.perform(.deleteNote(SampleData.kingfisher.id))
    try model.confirmEmpty()
    #expect(try store.journal.trashedNotes().map(\.id) == [SampleData.kingfisher.id])
  }

  @Test func aNoteRestoredByAnotherProcessBeforeYesStays() throws {
    try store.perform(.deleteNote(SampleData.moss.id))
    try model.askToEmpty()
    let other = try NoteStore(repository: repository, syncer: NoOpNoteSyncer(), now: .fixed())
    try other.commit(TrashChange.restore(SampleData.moss.id))
    try store.reload()
    #expect(try model.confirmEmpty() == 0)
    #expect(try store.note(withID: SampleData.moss.id) == SampleData.moss)
  }

  @Test func undoNeverBringsBackANoteRestoredHereOrDeletedForGood() throws {
    try history.delete(SampleData.moss.id, from: store)
    try history.delete(SampleData.kingfisher.id, from: store)
    try model.restore(at: 1)  // the kingfisher, deleted last
    #expect(history.lastDeleted?.id == SampleData.moss.id, "undo now restores the moss")
    try model.askToEmpty()
    try model.confirmEmpty()
    #expect(history.lastDeleted == nil, "the moss is deleted for good: nothing to undo")
    #expect(try history.restoreLast(to: store) == nil)
    #expect(try store.note(withID: SampleData.moss.id) == nil)
  }

  @Test func undoSkipsANoteAnotherProcessRestored() throws {
    try history.delete(SampleData.moss.id, from: store)
    let other = try NoteStore(repository: repository, syncer: NoOpNoteSyncer(), now: .fixed())
    try other.commit(TrashChange.restore(SampleData.moss.id))
    try store.reload()
    #expect(try history.restoreLast(to: store) == nil, "it is back already")
    #expect(try store.note(withID: SampleData.moss.id) == SampleData.moss)
  }

  @Test func whatCantBeDoneIsRefusedAndChangesNothing() throws {
    #expect(throws: TrashError.alreadyEmpty) { try model.askToEmpty() }
    #expect(throws: TrashError.nothingAsked) { try model.confirmEmpty() }
    #expect(throws: TrashError.nothingAsked) { try model.cancelEmpty() }
    #expect(throws: TrashError.noRow(1, count: 0)) { try model.restore(at: 1) }
    try store.perform(.deleteNote(SampleData.moss.id))
    #expect(throws: TrashError.noRow(2, count: 1)) { try model.trashedNote(at: 2) }
    repository.failNextCommit()
    #expect(throws: TrashError.store(.persistence(.diskFull))) { try model.restore(at: 1) }
    #expect(try store.journal.trashedNotes().map(\.id) == [SampleData.moss.id])
  }
}
