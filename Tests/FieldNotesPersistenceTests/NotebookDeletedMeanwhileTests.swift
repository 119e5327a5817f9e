import FieldNotesModel
import FieldNotesPersistence
import FieldNotesServices
import Foundation
import Testing

/// A note written into a notebook another process deleted since the store read it: the write
/// is refused in the same transaction and says the notebook is gone, so no note is left in a
/// notebook that isn't there (shown nowhere but All Notes).
@MainActor
@Suite struct NotebookDeletedMeanwhileTests {
  let directory = TemporaryDirectory()

  @Test func aNoteWrittenIntoANotebookDeletedElsewhereIsRefused() throws {
    let path = directory.file("notes.sqlite")
    let other = try SQLiteNoteRepository(path: path)
    let trips = Notebook(name: "Field trips")
    let walk = Note(title: "Estuary walk", createdAt: Date(timeIntervalSinceReferenceDate: 1))
    try other.commit([.saveNotebook(trips), .saveNote(walk)])
    let store = try NoteStore(
      repository: SQLiteNoteRepository(path: path), syncer: NoOpNoteSyncer(),
      now: DateProvider { Date(timeIntervalSinceReferenceDate: 10) })

    try other.commit([.deleteNotebook(trips.id)])

    let new = Note(title: "Heron", notebookID: trips.id)
    #expect(throws: NoteStoreError.notebookNotFound(trips.id)) {
      try store.perform(.addNote(new))
    }
    var moved = walk
    moved.notebookID = trips.id
    #expect(throws: NoteStoreError.notebookNotFound(trips.id)) {
      try store.perform(.updateNote(moved))
    }
    #expect(throws: NoteStoreError.notebookNotFound(trips.id)) {
      try store.perform(.moveNote(walk.id, to: trips.id))
    }
    let saved = try SQLiteNoteRepository(path: path).load()
    #expect(saved.notes.map(\.title) == ["Estuary walk"])
    #expect(saved.notes.allSatisfy { $0.notebookID == nil })
    #expect(store.notebooks.isEmpty, "the store read the deletion")
  }
}
