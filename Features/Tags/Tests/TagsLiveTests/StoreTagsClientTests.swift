import FieldNotesModel
import FieldNotesServices
import FieldNotesTesting
import Foundation
import TagsFeature
import TagsLive
import Testing

/// The live client keeps the promises of ``TagsFeature/TagsClient`` over a store: what the view
/// model's tests assume of the in-memory client holds of the real one.
@MainActor
@Suite struct StoreTagsClientTests {
  let repository = InMemoryNoteRepository(SampleData.library)

  func makeStore() throws -> NoteStore {
    try NoteStore(repository: repository, syncer: NoOpNoteSyncer(), now: .fixed())
  }

  @Test func itCountsFindsAndRetagsAsTheInMemoryClientDoes() throws {
    let store = try makeStore()
    let live = StoreTagsClient(store: store)
    let memory = InMemoryTagsClient(notes: SampleData.library.notes)
    #expect(try live.tagCounts == memory.tagCounts)
    #expect(
      try Set(live.notes(taggedWith: "birds").map(\.id))
        == Set(memory.notes(taggedWith: "birds").map(\.id)))

    let changes = [SampleData.heron.id: ["aves"], SampleData.kingfisher.id: ["aves", "river"]]
    try live.replaceTags(changes)
    try memory.replaceTags(changes)

    #expect(try live.tagCounts == memory.tagCounts)
    #expect(try store.note(withID: SampleData.heron.id)?.tags == ["aves"])
  }

  @Test func aNoteDeletedMeanwhileIsLeftOut() throws {
    let store = try makeStore()
    let client = StoreTagsClient(store: store)
    let model = TagsViewModel(client: client)
    try model.renameTag("birds", to: "aves")
    try store.perform(.deleteNote(SampleData.kingfisher.id))

    try model.undo()

    #expect(try store.note(withID: SampleData.heron.id)?.tags == ["birds", "lake"])
    #expect(try store.note(withID: SampleData.kingfisher.id) == nil)
  }

  /// Another process adds a tag after a rename: undo, at its first try, takes back the rename
  /// and keeps the other process's tag.
  @Test func undoAfterAnotherProcessWroteKeepsItsTag() throws {
    let store = try makeStore()
    let model = TagsViewModel(client: StoreTagsClient(store: store))
    try model.renameTag("birds", to: "avian")
    let other = try makeStore()
    var kingfisher = try #require(try other.note(withID: SampleData.kingfisher.id))
    kingfisher.tags.append("river")
    try other.perform(.updateNote(kingfisher))

    try model.undo()

    try store.reload()
    #expect(try store.note(withID: SampleData.kingfisher.id)?.tags == ["birds", "river"])
    #expect(try store.note(withID: SampleData.heron.id)?.tags == ["birds", "lake"])
  }

  @Test func aFailedWriteChangesNoNote() throws {
    let store = try makeStore()
    let client = StoreTagsClient(store: store)
    repository.failCommits(with: .diskFull)

    #expect(throws: TagsError.store(.persistence(.diskFull))) {
      try client.replaceTags([SampleData.heron.id: []])
    }
    #expect(try store.note(withID: SampleData.heron.id)?.tags == SampleData.heron.tags)
  }

  @Test func theViewModelFollowsANoteSavedElsewhere() throws {
    let store = try makeStore()
    let model = TagsViewModel(client: StoreTagsClient(store: store))
    let recorder = StateRecorder(model, \.state)
    var moss = SampleData.moss
    moss.tags.append("lake")

    try store.perform(.updateNote(moss))

    #expect(
      recorder.transitions == [
        .loaded([
          TagRow(name: "birds", noteCount: 2), TagRow(name: "lake", noteCount: 2),
          TagRow(name: "plants", noteCount: 1),
        ])
      ])
  }
}
