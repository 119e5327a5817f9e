import FieldNotesModel
import FieldNotesPersistence
import FieldNotesQuery
import FieldNotesServices
import Foundation
import Testing

/// The persistence layer's rule: no command leaves a transaction or a stepped statement behind.
///
/// When a command of the repository returns, its connection holds no transaction and no
/// statement is left stepped. A connection that kept a read transaction
/// after `COMMIT` could never write again once another connection had committed: its
/// `BEGIN IMMEDIATE` fails at once, without waiting.
@Suite struct SQLiteTransactionTests {
  let directory = TemporaryDirectory()

  /// Every kind of command a session runs, against a store another connection writes between
  /// them: each command waits for the other writer if it must, and none fails.
  @Test func aLongSessionKeepsSavingAfterAnotherConnectionWrites() throws {
    let path = directory.file("notes.sqlite")
    let session = try SQLiteNoteRepository(path: path)
    let other = try SQLiteNoteRepository(path: path)
    let birds = Notebook(name: "Birds")
    var heron = Note(title: "Heron", body: "Grey.", tags: ["birds"])
    try session.commit([.saveNotebook(birds), .saveNote(heron)])
    _ = try session.load()

    for round in 1...20 {
      // Another process commits something…
      try other.commit([.saveNote(Note(title: "From elsewhere \(round)"))])
      // …and this session's next write of an existing note, checked against what it read,
      // still goes through.
      let before = heron
      heron.isPinned.toggle()
      heron.title = "Heron \(round)"
      try session.commit([.expectNote(heron.id, before), .saveNote(heron)])
      try other.commit([.saveNote(Note(title: "Again from elsewhere \(round)"))])
      _ = try session.load()
      _ = try session.page(
        NoteListQuery(scope: .allNotes, search: NoteSearch(literally: "heron").query, limit: 20))
      let draft = Draft(
        noteID: heron.id, notebookID: nil, title: "t", body: "b", tags: [],
        keptAt: Date(timeIntervalSinceReferenceDate: 0), session: SQLiteDraftTests.session(1),
        baseUpdatedAt: nil)
      try session.keepDraft(draft, superseding: nil)
      _ = try session.keptDrafts(forNote: heron.id)
      try other.commit([.saveNote(Note(title: "Third from elsewhere \(round)"))])
      try session.discardDraft(draft)
      try session.update { _ in [] }
    }
    #expect(try other.load().notes.first { $0.id == heron.id }?.title == "Heron 20")
  }

  /// After each command, the session's connection holds no transaction: checked with
  /// `sqlite3_txn_state`, and every statement the command stepped was finished by the command
  /// itself (none was left for the repository to reset).
  @Test func noCommandLeavesATransactionOrAStatementOpen() throws {
    let path = directory.file("notes.sqlite")
    let repository = try SQLiteNoteRepository(path: path)
    var note = Note(title: "Heron", body: "Grey heron.")
    let draft = Draft(
      noteID: nil, notebookID: nil, title: "t", body: "b", tags: [],
      keptAt: Date(timeIntervalSinceReferenceDate: 0), session: SQLiteDraftTests.session(1),
      baseUpdatedAt: nil)
    let commands: [(String, () throws -> Void)] = [
      ("commit", { try repository.commit([.saveNote(note)]) }),
      (
        "expect and save",
        {
          let before = note
          note.isPinned = true
          try repository.commit([.expectNote(note.id, before), .saveNote(note)])
        }
      ),
      ("expect a missing note", { try repository.commit([.expectNote(UUID(), nil)]) }),
      ("delete", { try repository.commit([.trashNote(UUID(), at: .distantPast)]) }),
      ("load", { _ = try repository.load() }),
      ("update", { try repository.update { _ in [.saveNote(note)] } }),
      ("search", { _ = try repository.noteIDs(matching: "her") }),
      ("short search", { _ = try repository.noteIDs(matching: "h") }),
      ("page", { _ = try repository.page(NoteListQuery(scope: .allNotes, limit: 1)) }),
      (
        "filtered page",
        {
          _ = try repository.page(
            NoteListQuery(scope: .tagged("t"), pinnedOnly: true, order: .oldest, limit: 1))
        }
      ),
      ("title order", { _ = try repository.page(NoteListQuery(scope: .unfiled, order: .title)) }),
      ("note", { _ = try repository.note(withID: note.id) }),
      ("notebooks", { _ = try repository.notebooks() }),
      ("counts", { _ = try repository.summary() }),
      ("tags", { _ = try repository.summary().tagCounts }),
      ("saved notes", { _ = try repository.savedNoteIDs(among: [note.id, UUID()]) }),
      ("unreadable notes", { _ = try repository.unreadableNotes() }),
      ("integrity", { _ = try repository.integrityProblems() }),
      ("change stamp", { _ = repository.changeStamp }),
      ("keep a draft", { try repository.keepDraft(draft, superseding: draft) }),
      ("read drafts", { _ = try repository.keptDrafts(forNote: nil) }),
      ("discard a draft", { try repository.discardDraft(draft) }),
    ]
    for (name, command) in commands {
      let earlier = repository.statementsLeftStepped.count
      try command()
      #expect(repository.connectionState == .idle, "after \(name)")
      #expect(repository.statementsLeftStepped.dropFirst(earlier) == [], "after \(name)")
    }
  }
}
