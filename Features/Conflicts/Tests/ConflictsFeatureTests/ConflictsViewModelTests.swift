import ConflictsFeature
import FieldNotesModel
import FieldNotesServices
import FieldNotesTesting
import Foundation
import Testing

@MainActor
@Suite struct ConflictsViewModelTests {
  let repository = InMemoryNoteRepository(SampleData.library)

  func makeModel() throws -> (ConflictsViewModel, NoteStore) {
    let store = try NoteStore(repository: repository, syncer: NoOpNoteSyncer(), now: .fixed())
    return (ConflictsViewModel(store: store), store)
  }

  @Test func countsTheNotesThePinnedOnesAndTheNotebooks() throws {
    let (model, _) = try makeModel()

    #expect(model.state == .loaded(notes: 4, pinned: 1, notebooks: 2))
    #expect(model.scope == .allNotes)
  }

  @Test func followsEveryChangeToTheStore() throws {
    let (model, store) = try makeModel()
    let recorder = StateRecorder(model, \.state)

    try store.setPinned(SampleData.kingfisher.id, true)
    try store.perform(.addNote(Note(id: UUID(number: 0xA5), title: "Dipper")))

    #expect(
      recorder.values == [
        .loaded(notes: 4, pinned: 1, notebooks: 2), .loaded(notes: 4, pinned: 2, notebooks: 2),
        .loaded(notes: 5, pinned: 2, notebooks: 2),
      ])
  }

  @Test func isEmptyUntilANoteIsWritten() throws {
    let store = NoteStore(notes: [], notebooks: [SampleData.birds])
    let model = ConflictsViewModel(store: store)
    let recorder = StateRecorder(model, \.state)

    try store.perform(.addNote(Note(id: UUID(number: 0xA5), title: "Dipper")))

    #expect(
      recorder.values == [.empty(notebooks: 1), .loaded(notes: 1, pinned: 0, notebooks: 1)])
  }
}
