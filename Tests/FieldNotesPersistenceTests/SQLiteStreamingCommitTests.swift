import FieldNotesModel
import FieldNotesPersistence
import FieldNotesQuery
import FieldNotesServices
import Foundation
import Testing

/// An import written a change at a time (`commit(streaming:progress:)`): all of it, or none.
@Suite struct SQLiteStreamingCommitTests {
  let directory = TemporaryDirectory()

  @Test func everyChangeHandedOverIsSavedAndSearchable() throws {
    let store = try SQLiteNoteRepository(path: directory.file("notes.sqlite"))
    var told: [Int] = []
    try store.commit(
      streaming: { write throws(RepositoryError) in
        for index in 0..<25_000 { try write(.saveNote(Note(title: "Note \(index) heron"))) }
      }, progress: { told.append($0) })
    #expect(told == [10_000, 20_000])
    #expect(try store.load().notes.count == 25_000)
    let page = try store.page(
      NoteListQuery(scope: .allNotes, search: NoteSearch(literally: "heron").query, limit: 1))
    #expect(page.totalCount == 25_000)
  }

  @Test func aProducerThatFailsHalfwaySavesNothingAndItsErrorIsThrown() throws {
    let path = directory.file("notes.sqlite")
    let store = try SQLiteNoteRepository(path: path)
    try store.commit([.saveNote(Note(title: "Kept"))])
    #expect(throws: RepositoryError.readFailed(reason: "the file changed")) {
      try store.commit(
        streaming: { write throws(RepositoryError) in
          for index in 0..<5_000 { try write(.saveNote(Note(title: "Note \(index)"))) }
          throw .readFailed(reason: "the file changed")
        }, progress: { _ in })
    }
    #expect(try store.load().notes.map(\.title) == ["Kept"])
    // The store goes on saving.
    try store.commit([.saveNote(Note(title: "After"))])
    #expect(try SQLiteNoteRepository(path: path).load().notes.count == 2)
  }

  @Test func aChangeTheStoreRefusesSavesNothing() throws {
    let store = try SQLiteNoteRepository(path: directory.file("notes.sqlite"))
    let notInTheTrash = Note(title: "Never deleted")
    #expect(throws: RepositoryError.conflict(notInTheTrash.id)) {
      try store.commit(
        streaming: { write throws(RepositoryError) in
          try write(.saveNote(Note(title: "First")))
          try write(.restoreTrashedNote(notInTheTrash))
        }, progress: { _ in })
    }
    #expect(try store.load().notes.isEmpty)
  }
}
