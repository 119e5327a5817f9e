import FieldNotesModel
import FieldNotesPersistence
import FieldNotesQuery
import FieldNotesSQLiteTesting
import FieldNotesServices
import Foundation
import Testing

/// A note's identifier is kept in capitals, whoever writes it, so every lookup by identifier
/// finds the note.
///
/// FieldNotes writes a note's identifier as `UUID.uuidString` does, in capitals, and looks a
/// note up by that text. Another tool writing `notes` directly could write it in small letters:
/// the note was listed, but showing, pinning or saving it by its identifier found nothing, and
/// importing it again made a second copy. The store now refuses such a write, with a message
/// saying why, and a store another tool wrote so before opens with its identifiers in capitals,
/// with their versions, trash entries and files.
@Suite struct IdentifierCaseTests {
  let directory = TemporaryDirectory()

  static let wren = Note(
    title: "Wren", body: "in the hedge", createdAt: Date(timeIntervalSinceReferenceDate: 100),
    tags: ["birds"], updatedAt: Date(timeIntervalSinceReferenceDate: 100))
  static let heron = Note(
    title: "Heron", body: "by the weir", createdAt: Date(timeIntervalSinceReferenceDate: 200),
    updatedAt: Date(timeIntervalSinceReferenceDate: 200))

  /// A store whose notes another tool wrote with identifiers in small letters before the store
  /// refused them: the wren edited there once (so it has a version under that identifier), with
  /// a file; the heron in the trash.
  func storeFromBeforeTheRule() throws -> String {
    let path = directory.file("before.sqlite")
    let repository = try SQLiteNoteRepository(path: path)
    try repository.commit([.saveNote(Self.wren), .saveNote(Self.heron)])
    try repository.commit([.trashNote(Self.heron.id, at: Date(timeIntervalSinceReferenceDate: 300))]
    )
    let raw = try RawConnection(path: path)
    try raw.execute(
      """
      DROP TRIGGER IF EXISTS notes_identifier_in_capitals_insert;
      DROP TRIGGER IF EXISTS notes_identifier_in_capitals_update;
      DROP TRIGGER IF EXISTS trashed_notes_identifier_in_capitals_update;
      UPDATE notes SET id = lower(id);
      UPDATE notes SET body = 'in the hedge, singing', updated_at = 250;
      UPDATE trashed_notes SET id = lower(id);
      INSERT INTO note_attachments (note_id, name, bytes)
        VALUES (lower('\(Self.wren.id)'), 'song.txt', x'7472696c6c');
      PRAGMA user_version = 19;
      """)
    return path
  }

  @Test func aStoreAnotherToolWroteInSmallLettersOpensWithEveryNoteFoundByItsIdentifier() throws {
    let path = try storeFromBeforeTheRule()
    let repository = try SQLiteNoteRepository(path: path)

    let wren = try #require(try repository.note(withID: Self.wren.id))
    #expect(wren.body == "in the hedge, singing")
    #expect(try repository.versions(ofNote: Self.wren.id).map(\.body) == ["in the hedge"])
    #expect(try repository.attachments(ofNote: Self.wren.id).map(\.name) == ["song.txt"])
    let trashed = try #require(try repository.trashedNotes().first)
    try repository.commit([.restoreTrashedNote(trashed.note)])
    #expect(try repository.trashedNotes().isEmpty)
    try repository.commit([.trashNote(Self.heron.id, at: Date(timeIntervalSinceReferenceDate: 500))]
    )

    // Pinned and saved by its identifier, it stays one note, listed once under its tag.
    var pinned = wren
    pinned.isPinned = true
    try repository.commit([.saveNote(pinned)])
    #expect(try repository.load().notes == [pinned])
    let tagged = try repository.page(NoteListQuery(scope: .tagged("birds")))
    #expect(tagged.notes.map(\.id) == [Self.wren.id])
    #expect(tagged.totalCount == 1)
    #expect(try repository.versions(ofNote: Self.wren.id).count == 1)
  }

  /// A store the FieldNotes before this rule left, every identifier in capitals, is upgraded
  /// without rebuilding its search index, which that FieldNotes kept in step: at a million
  /// notes a rebuild takes minutes.
  @Test func aStoreOfTheVersionBeforeTheRuleIsUpgradedWithoutARebuild() throws {
    let path = directory.file("plain.sqlite")
    try SQLiteNoteRepository(path: path).commit([.saveNote(Self.wren), .saveNote(Self.heron)])
    try setBackToVersion19(path)

    let reopened = try SQLiteNoteRepository(path: path)

    #expect(reopened.searchIndexRebuilds == [])
    #expect(try pragma("user_version", of: path) == SQLiteSearchIndexTests.currentVersion)
    #expect(try reopened.note(withID: Self.wren.id) == Self.wren)
  }

  @Test func anotherToolWritingAnIdentifierInSmallLettersIsRefusedWithTheReason() throws {
    let path = directory.file("now.sqlite")
    let repository = try SQLiteNoteRepository(path: path)
    try repository.commit([.saveNote(Self.wren)])
    let raw = try RawConnection(path: path)

    let inserted = #expect(throws: RawSQLiteError.self) {
      try raw.execute(
        """
        INSERT INTO notes (id, title, body, created_at, updated_at, tags, is_pinned)
          VALUES (lower('\(Self.heron.id)'), 'Heron', '', 200, 200, '[]', 0);
        """)
    }
    #expect(inserted?.message.contains("capitals") == true, "\(String(describing: inserted))")
    let renamed = #expect(throws: RawSQLiteError.self) {
      try raw.execute("UPDATE notes SET id = lower(id)")
    }
    #expect(renamed?.message.contains("capitals") == true, "\(String(describing: renamed))")
    let trashed = #expect(throws: RawSQLiteError.self) {
      try raw.execute(
        """
        INSERT INTO trashed_notes (id, title, body, trashed_at)
          VALUES (lower('\(Self.heron.id)'), 'Heron', '', 300);
        """)
    }
    #expect(trashed?.message.contains("capitals") == true, "\(String(describing: trashed))")

    #expect(try repository.load().notes == [Self.wren])
  }

  /// A note FieldNotes saved, and edited, whose identifier another tool then wrote in small
  /// letters and edited again: its versions from before and after are one history, numbered on,
  /// every one readable, and its file is its own (found by the outside check: the versions kept
  /// under small letters, and the file, stayed there, shown nowhere).
  @Test func versionsKeptUnderBothCasesAreOneHistory() throws {
    let path = directory.file("history.sqlite")
    let repository = try SQLiteNoteRepository(path: path)
    var wren = Self.wren
    try repository.commit([.saveNote(wren)])
    for body in ["second", "third"] {
      wren.body = body
      wren.updatedAt = wren.updatedAt.addingTimeInterval(60)
      try repository.commit([.saveNote(wren)])
    }
    let lower = Self.wren.id.uuidString.lowercased()
    try setBackToVersion19(path)
    try RawConnection(path: path).execute(
      """
      UPDATE notes SET id = '\(lower)';
      UPDATE notes SET body = 'fourth', updated_at = updated_at + 60;
      UPDATE notes SET body = 'fifth', updated_at = updated_at + 60;
      INSERT INTO note_attachments (note_id, name, bytes) VALUES ('\(lower)', 'p.png', x'89504e47');
      """)

    let reopened = try SQLiteNoteRepository(path: path)

    #expect(try reopened.note(withID: Self.wren.id)?.body == "fifth")
    let versions = try reopened.versions(ofNote: Self.wren.id)
    #expect(Set(versions.map(\.number)) == [1, 2, 3, 4])
    for (number, body) in [(1, "in the hedge"), (2, "second"), (3, "third"), (4, "fourth")] {
      #expect(try reopened.version(number, ofNote: Self.wren.id)?.body == body, "\(number)")
    }
    #expect(try reopened.attachments(ofNote: Self.wren.id).map(\.name) == ["p.png"])
    #expect(
      try RawSQLite.rows("SELECT count(*) FROM note_versions WHERE note_id = '\(lower)'", of: path)
        == ["0"])
  }

  /// Two rows whose identifiers differ only in case are two notes another tool wrote under one
  /// identifier: the one in capitals keeps it, the other is given one of its own, so each is
  /// found, edited and deleted apart, and a sync carries both.
  @Test func twinsOfOneIdentifierAreGivenOneEachAndFoundApart() throws {
    let path = try storeFromBeforeTheRule()
    try RawConnection(path: path).execute(
      """
      INSERT INTO notes (id, title, body, created_at, updated_at, tags, is_pinned)
        VALUES ('\(Self.wren.id)', 'Wren again', 'a second row', 400, 400, '[]', 0);
      """)
    let repository = try SQLiteNoteRepository(path: path)

    let notes = try repository.load().notes
    #expect(notes.map(\.title).sorted() == ["Wren", "Wren again"])
    #expect(try repository.note(withID: Self.wren.id)?.title == "Wren again")
    let twin = try #require(notes.first { $0.title == "Wren" })
    #expect(twin.id != Self.wren.id)
    #expect(try repository.note(withID: twin.id)?.body == "in the hedge, singing")
    #expect(try repository.versions(ofNote: twin.id).map(\.body) == ["in the hedge"])
    #expect(try repository.attachments(ofNote: twin.id).map(\.name) == ["song.txt"])

    var edited = twin
    edited.body = "in the hedge, still singing"
    try repository.commit([.saveNote(edited)])
    #expect(try repository.note(withID: Self.wren.id)?.body == "a second row", "not its twin")
  }

  /// A note another tool wrote in small letters while the trash kept a note of that identifier
  /// in capitals: both are kept, each under an identifier of its own, the trashed one still
  /// restorable (given capitals as an update, the note had taken the trash entry's identifier,
  /// and trashing it wrote over the entry).
  @Test func aNoteSharingItsIdentifierWithATrashEntryKeepsBoth() throws {
    let path = directory.file("trash.sqlite")
    let repository = try SQLiteNoteRepository(path: path)
    try repository.commit([.saveNote(Self.heron)])
    try repository.commit([.trashNote(Self.heron.id, at: Date(timeIntervalSinceReferenceDate: 300))]
    )
    try RawConnection(path: path).execute(
      """
      DROP TRIGGER notes_identifier_in_capitals_insert;
      INSERT INTO notes (id, title, body, created_at, updated_at, tags, is_pinned)
        VALUES (lower('\(Self.heron.id)'), 'Heron again', 'second text', 400, 400, '[]', 0);
      PRAGMA user_version = 19;
      """)
    let reopened = try SQLiteNoteRepository(path: path)

    let again = try #require(try reopened.load().notes.first)
    #expect(again.title == "Heron again")
    #expect(again.id != Self.heron.id)
    try reopened.commit([.trashNote(again.id, at: Date(timeIntervalSinceReferenceDate: 500))])
    let trashed = try reopened.trashedNotes()
    #expect(Set(trashed.map(\.note.body)) == ["by the weir", "second text"])
    let first = try #require(trashed.first { $0.id == Self.heron.id })
    try reopened.commit([.restoreTrashedNote(first.note)])
    #expect(try reopened.note(withID: Self.heron.id)?.body == "by the weir")
  }
}
