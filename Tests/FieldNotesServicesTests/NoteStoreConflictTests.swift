import FieldNotesModel
import FieldNotesQuery
import FieldNotesServices
import FieldNotesTesting
import Foundation
import Testing

/// Two stores on one repository, as two processes on one file: a write made from a stale copy
/// never undoes the other's change.
@MainActor
@Suite struct NoteStoreConflictTests {
  let repository = InMemoryNoteRepository(SampleData.library)

  /// Store A renames the kingfisher note after store B has shown it.
  func twoStores() throws -> (first: NoteStore, second: NoteStore) {
    let first = try NoteStore(repository: repository, syncer: NoOpNoteSyncer(), now: .fixed())
    let second = try NoteStore(repository: repository, syncer: NoOpNoteSyncer(), now: .fixed())
    _ = try second.page(NoteListQuery(scope: .allNotes))
    var renamed = SampleData.kingfisher
    renamed.title = "Kingfisher at dusk"
    try first.perform(.updateNote(renamed))
    return (first, second)
  }

  @Test(arguments: [
    NoteStore.Mutation.setPinned(SampleData.kingfisher.id, true),
    .moveNote(SampleData.kingfisher.id, to: SampleData.plants.id),
  ])
  func anIntentIsMadeAgainOnTheFreshNote(_ mutation: NoteStore.Mutation) throws {
    let (_, second) = try twoStores()

    try second.perform(mutation)

    let saved = try #require(
      repository.savedLibrary.notes.first { $0.id == SampleData.kingfisher.id })
    #expect(saved.title == "Kingfisher at dusk", "the other store's edit is kept")
    #expect(saved.isPinned || saved.notebookID == SampleData.plants.id)
    #expect(try second.note(withID: SampleData.kingfisher.id) == saved)
  }

  @Test func aDeletionRemovesAndReturnsTheFreshNote() throws {
    let (_, second) = try twoStores()

    let history = DeletionHistory()
    try history.delete(SampleData.kingfisher.id, from: second)

    #expect(history.lastDeleted?.title == "Kingfisher at dusk")
    #expect(!repository.savedLibrary.notes.contains { $0.id == SampleData.kingfisher.id })
  }

  @Test func aWholeNoteSavedFromAStaleCopyIsRefusedAndTheFreshOneShown() throws {
    let (_, second) = try twoStores()
    var stale = SampleData.kingfisher
    stale.body = "Written over the other store's edit."

    #expect(throws: NoteStoreError.persistence(.conflict(SampleData.kingfisher.id))) {
      try second.perform(.updateNote(stale))
    }
    #expect(repository.savedLibrary.notes.contains { $0.title == "Kingfisher at dusk" })
    #expect(try second.note(withID: SampleData.kingfisher.id)?.title == "Kingfisher at dusk")
  }

  @Test func savingANoteAnotherStoreDeletedSaysItIsGone() throws {
    let (first, second) = try twoStores()
    try first.perform(.deleteNote(SampleData.kingfisher.id))
    var edited = SampleData.kingfisher
    edited.body = "Seen again."

    #expect(throws: NoteStoreError.noteNotFound(SampleData.kingfisher.id)) {
      try second.perform(.updateNote(edited))
    }
    #expect(try second.note(withID: SampleData.kingfisher.id) == nil)
  }

  @Test func flippingAPinFromAStaleCopyIsRefused() throws {
    let (first, second) = try twoStores()
    try first.perform(.setPinned(SampleData.kingfisher.id, true))

    #expect(throws: NoteStoreError.persistence(.conflict(SampleData.kingfisher.id))) {
      try second.perform(.togglePin(SampleData.kingfisher.id))
    }
    #expect(try second.note(withID: SampleData.kingfisher.id)?.isPinned == true)
  }

  @Test func undoNeverRestoresOverANoteThatIsBack() throws {
    let first = try NoteStore(repository: repository, syncer: NoOpNoteSyncer(), now: .fixed())
    let second = try NoteStore(repository: repository, syncer: NoOpNoteSyncer(), now: .fixed())
    let history = DeletionHistory()
    try history.delete(SampleData.moss.id, from: second)
    try first.reload()
    try first.perform(.addNote(SampleData.moss))  // the other store restored it first

    #expect(throws: NoteStoreError.persistence(.conflict(SampleData.moss.id))) {
      try history.restoreLast(to: second)
    }
    #expect(history.lastDeleted == SampleData.moss, "still there to restore once it's gone")
  }
}

@MainActor
@Suite struct ImportNamingTests {
  @Test func manyNotebooksOfOneNameGetNumberedNamesInOneCheapPass() throws {
    let store = NoteStore(notebooks: [Notebook(id: UUID(), name: "Trip")])
    let incoming = NoteLibrary(
      notebooks: (0..<5_000).map { _ in Notebook(id: UUID(), name: "trip") }
        + [Notebook(id: UUID(), name: "Trip (3)")],
      notes: [])

    let summary = try LibraryImport.merge(into: store, incoming)

    #expect(summary.addedNotebooks == 5_001)
    let names = store.notebooks.map { $0.name.lowercased() }
    #expect(Set(names).count == names.count, "every name is unique")
    #expect(store.notebooks[1].name == "trip (2)")
    #expect(store.notebooks.last?.name == "Trip (3) (2)", "a taken numbered name is numbered too")
    #expect(names.contains("trip (5001)") && !names.contains("trip (5002)"))
  }
}
