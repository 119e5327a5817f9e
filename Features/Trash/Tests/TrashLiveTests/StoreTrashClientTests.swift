import FieldNotesModel
import FieldNotesServices
import FieldNotesTesting
import Foundation
import Testing
import TrashFeature
import TrashLive

/// The live client keeps the promises of ``TrashFeature/TrashClient`` over a store: what the
/// view model's tests assume of the in-memory client holds of the real one.
@MainActor
@Suite struct StoreTrashClientTests {
  let repository = InMemoryNoteRepository(SampleData.library)

  @Test func itListsRestoresAndPurgesAsTheInMemoryClientDoes() throws {
    let store = try NoteStore.stamped(repository)
    let client = StoreTrashClient(store: store)
    try store.perform(.deleteNote(SampleData.moss.id))
    try store.perform(.deleteNote(SampleData.shoppingList.id))
    #expect(try client.trashedNotes.map(\.id) == [SampleData.shoppingList.id, SampleData.moss.id])

    let restored = try client.restore(client.trashedNotes[1])
    #expect(try restored == SampleData.moss && store.note(withID: SampleData.moss.id) == restored)
    #expect(client.notebookName(SampleData.plants.id) == "Plants")

    let asked = try client.trashedNotes
    try client.purge(asked)
    #expect(try client.trashedNotes.isEmpty)
    #expect(try repository.trashedNotes().isEmpty)
    #expect(throws: TrashError.store(.notInTrash(SampleData.moss.id))) {
      try client.restore(TrashedNote(note: SampleData.moss, trashedAt: .now, notebookName: nil))
    }
  }

  @Test func aTrashedNoteKeepsItsAttachmentsUntilPurged() throws {
    let photo = NoteAttachment(name: "moss.jpg", bytes: Data(count: 300))
    try repository.commit([.saveAttachment(photo, forNote: SampleData.moss.id)])
    let store = try NoteStore.stamped(repository)
    let client = StoreTrashClient(store: store)
    try store.perform(.deleteNote(SampleData.moss.id))
    let entry = try #require(try client.trashedNotes.first)
    #expect(
      try client.attachments(of: entry) == [NoteAttachment.Entry(name: "moss.jpg", size: 300)])
    try client.purge([entry])
    #expect(try client.attachments(of: entry).isEmpty)
  }
}
