import FieldNotesModel
import FieldNotesPersistence
import FieldNotesServices
import Foundation
import Testing

/// Drafts kept in the store, and the migration that added their table to older stores.
@Suite struct SQLiteDraftTests {
  let directory = TemporaryDirectory()

  @Test func aVersionOneStoreGainsTheDraftsTableAndKeepsItsNotes() throws {
    let path = directory.file("old.sqlite")
    try execute(
      """
      PRAGMA application_id = \(0x464E_4F54);
      CREATE TABLE notebooks (id TEXT PRIMARY KEY NOT NULL, name TEXT NOT NULL,
        symbol_name TEXT NOT NULL);
      CREATE TABLE notes (id TEXT PRIMARY KEY NOT NULL, title TEXT NOT NULL, body TEXT NOT NULL,
        created_at REAL NOT NULL, updated_at REAL NOT NULL, notebook_id TEXT,
        tags TEXT NOT NULL DEFAULT '[]', is_pinned INTEGER NOT NULL DEFAULT 0);
      CREATE INDEX notes_by_notebook ON notes (notebook_id);
      INSERT INTO notes VALUES ('00000000-0000-0000-0000-0000000000A1',
        'Heron', 'Grey.', 0, 0, NULL, '["birds"]', 1);
      PRAGMA user_version = 1;
      """, on: path, create: true)

    let repository = try SQLiteNoteRepository(path: path)

    #expect(try repository.load().notes.map(\.title) == ["Heron"])
    #expect(try pragma("user_version", of: path) == SQLiteSearchIndexTests.currentVersion)
    #expect(try repository.keptDrafts(forNote: nil) == [])
    #expect(try repository.noteIDs(matching: "grey").count == 1)
  }

  static func session(_ number: Int) -> DraftSession {
    DraftSession(
      id: UUID(uuidString: "00000000-0000-0000-0000-00000000000\(number)") ?? UUID(),
      startedAt: Date(timeIntervalSinceReferenceDate: Double(number)),
      terminal: number == 1 ? nil : "/dev/pts/\(number)")
  }

  @Test func aDraftIsKeptPerSessionAndNoteAndForgotten() throws {
    let repository = try SQLiteNoteRepository(path: directory.file("notes.sqlite"))
    let noteID = UUID()
    let newNote = Draft(
      noteID: nil, notebookID: UUID(), title: "New", body: "line\nline", tags: ["a", "b"],
      keptAt: Date(timeIntervalSinceReferenceDate: 1_000.5), session: Self.session(1),
      baseUpdatedAt: nil)
    let otherSession = Draft(
      noteID: nil, notebookID: nil, title: "Also new", body: "", tags: [],
      keptAt: Date(timeIntervalSinceReferenceDate: 1_500), session: Self.session(2),
      baseUpdatedAt: nil)
    let edit = Draft(
      noteID: noteID, notebookID: nil, title: "Edited", body: "", tags: [],
      keptAt: Date(timeIntervalSinceReferenceDate: 2_000), session: Self.session(1),
      baseUpdatedAt: Date(timeIntervalSinceReferenceDate: 1_234.567))

    try repository.keepDraft(newNote, superseding: nil)
    try repository.keepDraft(otherSession, superseding: nil)
    try repository.keepDraft(edit, superseding: nil)

    #expect(try repository.keptDrafts(forNote: nil) == [otherSession, newNote])
    #expect(try repository.keptDrafts(forNote: noteID) == [edit], "with the date it grew from")
    #expect(try repository.noteIDsWithKeptDrafts() == [noteID])
    try repository.discardDraft(newNote)
    #expect(try repository.keptDrafts(forNote: nil) == [otherSession])
    #expect(try repository.keptDrafts(forNote: noteID) == [edit])
  }

  @Test func keepingAgainReplacesOnlyTheSessionsOwnAndTheDraftItGrewFrom() throws {
    let repository = try SQLiteNoteRepository(path: directory.file("notes.sqlite"))
    func draft(_ title: String, session: Int, at seconds: Double) -> Draft {
      Draft(
        noteID: nil, notebookID: nil, title: title, body: "", tags: [],
        keptAt: Date(timeIntervalSinceReferenceDate: seconds), session: Self.session(session),
        baseUpdatedAt: nil)
    }
    try repository.keepDraft(draft("One", session: 1, at: 1), superseding: nil)
    try repository.keepDraft(draft("Two", session: 2, at: 2), superseding: nil)

    try repository.keepDraft(draft("One again", session: 1, at: 3), superseding: nil)
    #expect(try repository.keptDrafts(forNote: nil).map(\.title) == ["One again", "Two"])
    try repository.keepDraft(
      draft("Three, from two", session: 3, at: 4), superseding: draft("Two", session: 2, at: 2))
    #expect(
      try repository.keptDrafts(forNote: nil).map(\.title) == ["Three, from two", "One again"])
  }

  @Test func aVersionThreeStoresDraftsMoveOverAsAnEarlierSessions() throws {
    let path = directory.file("notes.sqlite")
    _ = try SQLiteNoteRepository(path: path)
    try execute(
      """
      DROP TABLE session_drafts;
      CREATE TABLE drafts (note_key TEXT PRIMARY KEY NOT NULL, notebook_id TEXT,
        title TEXT NOT NULL, body TEXT NOT NULL, tags TEXT NOT NULL DEFAULT '[]',
        kept_at REAL NOT NULL);
      INSERT INTO drafts VALUES ('new', NULL, 'Kept before', 'Its body.', '["a"]', 42);
      PRAGMA user_version = 3;
      """, on: path)

    let repository = try SQLiteNoteRepository(path: path)

    let kept = try repository.keptDrafts(forNote: nil)
    #expect(kept.map(\.title) == ["Kept before"])
    #expect(kept.first?.body == "Its body.")
    #expect(kept.first?.tags == ["a"])
    #expect(kept.first?.session.startedAt == Date(timeIntervalSinceReferenceDate: 42))
    #expect(try pragma("user_version", of: path) == SQLiteSearchIndexTests.currentVersion)
  }

  @Test func theDraftsMigrationRunsAgainOnAStoreWhoseVersionWentBack() throws {
    let path = directory.file("notes.sqlite")
    let first = try SQLiteNoteRepository(path: path)
    let draft = Draft(
      noteID: nil, notebookID: nil, title: "Kept", body: "", tags: [],
      keptAt: Date(timeIntervalSinceReferenceDate: 7), session: Self.session(2), baseUpdatedAt: nil)
    try first.keepDraft(draft, superseding: nil)
    try execute("PRAGMA user_version = 3", on: path)

    let reopened = try SQLiteNoteRepository(path: path)

    #expect(try reopened.keptDrafts(forNote: nil) == [draft])
  }
}
