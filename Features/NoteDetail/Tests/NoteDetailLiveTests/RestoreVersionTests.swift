import FieldNotesModel
import FieldNotesPersistence
import FieldNotesServices
import FieldNotesTesting
import Foundation
import NoteDetailLive
import Testing

/// Restoring a version through the store's one write path keeps the text it replaces, and a
/// restore over another process's edit is refused and loses neither text.
@MainActor
@Suite struct RestoreVersionTests {
  let repository = InMemoryNoteRepository(SampleData.library)
  let store: NoteStore

  init() throws {
    store = try .stamped(repository)
  }

  var heron: Note { ((try? store.note(withID: SampleData.heron.id)) ?? nil) ?? SampleData.heron }

  @Test func restoringAVersionKeepsTheTextItReplaces() throws {
    var edited = heron
    edited.title = "Grey heron"
    edited.body = "It took a fish."
    try store.perform(.updateNote(edited))
    try store.commit(RestoreVersion(heron.id, number: 1))

    #expect(heron.title == SampleData.heron.title)
    #expect(heron.body == SampleData.heron.body)
    #expect(heron.isPinned, "the pin is the note's, not the version's")
    #expect(
      try store.journal.versions(ofNote: heron.id).map(\.title) == [
        "Heron at the lake", "Grey heron",
      ])
    try store.commit(RestoreVersion(heron.id, number: 2))
    #expect(heron.body == "It took a fish.")
    #expect(try store.journal.versions(ofNote: heron.id).count == 3)
  }

  @Test func aVersionOfANotebookSinceDeletedIsRestoredIntoNoNotebook() throws {
    try store.perform(.moveNote(heron.id, to: nil))
    try store.deleteNotebook(SampleData.birds.id, deletingNotes: false)
    try store.commit(RestoreVersion(heron.id, number: 1))
    #expect(heron.notebookID == nil)
    #expect(heron.tags == SampleData.heron.tags)
  }

  @Test func aVersionThatIsNotThereIsRefused() {
    #expect(throws: NoteStoreError.versionNotFound(SampleData.heron.id, number: 1)) {
      try store.commit(RestoreVersion(SampleData.heron.id, number: 1))
    }
  }

  @Test func aRestoreOverAnEditFromAnotherProcessIsRefusedAndLosesNeither() throws {
    var edited = heron
    edited.body = "First edit."
    try store.perform(.updateNote(edited))
    let other = try NoteStore(
      repository: repository, syncer: NoOpNoteSyncer(), now: .fixed(SampleData.date(minutes: 500)))
    var theirs = try #require(try other.note(withID: heron.id))
    theirs.body = "Written in another window."
    try other.perform(.updateNote(theirs))

    #expect(throws: NoteStoreError.persistence(.conflict(SampleData.heron.id))) {
      try store.commit(RestoreVersion(SampleData.heron.id, number: 1))
    }
    #expect(heron.body == "Written in another window.", "the refusal showed the fresh note")
    #expect(
      try store.journal.versions(ofNote: heron.id).map(\.body) == [
        SampleData.heron.body, "First edit.",
      ])
  }

  @Test func aRestoreOverTheOtherProcessesEditToTheSameFileIsRefusedAndLosesNeitherText() throws {
    let file = TemporaryStoreFile()
    let wren = Note(
      id: UUID(number: 0xA2), title: "Wren", body: "Loud.", createdAt: SampleData.date(minutes: 1))
    try SQLiteNoteRepository(path: file.path).commit([.saveNote(wren)])
    let first = try NoteStore(
      repository: SQLiteNoteRepository(path: file.path), syncer: NoOpNoteSyncer(),
      now: .advancing(from: SampleData.date(minutes: 10)))
    let second = try NoteStore(
      repository: SQLiteNoteRepository(path: file.path), syncer: NoOpNoteSyncer(),
      now: .advancing(from: SampleData.date(minutes: 20)))
    var edited = try #require(try first.note(withID: wren.id))
    edited.body = "First window."
    try first.perform(.updateNote(edited))
    _ = try first.journal.versions(ofNote: wren.id)
    try second.reload()
    var theirs = try #require(try second.note(withID: wren.id))
    theirs.body = "Second window."
    try second.perform(.updateNote(theirs))

    #expect(throws: NoteStoreError.persistence(.conflict(wren.id))) {
      try first.commit(RestoreVersion(wren.id, number: 1))
    }
    #expect(try first.note(withID: wren.id)?.body == "Second window.", "the refusal showed it")
    #expect(try first.journal.versions(ofNote: wren.id).map(\.body) == ["Loud.", "First window."])
    try first.commit(RestoreVersion(wren.id, number: 1))
    #expect(
      try first.journal.versions(ofNote: wren.id).map(\.body) == [
        "Loud.", "First window.", "Second window.",
      ])
  }

  /// A long note saved 40 times keeps its versions as changes; the oldest still restores, and
  /// its history still says what each save changed.
  @Test func theOldestOfManyVersionsKeptAsChangesRestoresWithItsHistory() throws {
    let file = TemporaryStoreFile()
    var lines = (1...400).map { "Line \($0) of the survey: a heron by the weir, grey and still." }
    let first = lines.joined(separator: "\n")
    let store = try NoteStore(
      repository: SQLiteNoteRepository(path: file.path), syncer: NoOpNoteSyncer(),
      now: .advancing(from: SampleData.date(minutes: 10)))
    let note = Note(title: "Survey", body: first, createdAt: SampleData.date(minutes: 1))
    try store.perform(.addNote(note))
    for edit in 1...40 {
      var edited = try #require(try store.note(withID: note.id))
      lines[edit * 7] += " Seen again (\(edit))."
      edited.body = lines.joined(separator: "\n")
      try store.perform(.updateNote(edited))
    }
    let latest = try #require(try store.note(withID: note.id))
    let versions = try store.journal.versions(ofNote: note.id)
    #expect(versions.count == 40)
    let history = NoteVersion.history(of: versions, current: latest)
    #expect(history.map(\.changes.linesAdded) == Array(repeating: 1, count: 40))

    try store.commit(RestoreVersion(note.id, number: 1))

    #expect(try store.note(withID: note.id)?.body == first)
    let after = try store.journal.versions(ofNote: note.id)
    #expect(after.map(\.body) == versions.map(\.body) + [latest.body])
  }
}
