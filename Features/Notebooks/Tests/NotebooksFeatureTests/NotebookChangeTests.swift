import FieldNotesModel
import FieldNotesServices
import FieldNotesTesting
import Foundation
import NotebooksFeature
import Testing

/// The notebooks' own writes, through the store's one write path: each is one transaction, and
/// every text a deletion replaces or removes is kept (a released note's earlier text as a
/// version, a deleted note in the trash).
@MainActor
@Suite struct NotebookChangeTests {
  @Test func deletingANotebookCanKeepItsNotes() throws {
    let store = NoteStore(
      notes: SampleData.library.notes, notebooks: SampleData.library.notebooks,
      now: .fixed(SampleData.date(minutes: 90)))

    try store.commit(NotebookChange.delete(SampleData.birds.id, notes: .keepNotes))

    #expect(store.notebooks == [SampleData.plants])
    #expect(store.notes.count == 4)
    #expect(store.notes.filter { $0.notebookID == nil }.count == 3)
  }

  /// The notes a deleted notebook leaves are saved in no notebook, in the same write: after a
  /// restart they are in No Notebook, and can be edited.
  @Test func theNotesADeletedNotebookLeavesAreSavedInNoNotebook() throws {
    let repository = InMemoryNoteRepository(SampleData.library)
    let store = try NoteStore(
      repository: repository, syncer: NoOpNoteSyncer(), now: .fixed(SampleData.date(minutes: 90)))

    try store.commit(NotebookChange.delete(SampleData.birds.id, notes: .keepNotes))

    #expect(repository.commitCount == 1)
    let saved = repository.savedLibrary
    #expect(saved.notebooks == [SampleData.plants])
    for note in [SampleData.heron, SampleData.kingfisher] {
      #expect(saved.notes.first { $0.id == note.id }?.notebookID == nil, "\(note.title)")
    }
    let restarted = try NoteStore(
      repository: repository, syncer: NoOpNoteSyncer(), now: .fixed(SampleData.date(minutes: 91)))
    #expect(try restarted.notes(in: .unfiled).map(\.id).contains(SampleData.heron.id))
    var edited = try #require(try restarted.note(withID: SampleData.heron.id))
    edited.title = "Heron, after the notebook went"
    try restarted.perform(.updateNote(edited))
    #expect(repository.savedLibrary.notes.contains { $0.title == "Heron, after the notebook went" })
  }

  @Test func deletingANotebookCanDeleteItsNotes() throws {
    let store = NoteStore(notes: SampleData.library.notes, notebooks: SampleData.library.notebooks)

    try store.commit(NotebookChange.delete(SampleData.birds.id, notes: .deleteNotes))

    #expect(store.notes == [SampleData.moss, SampleData.shoppingList])
  }

  @Test func renameNotebookKeepsItsIdentity() throws {
    let store = NoteStore(notebooks: [SampleData.birds])
    try store.commit(NotebookChange.rename(SampleData.birds.id, to: "Waders"))
    #expect(store.notebooks.map(\.name) == ["Waders"])
    #expect(store.notebooks.map(\.id) == [SampleData.birds.id])
  }

  @Test func aFailedNotebookDeletionRestoresNotesAndNotebook() throws {
    let repository = InMemoryNoteRepository(SampleData.library)
    let store = try NoteStore(repository: repository, syncer: NoOpNoteSyncer(), now: .fixed())
    repository.failNextCommit(with: .readOnly(path: "/tmp/notes.sqlite"))

    #expect(throws: NoteStoreError.persistence(.readOnly(path: "/tmp/notes.sqlite"))) {
      try store.commit(NotebookChange.delete(SampleData.birds.id, notes: .deleteNotes))
    }
    #expect(store.notes == SampleData.library.notes)
    #expect(store.notebooks == SampleData.library.notebooks)
  }

  @Test func aNotebookAddedTwiceOrGoneIsRefused() throws {
    let store = NoteStore(notebooks: [SampleData.birds])
    #expect(throws: NoteStoreError.duplicateNotebook(SampleData.birds.id)) {
      try store.commit(NotebookChange.add(SampleData.birds))
    }
    #expect(throws: NoteStoreError.notebookNotFound(SampleData.plants.id)) {
      try store.commit(NotebookChange.rename(SampleData.plants.id, to: "Ferns"))
    }
    #expect(store.notebooks == [SampleData.birds])
  }

  /// What a notebook's deletion replaces or removes is kept, in the same transaction.
  @Test func aDeletedNotebooksNotesKeepTheirText() throws {
    let repository = InMemoryNoteRepository(SampleData.library)
    let store = try NoteStore.stamped(repository)

    try store.commit(NotebookChange.delete(SampleData.birds.id, notes: .keepNotes))
    try store.commit(NotebookChange.delete(SampleData.plants.id, notes: .deleteNotes))

    #expect(repository.commitCount == 2)
    for note in [SampleData.heron, SampleData.kingfisher] {
      let versions = try store.journal.versions(ofNote: note.id)
      #expect(versions.map(\.notebookID) == [SampleData.birds.id], "\(note.title)")
      #expect(versions.map(\.body) == [note.body], "\(note.title)")
    }
    let trashed = try store.journal.trashedNotes()
    #expect(trashed.map(\.id) == [SampleData.moss.id])
    #expect(trashed.first?.note == SampleData.moss)
  }
}
