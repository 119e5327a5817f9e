import FieldNotesModel
import FieldNotesServices
import FieldNotesTesting
import Foundation
import TagsFeature
import Testing

@MainActor
@Suite struct TagsViewModelTests {
  let repository = InMemoryNoteRepository(SampleData.library)

  func makeModel() throws -> (TagsViewModel, NoteStore) {
    let store = try NoteStore(repository: repository, syncer: NoOpNoteSyncer(), now: .fixed())
    return (TagsViewModel(store: store), store)
  }

  static let sampleRows = [
    TagRow(name: "birds", noteCount: 2), TagRow(name: "lake", noteCount: 1),
    TagRow(name: "plants", noteCount: 1),
  ]

  @Test func everyTagWithItsNoteCountSortedByName() throws {
    let (model, _) = try makeModel()
    #expect(model.state == .loaded(Self.sampleRows))
    #expect(model.scope(ofTag: "#Birds") == .tagged("birds"))
  }

  @Test func aStoreWithoutTagsIsEmpty() throws {
    let store = NoteStore(notes: [Note(title: "Untagged")], notebooks: [])
    #expect(TagsViewModel(store: store).state == .empty)
  }

  @Test func renamingChangesTheTagOnEveryNote() throws {
    let (model, store) = try makeModel()
    let recorder = StateRecorder(model, \.state)

    try model.renameTag("Birds", to: "#Aves")

    #expect(
      recorder.transitions == [
        .loaded([
          TagRow(name: "aves", noteCount: 2), TagRow(name: "lake", noteCount: 1),
          TagRow(name: "plants", noteCount: 1),
        ])
      ])
    #expect(store.note(withID: SampleData.heron.id)?.tags == ["aves", "lake"])
    #expect(store.note(withID: SampleData.kingfisher.id)?.tags == ["aves"])
  }

  @Test func renamingOntoAnotherTagMergesThemWithoutDuplicates() throws {
    let (model, store) = try makeModel()

    try model.renameTag("lake", to: "birds")

    #expect(store.note(withID: SampleData.heron.id)?.tags == ["birds"])
    #expect(
      model.state
        == .loaded([TagRow(name: "birds", noteCount: 2), TagRow(name: "plants", noteCount: 1)]))
  }

  @Test func aBadOrUnknownNameIsRefusedAndChangesNothing() throws {
    let (model, store) = try makeModel()

    #expect(throws: TagsError.unknownTag("fungi")) { try model.renameTag("fungi", to: "moss") }
    #expect(throws: TagsError.invalidName("two words", .invalidCharacters)) {
      try model.renameTag("birds", to: "two words")
    }
    #expect(throws: TagsError.invalidName("#", .empty)) { try model.renameTag("birds", to: "#") }
    #expect(store.notes == SampleData.library.notes)
    #expect(!model.canUndo)
  }

  @Test func deletingAsksThenRemovesTheTagFromEveryNote() throws {
    let (model, store) = try makeModel()
    let recorder = StateRecorder(model, \.state)

    try model.requestDeletion(ofTag: "birds")
    try model.confirmDeletion()

    #expect(
      recorder.values == [
        .loaded(Self.sampleRows),
        .confirming(TagDeletionRequest(tag: "birds", noteCount: 2)),
        .loaded([TagRow(name: "lake", noteCount: 1), TagRow(name: "plants", noteCount: 1)]),
      ])
    #expect(store.note(withID: SampleData.kingfisher.id)?.tags == [])
  }

  @Test func withdrawingTheQuestionDeletesNothing() throws {
    let (model, store) = try makeModel()

    try model.requestDeletion(ofTag: "lake")
    model.cancelDeletion()

    #expect(model.state == .loaded(Self.sampleRows))
    #expect(store.notes == SampleData.library.notes)
    #expect(throws: TagsError.noDeletionPending) { try model.confirmDeletion() }
  }

  @Test func undoPutsBackExactlyTheTagsOfTheLastChange() throws {
    let (model, store) = try makeModel()

    try model.renameTag("lake", to: "birds")
    try model.undo()

    #expect(store.notes.map(\.tags) == SampleData.library.notes.map(\.tags))
    #expect(model.state == .loaded(Self.sampleRows))
    #expect(throws: TagsError.nothingToUndo) { try model.undo() }
  }

  @Test func undoAfterADeletionRestoresTheTag() throws {
    let (model, store) = try makeModel()
    try model.requestDeletion(ofTag: "birds")
    try model.confirmDeletion()

    try model.undo()

    #expect(store.note(withID: SampleData.heron.id)?.tags == ["birds", "lake"])
    #expect(model.state == .loaded(Self.sampleRows))
  }

  @Test func aFailedSaveChangesNothingAndLeavesNothingToUndo() throws {
    let (model, store) = try makeModel()
    repository.failCommits(with: .diskFull)

    #expect(throws: TagsError.store(.persistence(.diskFull))) {
      try model.renameTag("birds", to: "aves")
    }
    #expect(store.notes == SampleData.library.notes)
    #expect(!model.canUndo)
  }
}
