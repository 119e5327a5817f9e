import FieldNotesModel
import FieldNotesPersistence
import FieldNotesQuery
import FieldNotesServices
import FieldNotesTesting
import Foundation
import Testing
import TrashLive

/// The trash's writes through the store's one write path: a restore puts a note back with its
/// versions, and emptying deletes for good only the entries the user was asked about.
@MainActor
@Suite struct TrashChangeTests {
  let repository = InMemoryNoteRepository(SampleData.library)
  let store: NoteStore

  init() throws {
    store = try .stamped(repository)
  }

  @Test func aNotebooksNotesDeletedWithItGoToTheTrashAndComeBackInNoNotebook() throws {
    try store.deleteNotebook(SampleData.birds.id, deletingNotes: true)
    #expect(
      Set(try store.journal.trashedNotes().map(\.id)) == [
        SampleData.heron.id, SampleData.kingfisher.id,
      ])
    try store.commit(TrashChange.restore(SampleData.heron.id))
    var expected = SampleData.heron
    expected.notebookID = nil
    #expect(try store.note(withID: SampleData.heron.id) == expected)
    #expect(try store.journal.trashedNotes().map(\.id) == [SampleData.kingfisher.id])
  }

  @Test func aTrashedNoteComesBackWhereItWasWithItsVersions() throws {
    var edited = try #require(try store.note(withID: SampleData.heron.id))
    edited.body = "It took a fish."
    try store.perform(.updateNote(edited))
    let before = try #require(try store.note(withID: SampleData.heron.id))
    try store.perform(.deleteNote(SampleData.heron.id))
    try store.commit(TrashChange.restore(SampleData.heron.id))
    #expect(try store.note(withID: SampleData.heron.id) == before)
    #expect(try store.journal.versions(ofNote: SampleData.heron.id).count == 1)
    #expect(try store.journal.trashedNotes().isEmpty)
  }

  @Test func emptyingTheTrashDeletesForGoodOnlyWhatWasInIt() throws {
    try store.perform(.deleteNote(SampleData.moss.id))
    try store.perform(.deleteNote(SampleData.kingfisher.id))
    try store.commit(TrashChange.restore(SampleData.kingfisher.id))
    try store.commit(
      TrashChange.purge(
        try store.journal.trashedNotes().filter {
          [SampleData.moss.id, SampleData.kingfisher.id].contains($0.id)
        }
      ))
    #expect(try store.journal.trashedNotes().isEmpty)
    #expect(try store.note(withID: SampleData.kingfisher.id) == SampleData.kingfisher)
    #expect(throws: NoteStoreError.notInTrash(SampleData.moss.id)) {
      try store.commit(TrashChange.restore(SampleData.moss.id))
    }
  }
}

/// Two processes on one store file: a note one restores is never emptied by the other, nor is
/// one deleted again after the other asked.
@MainActor
@Suite struct TrashTwoProcessTests {
  let file = TemporaryStoreFile()
  static let wren = Note(
    id: UUID(number: 0xA2), title: "Wren", body: "Loud.", createdAt: SampleData.date(minutes: 1))

  func twoStores() throws -> (NoteStore, NoteStore) {
    try SQLiteNoteRepository(path: file.path).commit([.saveNote(Self.wren)])
    let first = try NoteStore(
      repository: SQLiteNoteRepository(path: file.path), syncer: NoOpNoteSyncer(),
      now: .advancing(from: SampleData.date(minutes: 10)))
    let second = try NoteStore(
      repository: SQLiteNoteRepository(path: file.path), syncer: NoOpNoteSyncer(),
      now: .advancing(from: SampleData.date(minutes: 20)))
    return (first, second)
  }

  /// `empty` deletes the trash entries it asked about: a note another process restored, wrote
  /// in and deleted again after the question is another entry, and stays, with its new text.
  @Test func aNoteDeletedAgainAfterTheQuestionIsNotEmptied() throws {
    let (first, second) = try twoStores()
    let id = Self.wren.id
    try first.perform(.deleteNote(id))
    try second.reload()
    let asked = try second.journal.trashedNotes()
    try first.commit(TrashChange.restore(id))
    var edited = try #require(try first.note(withID: id))
    edited.body = "Written after the question."
    try first.perform(.updateNote(edited))
    try first.perform(.deleteNote(id))

    try second.commit(TrashChange.purge(asked))

    try first.reload()
    #expect(try first.journal.trashedNotes().map(\.note.body) == ["Written after the question."])
    #expect(try first.journal.versions(ofNote: id).map(\.body) == ["Loud."])
  }

  /// A restore made after the other process restored the note says it is no longer in the
  /// trash; one made after the other deleted its notebook brings it back into no notebook.
  @Test func aRestoreSaysWhatTheOtherProcessDidOrStillHolds() throws {
    let (first, second) = try twoStores()
    let id = Self.wren.id
    try first.perform(.deleteNote(id))
    try second.reload()
    try second.commit(TrashChange.restore(id))
    #expect(throws: NoteStoreError.notInTrash(id)) { try first.commit(TrashChange.restore(id)) }

    let birds = Notebook(name: "Birds")
    try first.addNotebook(birds)
    try first.perform(.moveNote(id, to: birds.id))
    try first.perform(.deleteNote(id))
    try second.reload()
    try second.deleteNotebook(birds.id, deletingNotes: false)
    try first.commit(TrashChange.restore(id))
    #expect(try first.note(withID: id)?.notebookID == nil, "its notebook is gone: in no notebook")
    #expect(try first.note(withID: id)?.body == "Loud.")
  }

  @Test func aNoteRestoredByOneIsNotEmptiedByTheOther() throws {
    let (first, second) = try twoStores()
    let id = Self.wren.id
    try first.perform(.deleteNote(id))
    try second.reload()
    #expect(try second.journal.trashedNotes().map(\.id) == [id])
    try first.commit(TrashChange.restore(id))
    try second.commit(TrashChange.purge(try second.journal.trashedNotes().filter { $0.id == id }))
    try first.reload()
    #expect(try first.note(withID: id) == Self.wren)
    #expect(try second.journal.trashedNotes().isEmpty)
    #expect(throws: NoteStoreError.self) { try second.commit(TrashChange.restore(id)) }
  }
}
