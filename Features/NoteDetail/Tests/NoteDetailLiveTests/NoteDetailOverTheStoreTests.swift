import FieldNotesModel
import FieldNotesServices
import FieldNotesTesting
import Foundation
import NoteDetailFeature
import NoteDetailLive
import Testing

@MainActor
@Suite struct NoteDetailOverTheStoreTests {
  let repository = InMemoryNoteRepository(SampleData.library)

  func makeModel(
    _ note: Note = SampleData.kingfisher,
    summarizer: any SummaryGenerating = CannedSummaryGenerator()
  ) throws -> (NoteDetailViewModel, NoteStore) {
    let store = try NoteStore(repository: repository, syncer: NoOpNoteSyncer(), now: .fixed())
    let model = NoteDetailViewModel(
      noteID: note.id, client: StoreNoteDetailClient(store: store, history: DeletionHistory()),
      summarizer: summarizer)
    return (model, store)
  }

  @Test func showsTheNoteWithItsNotebook() throws {
    let (model, _) = try makeModel()
    #expect(model.state == .loaded(SampleData.kingfisher, notebookName: "Birds", summary: .none))
  }

  @Test func summarizingShowsProgressThenTheSummary() async throws {
    let (model, _) = try makeModel()
    let recorder = StateRecorder(model, \.state)

    try await model.summarize().value

    #expect(
      recorder.values == [
        .loaded(SampleData.kingfisher, notebookName: "Birds", summary: .none),
        .loaded(SampleData.kingfisher, notebookName: "Birds", summary: .summarizing),
        .loaded(
          SampleData.kingfisher, notebookName: "Birds",
          summary: .summarized("A short summary of Kingfisher.")),
      ])
  }

  /// The same, exhaustively: the summary the generator wrote is an effect the step states.
  @Test func summarizingStatesTheSummaryItAskedFor() async throws {
    let summarizer = CannedSummaryGenerator()
    let (model, _) = try makeModel(summarizer: summarizer)
    let test = ExhaustiveTest(model, \.state, repository: repository, summarizer: summarizer)

    try await test.step(
      "summarize", { try await model.summarize().value },
      states: [
        .loaded(SampleData.kingfisher, notebookName: "Birds", summary: .summarizing),
        .loaded(
          SampleData.kingfisher, notebookName: "Birds",
          summary: .summarized("A short summary of Kingfisher.")),
      ],
      summaries: 1)
    #expect(summarizer.summarizedNotes == [SampleData.kingfisher.id])
  }

  @Test func aFailedSummaryIsHeldInStateNotThrown() async throws {
    let (model, _) = try makeModel(summarizer: UnavailableSummaryGenerator())

    try await model.summarize().value

    guard case .loaded(_, _, .failed(let message), _) = model.state else {
      Issue.record("expected a failed summary, got \(model.state)")
      return
    }
    #expect(message == SummaryError.unavailable.errorDescription)
  }

  @Test func pinningANoteAlreadyPinnedChangesNothing() throws {
    let (model, store) = try makeModel(SampleData.heron)

    #expect(try model.setPinned(true) == false)
    #expect(try model.setPinned(false) == true)
    #expect(try store.note(withID: SampleData.heron.id)?.isPinned == false)
  }

  @Test func movingShowsTheNewNotebook() throws {
    let (model, _) = try makeModel()
    let recorder = StateRecorder(model, \.state)

    try model.move(to: SampleData.plants.id)

    var moved = SampleData.kingfisher
    moved.notebookID = SampleData.plants.id
    moved.updatedAt = DateProvider.referenceDate
    #expect(
      recorder.transitions == [.loaded(moved, notebookName: "Plants", summary: .none)])
  }

  @Test func aDeletedNoteLeavesThePageEmptyAndUndoRestoresItExactly() throws {
    let (model, store) = try makeModel()
    let recorder = StateRecorder(model, \.state)

    try model.delete()
    try model.undoDelete()

    #expect(
      recorder.values == [
        .loaded(SampleData.kingfisher, notebookName: "Birds", summary: .none), .empty,
        .loaded(SampleData.kingfisher, notebookName: "Birds", summary: .none),
      ])
    #expect(try store.note(withID: SampleData.kingfisher.id) == SampleData.kingfisher)
    #expect(throws: NoteDetailError.nothingToUndo) { try model.undoDelete() }
  }

  @Test func aDeletionOnThePageCanBeUndoneFromAnotherScreenSharingTheHistory() throws {
    let store = try NoteStore(repository: repository, syncer: NoOpNoteSyncer(), now: .fixed())
    let history = DeletionHistory()
    let page = NoteDetailViewModel(
      noteID: SampleData.moss.id, client: StoreNoteDetailClient(store: store, history: history),
      summarizer: CannedSummaryGenerator())

    let otherPage = NoteDetailViewModel(
      noteID: SampleData.heron.id, client: StoreNoteDetailClient(store: store, history: history),
      summarizer: CannedSummaryGenerator())

    try page.delete()
    try otherPage.undoDelete()

    #expect(try store.note(withID: SampleData.moss.id) == SampleData.moss)
  }

  /// Another FieldNotes (or a sync) deleted the note: the page is empty, and every action on
  /// the note refuses with one error, which says where the note is, and changes nothing.
  @Test func everyActionOnANoteDeletedElsewhereRefusesWithOneError() throws {
    let summarizer = CannedSummaryGenerator()
    let (model, store) = try makeModel(summarizer: summarizer)
    let elsewhere = try NoteStore(repository: repository, syncer: NoOpNoteSyncer(), now: .fixed())
    try elsewhere.perform(.deleteNote(SampleData.kingfisher.id))
    try store.reload()
    let notes = store.notes

    #expect(model.state == .empty)
    let gone = NoteDetailError.noteGone(inTrash: true)
    #expect(throws: gone) { try model.shownNote() }
    #expect(throws: gone) { try model.setPinned(true) }
    #expect(throws: gone) { try model.move(to: SampleData.plants.id) }
    #expect(throws: gone) { try model.move(toNotebookNamed: "Plants") }
    #expect(throws: gone) { try model.delete() }
    #expect(throws: gone) { try model.summarize() }
    #expect(throws: gone) { try model.versionHistory }
    #expect(throws: gone) { try model.comparison(from: 1) }
    #expect(throws: gone) { try model.restore(version: 1) }
    #expect(store.notes == notes)
    #expect(try store.journal.trashedNotes().map(\.id) == [SampleData.kingfisher.id])
    #expect(summarizer.summarizedNotes.isEmpty)

    // Once the trash is emptied, the error says the note is gone for good.
    // Another FieldNotes empties its trash: the repository's own change, as its trash writes it.
    try repository.commit(
      try elsewhere.journal.trashedNotes().filter { $0.id == SampleData.kingfisher.id }.map {
        .purgeTrashedNote($0)
      })
    let (pageAfterPurge, _) = try makeModel()
    #expect(throws: NoteDetailError.noteGone(inTrash: false)) { try pageAfterPurge.delete() }
  }

  @Test func aFailedSaveChangesNothing() throws {
    let (model, store) = try makeModel()
    repository.failCommits(with: .diskFull)

    #expect(throws: NoteDetailError.store(.persistence(.diskFull))) { try model.delete() }
    #expect(try store.note(withID: SampleData.kingfisher.id) == SampleData.kingfisher)
    #expect(model.state == .loaded(SampleData.kingfisher, notebookName: "Birds", summary: .none))
  }
}
