import CSQLite
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
    #expect(try repository.keptDraft(forNote: nil) == nil)
    #expect(
      try repository.noteIDs(
        forKeys: repository.noteKeys(matchingFolded: SearchFolding.fold("grey")) ?? []
      ).count == 1)
  }

  @Test func aDraftIsKeptPerNoteAndForgotten() throws {
    let repository = try SQLiteNoteRepository(path: directory.file("notes.sqlite"))
    let noteID = UUID()
    let newNote = Draft(
      noteID: nil, notebookID: UUID(), title: "New", body: "line\nline", tags: ["a", "b"],
      keptAt: Date(timeIntervalSinceReferenceDate: 1_000.5))
    let edit = Draft(
      noteID: noteID, notebookID: nil, title: "Edited", body: "", tags: [],
      keptAt: Date(timeIntervalSinceReferenceDate: 2_000))

    try repository.keepDraft(newNote)
    try repository.keepDraft(edit)

    #expect(try repository.keptDraft(forNote: nil) == newNote)
    #expect(try repository.keptDraft(forNote: noteID) == edit)
    try repository.discardDraft(forNote: nil)
    #expect(try repository.keptDraft(forNote: nil) == nil)
    #expect(try repository.keptDraft(forNote: noteID) == edit)
  }
}
