import FieldNotesModel
import FieldNotesQuery
import FieldNotesServices
import FieldNotesTesting
import Foundation
import Testing

/// Every kind of write keeps the text it replaces as a version, and every deletion goes to the
/// trash: what the store asks of its repository, and how `restore` brings either back.
@MainActor
@Suite struct NoteStoreRecoveryTests {
  let repository = InMemoryNoteRepository(SampleData.library, stampsChanges: true)
  let store: NoteStore

  init() throws {
    store = try NoteStore(
      repository: repository, syncer: NoOpNoteSyncer(),
      now: .advancing(from: SampleData.date(minutes: 100)))
  }

  var heron: Note { store.note(withID: SampleData.heron.id) ?? SampleData.heron }

  @Test func everyKindOfWriteKeepsTheTextItReplaced() throws {
    var edited = heron
    edited.body = "It took a fish."
    try store.perform(.updateNote(edited))  // the composer's save, and the editor's
    try store.perform(.moveNote(heron.id, to: SampleData.plants.id))
    try store.perform(.replaceTags([heron.id: ["herons"]]))  // a tag renamed everywhere
    try store.perform(.deleteNotebook(SampleData.plants.id, notes: .keepNotes))
    try store.perform(.setPinned(heron.id, false))  // a pin keeps no version
    try repository.update { library in  // a sync's merge
      guard var synced = library.notes.first(where: { $0.id == SampleData.heron.id }) else {
        return []
      }
      synced.title = "Heron (synced)"
      return [.saveNote(synced)]
    }
    try store.reload()

    let versions = store.versions(ofNote: heron.id)
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

  @Test func restoringAVersionKeepsTheTextItReplaces() throws {
    var edited = heron
    edited.title = "Grey heron"
    edited.body = "It took a fish."
    try store.perform(.updateNote(edited))
    try store.perform(.restoreVersion(heron.id, number: 1))

    #expect(heron.title == SampleData.heron.title)
    #expect(heron.body == SampleData.heron.body)
    #expect(heron.isPinned, "the pin is the note's, not the version's")
    #expect(store.versions(ofNote: heron.id).map(\.title) == ["Heron at the lake", "Grey heron"])
    try store.perform(.restoreVersion(heron.id, number: 2))
    #expect(heron.body == "It took a fish.")
    #expect(store.versions(ofNote: heron.id).count == 3)
  }

  @Test func aVersionOfANotebookSinceDeletedIsRestoredIntoNoNotebook() throws {
    try store.perform(.moveNote(heron.id, to: nil))
    try store.perform(.deleteNotebook(SampleData.birds.id, notes: .keepNotes))
    try store.perform(.restoreVersion(heron.id, number: 1))
    #expect(heron.notebookID == nil)
    #expect(heron.tags == SampleData.heron.tags)
  }

  @Test func aVersionThatIsNotThereIsRefused() {
    #expect(throws: NoteStoreError.versionNotFound(SampleData.heron.id, number: 1)) {
      try store.perform(.restoreVersion(SampleData.heron.id, number: 1))
    }
  }

  @Test func aRestoreOverAnEditFromAnotherProcessIsRefusedAndLosesNeither() throws {
    var edited = heron
    edited.body = "First edit."
    try store.perform(.updateNote(edited))
    let other = try NoteStore(
      repository: repository, syncer: NoOpNoteSyncer(), now: .fixed(SampleData.date(minutes: 500)))
    var theirs = try #require(other.note(withID: heron.id))
    theirs.body = "Written in another window."
    try other.perform(.updateNote(theirs))

    #expect(throws: NoteStoreError.persistence(.conflict(SampleData.heron.id))) {
      try store.perform(.restoreVersion(SampleData.heron.id, number: 1))
    }
    #expect(heron.body == "Written in another window.", "the refusal showed the fresh note")
    #expect(store.versions(ofNote: heron.id).map(\.body) == [SampleData.heron.body, "First edit."])
  }

  @Test func aDeletedNoteIsInTheTrashAndInNoListOrCount() throws {
    try store.perform(.deleteNote(SampleData.kingfisher.id))
    #expect(store.trashedNotes.map(\.id) == [SampleData.kingfisher.id])
    #expect(store.trashedNotes.first?.notebookName == "Birds")
    #expect(
      store.page(NoteListQuery(scope: .allNotes)).notes.map(\.id).contains(SampleData.kingfisher.id)
        == false)
    #expect(store.summary.byNotebook[SampleData.birds.id]?.notes == 1)
    #expect(store.note(withID: SampleData.kingfisher.id) == nil)
  }

  @Test func aNotebooksNotesDeletedWithItGoToTheTrashAndComeBackInNoNotebook() throws {
    try store.perform(.deleteNotebook(SampleData.birds.id, notes: .deleteNotes))
    #expect(Set(store.trashedNotes.map(\.id)) == [SampleData.heron.id, SampleData.kingfisher.id])
    try store.perform(.restoreTrashedNote(SampleData.heron.id))
    var expected = SampleData.heron
    expected.notebookID = nil
    #expect(store.note(withID: SampleData.heron.id) == expected)
    #expect(store.trashedNotes.map(\.id) == [SampleData.kingfisher.id])
  }

  @Test func aTrashedNoteComesBackWhereItWasWithItsVersions() throws {
    var edited = heron
    edited.body = "It took a fish."
    try store.perform(.updateNote(edited))
    let before = heron
    try store.perform(.deleteNote(heron.id))
    try store.perform(.restoreTrashedNote(SampleData.heron.id))
    #expect(heron == before)
    #expect(store.versions(ofNote: heron.id).count == 1)
    #expect(store.trashedNotes.isEmpty)
  }

  @Test func undoTakesTheNoteOutOfTheTrash() throws {
    let history = DeletionHistory()
    try history.delete(SampleData.moss.id, from: store)
    #expect(store.trashedNotes.count == 1)
    try history.restoreLast(to: store)
    #expect(store.trashedNotes.isEmpty)
    #expect(store.note(withID: SampleData.moss.id) == SampleData.moss)
  }

  @Test func emptyingTheTrashDeletesForGoodOnlyWhatWasInIt() throws {
    try store.perform(.deleteNote(SampleData.moss.id))
    try store.perform(.deleteNote(SampleData.kingfisher.id))
    try store.perform(.restoreTrashedNote(SampleData.kingfisher.id))
    try store.perform(
      .purgeTrashedNotes(
        store.trashedNotes.filter {
          [SampleData.moss.id, SampleData.kingfisher.id].contains($0.id)
        }
      ))
    #expect(store.trashedNotes.isEmpty)
    #expect(store.note(withID: SampleData.kingfisher.id) == SampleData.kingfisher)
    #expect(throws: NoteStoreError.notInTrash(SampleData.moss.id)) {
      try store.perform(.restoreTrashedNote(SampleData.moss.id))
    }
  }
}
