import FieldNotesModel
import FieldNotesPersistence
import FieldNotesServices
import Foundation
import Testing

/// The store's sync journal: every write to a note or a notebook, FieldNotes' own or another
/// program's, is named in it until a sync records its mark through it; anything written after
/// the sync read it stays for the next.
@Suite struct SQLiteSyncJournalTests {
  let directory = TemporaryDirectory()

  func note(_ number: Int, _ title: String) -> Note {
    Note(
      id: UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, UInt8(number))), title: title,
      body: "Body \(number)", createdAt: Date(timeIntervalSinceReferenceDate: 0))
  }

  @Test func aNewStoreSJournalStartsAtNoCommitUntilASyncRecordsOne() throws {
    let store = try SQLiteNoteRepository(path: directory.file("notes.sqlite"))
    try store.commit([.saveNote(note(1, "Before any sync"))])
    #expect(try store.syncChanges().noteIDs.isEmpty, "a store that never synced journals nothing")
    try store.commit([.saveNote(note(1, "First"))])
    let before = try store.syncChanges()
    #expect(before.start == nil)
    #expect(before.noteIDs == [note(1, "").id])

    try store.recordSyncMark("abc123", journalThrough: before.position)

    let after = try store.syncChanges()
    #expect(after.start == "abc123")
    #expect(after.noteIDs.isEmpty && after.notebookIDs.isEmpty)
    #expect(try store.syncMark() == "abc123")
  }

  @Test func savesDeletionsAndNotebooksAreJournaledAndWhatIsWrittenAfterTheReadStays() throws {
    let store = try SQLiteNoteRepository(path: directory.file("notes.sqlite"))
    let notebook = Notebook(name: "Birds")
    try store.commit([
      .saveNotebook(notebook), .saveNote(note(1, "One")), .saveNote(note(2, "Two")),
    ])
    try store.recordSyncMark("first", journalThrough: try store.syncChanges().position)

    var edited = note(1, "One, edited")
    edited.notebookID = notebook.id
    try store.commit([.saveNote(edited), .trashNote(note(2, "").id, at: .distantPast)])
    let read = try store.syncChanges()
    #expect(read.noteIDs == [note(1, "").id, note(2, "").id])
    // Written after the sync read the journal: kept for the next sync.
    try store.commit([.deleteNotebook(notebook.id)])
    try store.recordSyncMark("second", journalThrough: read.position)

    let next = try store.syncChanges()
    #expect(next.start == "second")
    #expect(next.notebookIDs == [notebook.id])
    let items = try store.journaledItems(noteIDs: read.noteIDs, notebookIDs: next.notebookIDs)
    #expect(items.notes.map(\.id) == [note(1, "").id], "the trashed note is gone")
    #expect(items.notebooks.isEmpty, "the deleted notebook is gone")
  }

  @Test func anotherProgramsWritesAreJournaled() throws {
    let path = directory.file("notes.sqlite")
    let store = try SQLiteNoteRepository(path: path)
    try store.commit([.saveNote(note(1, "One")), .saveNote(note(2, "Two"))])
    try store.recordSyncMark("first", journalThrough: try store.syncChanges().position)
    let id = note(1, "").id.uuidString

    try execute("UPDATE notes SET body = 'Changed by hand' WHERE id = '\(id)'", on: path)

    let changes = try store.syncChanges()
    #expect(changes.noteIDs == [note(1, "").id])
    #expect(!changes.hasForeignIdentifiers)
    let items = try store.journaledItems(noteIDs: changes.noteIDs, notebookIDs: [])
    #expect(items.notes.map(\.body) == ["Changed by hand"])
  }

  /// A note's properties are in its file too: another program's edit of them alone is synced,
  /// and a store of the version before, whose trigger left them out, is given the new one.
  @Test(arguments: [false, true])
  func anotherProgramsEditOfAPropertyAloneIsJournaled(fromTheVersionBefore: Bool) throws {
    let path = directory.file("notes.sqlite")
    var withProperty = note(1, "One")
    withProperty.properties = [NoteProperty(key: "status", rawValue: " draft")]
    try SQLiteNoteRepository(path: path).commit([.saveNote(withProperty)])
    if fromTheVersionBefore { try setBackToVersion16(path) }
    let store = try SQLiteNoteRepository(path: path)
    #expect(try pragma("user_version", of: path) == SQLiteSearchIndexTests.currentVersion)
    #expect(store.searchIndexRebuilds.isEmpty, "a plain upgrade")
    try store.recordSyncMark("first", journalThrough: try store.syncChanges().position)

    try execute(
      "UPDATE notes SET properties = replace(properties, 'draft', 'done')", on: path)

    #expect(try store.syncChanges().noteIDs == [withProperty.id])
  }

  /// A note's attachments are synced: keeping one or purging its note names the note, and a
  /// store of the version before, which had no such triggers, is given them.
  @Test(arguments: [false, true])
  func attachmentsKeptAndPurgedAreJournaled(fromTheVersionBefore: Bool) throws {
    let path = directory.file("notes.sqlite")
    let heron = note(1, "Heron")
    try SQLiteNoteRepository(path: path).commit([.saveNote(heron), .saveNote(note(2, "Two"))])
    if fromTheVersionBefore { try setBackToVersion17(path) }
    let store = try SQLiteNoteRepository(path: path)
    #expect(try pragma("user_version", of: path) == SQLiteSearchIndexTests.currentVersion)
    #expect(store.searchIndexRebuilds.isEmpty, "a plain upgrade")
    try store.recordSyncMark("first", journalThrough: try store.syncChanges().position)

    try store.commit([
      .saveAttachment(NoteAttachment(name: "pic.png", bytes: Data("PNG".utf8)), forNote: heron.id)
    ])
    let kept = try store.syncChanges()
    #expect(kept.attachmentNoteIDs == [heron.id])
    #expect(kept.noteIDs.isEmpty, "the note's file didn't change")
    #expect(try store.attachmentNames() == [heron.id: ["pic.png"]])
    try store.recordSyncMark("second", journalThrough: kept.position)

    try store.commit([.trashNote(heron.id, at: .distantPast)])
    #expect(try store.attachmentNames().isEmpty, "a trashed note's files are left out")
    let trashed = try #require(try store.trashedNotes().first)
    try store.commit([.purgeTrashedNote(trashed)])
    let purged = try store.syncChanges()
    #expect(purged.attachmentNoteIDs == [heron.id])
    #expect(try store.attachments(ofNote: heron.id).isEmpty)
  }

  @Test func aRowWithAnIdentifierFieldNotesDoesNotWriteIsNamedAsForeign() throws {
    let path = directory.file("notes.sqlite")
    let store = try SQLiteNoteRepository(path: path)
    try store.recordSyncMark("first", journalThrough: try store.syncChanges().position)
    // No UUID (one in small letters is refused: `IdentifierCaseTests`).
    let foreign = "NOTE-3"

    try execute(
      "INSERT INTO notes (id, title, body, created_at, updated_at) "
        + "VALUES ('\(foreign)', 'No UUID', '', 0, 0)", on: path)

    #expect(try store.syncChanges().hasForeignIdentifiers)
  }

  @Test func aMarkRecordedWithoutTheJournalLeavesItStartingNowhere() throws {
    let store = try SQLiteNoteRepository(path: directory.file("notes.sqlite"))
    try store.recordSyncMark("first", journalThrough: try store.syncChanges().position)
    try store.recordSyncMark("second")
    try store.commit([.saveNote(note(1, "Written after"))])
    let changes = try store.syncChanges()
    #expect(changes.start == nil)
    #expect(changes.noteIDs == [note(1, "").id], "the journal is still kept")
  }

  @Test func anUnreadableRowIsNamedAsSuch() throws {
    let path = directory.file("notes.sqlite")
    let store = try SQLiteNoteRepository(path: path)
    try store.commit([.saveNote(note(1, "One"))])
    let id = note(1, "").id
    try execute("UPDATE notes SET tags = 'not a list' WHERE id = '\(id.uuidString)'", on: path)

    let items = try store.journaledItems(noteIDs: [id], notebookIDs: [])
    #expect(items.notes.isEmpty)
    #expect(items.unreadableNoteIDs == [id])
  }

  @Test func anUpdateOfSomeNotesReadsOnlyThoseAndSavesInOneTransaction() throws {
    let store = try SQLiteNoteRepository(path: directory.file("notes.sqlite"))
    let notebook = Notebook(name: "Birds")
    try store.commit([
      .saveNotebook(notebook), .saveNote(note(1, "One")), .saveNote(note(2, "Two")),
    ])
    var seen: JournaledItems?
    let stamp = store.changeStamp

    try store.update(noteIDs: [note(1, "").id], notebookIDs: [notebook.id]) { items in
      seen = items
      return [.saveNote(note(1, "One, merged"))]
    }

    #expect(seen?.notes.map(\.id) == [note(1, "").id], "only the note named is read")
    #expect(seen?.notebooks.map(\.id) == [notebook.id])
    #expect(try store.note(withID: note(1, "").id)?.title == "One, merged")
    #expect(try store.note(withID: note(2, "").id)?.title == "Two")
    #expect(store.changeStamp != stamp, "a store that reloads sees the change")
  }

  @Test func theNotesAreReadAPageAtATimeEachOnce() throws {
    let store = try SQLiteNoteRepository(path: directory.file("notes.sqlite"))
    try store.commit((1...5).map { .saveNote(note($0, "Note \($0)")) })
    try store.commit([.trashNote(note(2, "").id, at: .distantPast)])
    var read: [Note.ID] = []
    var position: Int?
    var pages = 0

    repeat {
      let page = try store.notes(after: position, limit: 2)
      read += page.items.notes.map(\.id)
      position = page.next
      pages += 1
    } while position != nil && pages < 10

    #expect(
      read == [1, 3, 4, 5].map { note($0, "").id }, "every saved note, once, not the trashed")
    #expect(pages == 3, "two full pages, then an empty one that says it is the last")
  }
}
