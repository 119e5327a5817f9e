import FieldNotesModel
import FieldNotesQuery
import FieldNotesServices
import FieldNotesTesting
import Foundation
import Testing

/// Every kind of write keeps the text it replaces as a version, and every deletion goes to the
/// trash: what the store asks of its repository (the features' own writes are tested in their
/// own folders: `TrashChangeTests`, `RestoreVersionTests`, `NotebookChangeTests`).
@MainActor
@Suite struct NoteStoreRecoveryTests {
  let repository = InMemoryNoteRepository(SampleData.library)
  let store: NoteStore

  init() throws {
    store = try .stamped(repository)
  }

  var heron: Note { ((try? store.note(withID: SampleData.heron.id)) ?? nil) ?? SampleData.heron }

  @Test func everyKindOfWriteKeepsTheTextItReplaced() throws {
    var edited = heron
    edited.body = "It took a fish."
    try store.perform(.updateNote(edited))  // the composer's save, and the editor's
    try store.perform(.moveNote(heron.id, to: SampleData.plants.id))
    var retagged = heron
    retagged.tags = ["herons"]
    try store.perform(.updateNote(retagged))  // a tag renamed everywhere
    try store.deleteNotebook(SampleData.plants.id, deletingNotes: false)
    try store.perform(.setPinned(heron.id, false))  // a pin keeps no version
    try repository.update { library in  // a sync's merge
      guard var synced = library.notes.first(where: { $0.id == SampleData.heron.id }) else {
        return []
      }
      synced.title = "Heron (synced)"
      return [.saveNote(synced)]
    }
    try store.reload()

    let versions = try store.journal.versions(ofNote: heron.id)
    #expect(versions.map(\.number) == [1, 2, 3, 4, 5])
    #expect(
      versions.map(\.body) == [SampleData.heron.body]
        + Array(repeating: "It took a fish.", count: 4))
    #expect(
      versions.map(\.notebookID) == [
        SampleData.birds.id, SampleData.birds.id, SampleData.plants.id, SampleData.plants.id, nil,
      ])
    #expect(
      versions.map(\.tags) == [
        ["birds", "lake"], ["birds", "lake"], ["birds", "lake"], ["herons"], ["herons"],
      ])
    #expect(versions.last?.title == "Heron at the lake")
    #expect(heron.title == "Heron (synced)")
  }

  @Test func aDeletedNoteIsInTheTrashAndInNoListOrCount() throws {
    try store.perform(.deleteNote(SampleData.kingfisher.id))
    #expect(try store.journal.trashedNotes().map(\.id) == [SampleData.kingfisher.id])
    #expect(try store.journal.trashedNotes().first?.notebookName == "Birds")
    #expect(
      try store.page(NoteListQuery(scope: .allNotes)).notes.map(\.id).contains(
        SampleData.kingfisher.id)
        == false)
    #expect(try store.summary.byNotebook[SampleData.birds.id]?.notes == 1)
    #expect(try store.note(withID: SampleData.kingfisher.id) == nil)
  }

  @Test func undoTakesTheNoteOutOfTheTrash() throws {
    let history = DeletionHistory()
    try history.delete(SampleData.moss.id, from: store)
    #expect(try store.journal.trashedNotes().count == 1)
    try history.restoreLast(to: store)
    #expect(try store.journal.trashedNotes().isEmpty)
    #expect(try store.note(withID: SampleData.moss.id) == SampleData.moss)
  }

}
