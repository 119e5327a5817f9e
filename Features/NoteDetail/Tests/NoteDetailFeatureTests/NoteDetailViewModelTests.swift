import FieldNotesModel
import FieldNotesServices
import FieldNotesTesting
import Foundation
import NoteDetailFeature
import Testing

/// A note's page over notes in memory: its tests stub its one client and nothing else
/// (`NoteDetailLiveTests` plays the same model over a store, with other processes).
@MainActor
@Suite struct NoteDetailViewModelTests {
  static let edited = NoteVersion(
    of: SampleData.kingfisher, number: 1, replacedAt: SampleData.date(minutes: 30))

  func makeModel(_ client: any NoteDetailClient) -> NoteDetailViewModel {
    NoteDetailViewModel(
      noteID: SampleData.kingfisher.id, client: client, summarizer: CannedSummaryGenerator())
  }

  func makeClient() -> InMemoryNoteDetailClient {
    var later = SampleData.kingfisher
    later.body = "Seen twice at the bend."
    return InMemoryNoteDetailClient(
      notes: [later, SampleData.heron], notebooks: SampleData.library.notebooks,
      versions: [SampleData.kingfisher.id: [Self.edited]], now: SampleData.date(minutes: 90))
  }

  @Test func showsTheNoteWithItsNotebookAndFollowsEveryChange() throws {
    let client = makeClient()
    let model = makeModel(client)
    let recorder = StateRecorder(model, \.state)

    try model.setPinned(true)
    try model.move(toNotebookNamed: "none")

    let note = try #require(client.note(SampleData.kingfisher.id))
    #expect(note.isPinned && note.notebookID == nil)
    #expect(recorder.values.count == 3)
    #expect(recorder.values.last == .loaded(note, notebookName: nil, summary: .none))
  }

  @Test func deletingEmptiesThePageAndUndoBringsItBack() throws {
    let client = makeClient()
    let model = makeModel(client)
    let shown = try model.shownNote()

    try model.delete()
    #expect(model.state == .empty)
    #expect(throws: NoteDetailError.noteGone(inTrash: true)) { try model.setPinned(true) }
    try model.undoDelete()

    #expect(model.state == .loaded(shown, notebookName: "Birds", summary: .none))
    #expect(throws: NoteDetailError.nothingToUndo) { try model.undoDelete() }
  }

  @Test func restoringAVersionKeepsTheTextItReplaces() throws {
    let client = makeClient()
    let model = makeModel(client)
    let replaced = try model.shownNote()

    #expect(try model.restore(version: 1))

    #expect(client.note(SampleData.kingfisher.id)?.body == SampleData.kingfisher.body)
    #expect(client.versions(of: SampleData.kingfisher.id).last?.body == replaced.body)
    #expect(try model.comparison(from: 2).laterText.body == SampleData.kingfisher.body)
    #expect(try !model.restore(version: 1))
  }

  @Test func aFailedWriteChangesNothing() throws {
    let client = makeClient()
    let model = makeModel(client)
    client.writeFailure = .store(.persistence(.diskFull))

    #expect(throws: NoteDetailError.store(.persistence(.diskFull))) { try model.delete() }
    #expect(throws: NoteDetailError.store(.persistence(.diskFull))) {
      try model.restore(version: 1)
    }
    #expect(client.notes == makeClient().notes)
  }

  @Test func aPageWhoseNoteIsGoneAsksNothingMoreOfTheNotes() {
    var reads: [String] = []
    let client = UnimplementedNoteDetailClient { reads.append($0) }
    let model = makeModel(client)

    #expect(throws: NoteDetailError.noteGone(inTrash: false)) { try model.delete() }
    #expect(reads == ["NoteDetailClient.note(_:)", "NoteDetailClient.isInTrash(_:)"])
  }
}
