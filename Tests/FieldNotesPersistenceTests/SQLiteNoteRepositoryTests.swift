import FieldNotesModel
import FieldNotesPersistence
import FieldNotesQuery
import FieldNotesSQLiteTesting
import FieldNotesServices
import Foundation
import Synchronization
import Testing

@Suite struct SQLiteNoteRepositoryTests {
  let directory = TemporaryDirectory()

  static let birds = Notebook(name: "Birds 'n' \"Bees\" 🐝", symbolName: "bird")
  static let tricky = Note(
    title: "'); DROP TABLE notes;-- 100% _match_ \u{1B}[31mred\u{1B}[0m",
    body: "Zeile eins\nZeile zwei\u{0}nach NUL — «Ünïcödé» 日本語 👩‍👩‍👧",
    createdAt: Date(timeIntervalSinceReferenceDate: 817_000_123.456_789),
    notebookID: birds.id, tags: ["a\"b", "ç", "with space", ""], isPinned: true,
    updatedAt: Date(timeIntervalSinceReferenceDate: 817_000_999.000_001))

  @Test func aNewStoreIsEmptyAndVersioned() throws {
    let repository = try SQLiteNoteRepository(path: directory.file("notes.sqlite"))
    #expect(try repository.load() == NoteLibrary())
    #expect(
      try pragma("user_version", of: directory.file("notes.sqlite"))
        == SQLiteSearchIndexTests.currentVersion)
    #expect(try pragma("application_id", of: directory.file("notes.sqlite")) == 0x464E_4F54)
    #expect(try pragmaText("journal_mode", of: directory.file("notes.sqlite")) == "wal")
  }

  @Test func everyFieldRoundTripsExactly() throws {
    let path = directory.file("notes.sqlite")
    let repository = try SQLiteNoteRepository(path: path)
    let plain = Note(title: "", createdAt: Date(timeIntervalSinceReferenceDate: 0))
    try repository.commit([.saveNotebook(Self.birds), .saveNote(Self.tricky), .saveNote(plain)])

    let reopened = try SQLiteNoteRepository(path: path)

    #expect(
      try reopened.load() == NoteLibrary(notebooks: [Self.birds], notes: [plain, Self.tricky]))
  }

  /// A body's leading and trailing whitespace, blank lines included, is the body's.
  @Test(arguments: ["ends with a newline\n", "two\n\n", "\n", "  spaced  ", "\r\n", "\t"])
  func aBodyIsSavedExactlyToItsLastByte(body: String) throws {
    let path = directory.file("notes.sqlite")
    let note = Note(title: "Heron", body: body)
    try SQLiteNoteRepository(path: path).commit([.saveNote(note)])

    #expect(try SQLiteNoteRepository(path: path).load().notes.first?.body == body)
  }

  /// Each column of the saved note is checked against what this process read: a stale copy
  /// that differs in any one of them is refused, so it can't write over another's change.
  @Test(arguments: 0..<7)
  func aStaleCopyDifferingInAnyOneColumnIsRefused(column: Int) throws {
    let repository = try SQLiteNoteRepository(path: directory.file("notes.sqlite"))
    let birds = Notebook(name: "Birds")
    let saved = Note(
      title: "Heron", body: "Grey.", createdAt: Date(timeIntervalSinceReferenceDate: 10),
      notebookID: birds.id, tags: ["birds"], isPinned: false,
      updatedAt: Date(timeIntervalSinceReferenceDate: 20))
    try repository.commit([.saveNotebook(birds), .saveNote(saved)])
    var stale = saved
    switch column {
    case 0: stale.title = "Heron at dusk"
    case 1: stale.body = "Grey and still."
    case 2: stale.createdAt = Date(timeIntervalSinceReferenceDate: 11)
    case 3: stale.updatedAt = Date(timeIntervalSinceReferenceDate: 21)
    case 4: stale.notebookID = nil
    case 5: stale.tags = ["birds", "lake"]
    default: stale.isPinned = true
    }
    var edit = stale
    edit.title = "Written from the stale copy"

    #expect(throws: RepositoryError.conflict(saved.id)) {
      try repository.commit([.expectNote(saved.id, stale), .saveNote(edit)])
    }
    #expect(try repository.load().notes == [saved])
    try repository.commit([.expectNote(saved.id, saved), .saveNote(edit)])
  }

  /// Replacing a note writes only the columns that changed, in the statement that checks the
  /// saved row is still the old note: a pin writes the pin and the edit date, never the body.
  @Test func aReplacementWritesOnlyWhatChanged() throws {
    let path = directory.file("notes.sqlite")
    let repository = try SQLiteNoteRepository(path: path)
    let saved = Note(
      title: "Heron", body: String(repeating: "Grey heron. ", count: 1_000),
      createdAt: Date(timeIntervalSinceReferenceDate: 10), tags: ["birds"])
    try repository.commit([.saveNote(saved)])
    try execute(
      """
      CREATE TABLE written (column TEXT);
      CREATE TRIGGER body_written AFTER UPDATE OF body ON notes
        BEGIN INSERT INTO written VALUES ('body'); END;
      CREATE TRIGGER title_written AFTER UPDATE OF title ON notes
        BEGIN INSERT INTO written VALUES ('title'); END;
      CREATE TRIGGER pin_written AFTER UPDATE OF is_pinned ON notes
        BEGIN INSERT INTO written VALUES ('is_pinned'); END;
      """, on: path)
    var pinned = saved
    pinned.isPinned = true
    pinned.updatedAt = Date(timeIntervalSinceReferenceDate: 20)

    try repository.commit([.replaceNote(saved, with: pinned)])
    var retitled = pinned
    retitled.title = "Grey heron"
    try repository.commit([.replaceNote(pinned, with: retitled)])

    #expect(try rows("SELECT column FROM written", of: path) == ["is_pinned", "title"])
    #expect(try repository.load().notes == [retitled])
    #expect(try repository.noteIDs(matching: "grey her").count == 1)
  }

  /// The replacement's check covers every column: a stale old note, differing in any one of
  /// them from the saved row, is refused and nothing is written.
  @Test(arguments: 0..<7)
  func aReplacementOfAStaleNoteIsRefused(column: Int) throws {
    let repository = try SQLiteNoteRepository(path: directory.file("notes.sqlite"))
    let birds = Notebook(name: "Birds")
    let saved = Note(
      title: "Heron", body: "Grey.", createdAt: Date(timeIntervalSinceReferenceDate: 10),
      notebookID: birds.id, tags: ["birds"], updatedAt: Date(timeIntervalSinceReferenceDate: 20))
    try repository.commit([.saveNotebook(birds), .saveNote(saved)])
    var stale = saved
    switch column {
    case 0: stale.title = "Heron at dusk"
    case 1: stale.body = "Grey and still."
    case 2: stale.createdAt = Date(timeIntervalSinceReferenceDate: 11)
    case 3: stale.updatedAt = Date(timeIntervalSinceReferenceDate: 21)
    case 4: stale.notebookID = nil
    case 5: stale.tags = ["birds", "lake"]
    default: stale.isPinned = true
    }
    var pinned = stale
    pinned.isPinned.toggle()

    #expect(throws: RepositoryError.conflict(saved.id)) {
      try repository.commit([.replaceNote(stale, with: pinned)])
    }
    #expect(try repository.load().notes == [saved])
  }

  @Test func savingAgainReplacesAndDeletingRemoves() throws {
    let repository = try SQLiteNoteRepository(path: directory.file("notes.sqlite"))
    var note = Note(title: "Heron")
    try repository.commit([.saveNotebook(Self.birds), .saveNote(note)])
    note.title = "Grey heron"
    note.isPinned = true
    try repository.commit([.saveNote(note)])
    #expect(try repository.load().notes == [note])

    try repository.commit([.trashNote(note.id, at: .distantPast), .deleteNotebook(Self.birds.id)])

    #expect(try repository.load() == NoteLibrary())
  }

  @Test func aFailingCommitSavesNothing() throws {
    let path = directory.file("notes.sqlite")
    let repository = try SQLiteNoteRepository(path: path)
    try repository.commit([.saveNote(Note(title: "Kept"))])
    try execute(
      "CREATE TRIGGER refuse BEFORE INSERT ON notebooks BEGIN SELECT RAISE(ABORT, 'refused'); END",
      on: path)

    #expect(throws: RepositoryError.self) {
      try repository.commit([.saveNote(Note(title: "Not kept")), .saveNotebook(Self.birds)])
    }
    #expect(try repository.load().notes.map(\.title) == ["Kept"])
  }

  @Test func theStoreAndItsFolderAreOwnerOnly() throws {
    let path = directory.file("nested/deeper/notes.sqlite")
    _ = try SQLiteNoteRepository(path: path)
    #expect(directory.permissions(of: path) == 0o600)
    #expect(directory.permissions(of: directory.file("nested/deeper")) == 0o700)
    #expect(directory.permissions(of: directory.file("nested")) == 0o700)
    let leftovers = try FileManager.default.contentsOfDirectory(
      atPath: directory.file("nested/deeper")
    )
    .filter { $0.hasPrefix(".fieldnotes-") }
    #expect(leftovers == [])
  }

  @Test func twoConnectionsWriteToOneFileAtOnce() throws {
    let path = directory.file("notes.sqlite")
    let repositories = [try SQLiteNoteRepository(path: path), try SQLiteNoteRepository(path: path)]
    let notes = (0..<200).map {
      Note(title: "Note \($0)", createdAt: Date(timeIntervalSinceReferenceDate: Double($0)))
    }
    let failures = Mutex<[RepositoryError]>([])

    DispatchQueue.concurrentPerform(iterations: 2) { writer in
      for (index, note) in notes.enumerated() where index % 2 == writer {
        do throws(RepositoryError) {
          try repositories[writer].commit([.saveNote(note)])
        } catch {
          failures.withLock { $0.append(error) }
        }
      }
    }

    #expect(failures.withLock { $0 } == [])
    #expect(try repositories[0].load().notes == notes)
    #expect(try repositories[1].load().notes == notes)
  }

  // MARK: - Refusing files that are not FieldNotes stores

  @Test(arguments: RefusedFile.allCases)
  func aForeignFileIsRefusedAndLeftByteIdentical(_ kind: RefusedFile) throws {
    let path = directory.file("store")
    try kind.make(at: path)
    let before = directory.bytes(of: "store")

    #expect(throws: kind.expectedError(path: path)) {
      _ = try SQLiteNoteRepository(path: path)
    }
    #expect(directory.bytes(of: "store") == before)
    let siblings = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
    #expect(siblings == ["store"])
  }

  @Test func aFolderGivenAsTheStoreIsNamedInTheError() throws {
    let path = directory.file("a-folder")
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)

    #expect(
      throws: RepositoryError.cannotOpen(
        path: path,
        reason: "it is a folder; give a store file's path, such as \(path)/notes.sqlite")
    ) { _ = try SQLiteNoteRepository(path: path) }
    #expect(try FileManager.default.contentsOfDirectory(atPath: path).isEmpty)
  }

  @Test func aTruncatedStoreIsReportedAsDamaged() throws {
    let path = directory.file("notes.sqlite")
    let repository = try SQLiteNoteRepository(path: path)
    let notes = (0..<300).map {
      Note(title: "Note \($0)", body: String(repeating: "x", count: 500))
    }
    try repository.commit(notes.map { .saveNote($0) })
    try execute("PRAGMA wal_checkpoint(TRUNCATE)", on: path)
    let bytes = try #require(directory.bytes(of: "notes.sqlite"))
    let truncated = bytes.prefix(bytes.count / 2)
    let copy = directory.file("truncated.sqlite")
    try truncated.write(to: URL(fileURLWithPath: copy))

    #expect(throws: RepositoryError.self) {
      let damaged = try SQLiteNoteRepository(path: copy)
      _ = try damaged.load()
    }
    #expect(directory.bytes(of: "truncated.sqlite") == truncated)
  }
}

/// Files that must never be opened as a FieldNotes store.
enum RefusedFile: CaseIterable, Sendable {
  case empty, text, otherApplication, newerSchema, newerSchemaInWALMode

  func make(at path: String) throws {
    switch self {
    case .empty:
      try Data().write(to: URL(fileURLWithPath: path))
    case .text:
      try Data("Dear diary,\nthis is not a database.\n".utf8).write(to: URL(fileURLWithPath: path))
    case .otherApplication:
      try execute(
        "CREATE TABLE invoices (id INTEGER PRIMARY KEY, total REAL)", on: path, create: true)
    case .newerSchema:
      try execute(
        "PRAGMA application_id = \(0x464E_4F54); PRAGMA user_version = 99; CREATE TABLE future (x)",
        on: path, create: true)
    case .newerSchemaInWALMode:
      // As a newer FieldNotes leaves its store: in WAL mode, which SQLite can't open (even to
      // read) without creating -shm and -wal files beside it.
      try execute(
        "PRAGMA journal_mode = WAL; PRAGMA application_id = \(0x464E_4F54); "
          + "PRAGMA user_version = 99; CREATE TABLE future (x)",
        on: path, create: true)
    }
  }

  func expectedError(path: String) -> RepositoryError {
    switch self {
    case .empty, .text, .otherApplication: .notAFieldNotesStore(path: path)
    case .newerSchema, .newerSchemaInWALMode:
      .newerSchema(path: path, version: 99, supported: SQLiteSearchIndexTests.currentVersion)
    }
  }
}

// MARK: - Raw SQLite access, to inspect and tamper with files from outside the repository

func execute(_ sql: String, on path: String, create: Bool = false) throws {
  try RawSQLite.execute(sql, on: path, create: create)
}

/// Makes a store as the FieldNotes of schema version 8 left it: its trash trigger took a note
/// saved again out of the trash without keeping the trashed text (version 9 replaces it).
func setBackToVersion8(_ path: String) throws {
  try execute(
    """
    DROP TRIGGER trashed_notes_leave_a_version;
    CREATE TRIGGER trashed_notes_saved_again AFTER INSERT ON notes BEGIN
      DELETE FROM trashed_notes WHERE id = new.id;
    END;
    PRAGMA user_version = 8;
    """, on: path)
}

/// Makes a store as the FieldNotes of schema version 12 left it: with no sync journal (version
/// 13 adds it).
func setBackToVersion12(_ path: String) throws {
  try setBackToVersion13(path)
  try execute(
    """
    DROP TRIGGER sync_journal_note_insert;
    DROP TRIGGER sync_journal_note_update;
    DROP TRIGGER sync_journal_note_delete;
    DROP TRIGGER sync_journal_notebook_insert;
    DROP TRIGGER sync_journal_notebook_update;
    DROP TRIGGER sync_journal_notebook_delete;
    DROP TABLE sync_journal;
    DROP TABLE sync_journal_start;
    PRAGMA user_version = 12;
    """, on: path)
}

/// Makes a store as the FieldNotes of schema version 11 left it: with no sync journal, no
/// properties (version 12 adds them to the notes, their versions and the trash) and the
/// versions' triggers of versions 8 and 9.
func setBackToVersion11(_ path: String) throws {
  try setBackToVersion12(path)
  try execute(
    """
    DROP TRIGGER note_versions_keep;
    CREATE TRIGGER note_versions_keep
      AFTER UPDATE OF title, body, tags, notebook_id ON notes
      WHEN old.title IS NOT new.title OR old.body IS NOT new.body OR old.tags IS NOT new.tags
        OR old.notebook_id IS NOT new.notebook_id
    BEGIN
      INSERT INTO note_versions (note_id, number, title, body, tags, notebook_id, saved_at,
          replaced_at)
        VALUES (old.id,
          coalesce((SELECT max(number) FROM note_versions WHERE note_id = old.id), 0) + 1,
          old.title, old.body, old.tags, old.notebook_id, old.updated_at, new.updated_at);
    END;
    DROP TRIGGER trashed_notes_leave_a_version;
    CREATE TRIGGER trashed_notes_leave_a_version AFTER INSERT ON notes BEGIN
      INSERT INTO note_versions (note_id, number, title, body, tags, notebook_id, saved_at,
          replaced_at)
        SELECT trashed.id,
          coalesce((SELECT max(number) FROM note_versions WHERE note_id = trashed.id), 0) + 1,
          trashed.title, trashed.body, trashed.tags, trashed.notebook_id, trashed.updated_at,
          new.updated_at
        FROM trashed_notes AS trashed
        WHERE trashed.id = new.id
          AND (trashed.title IS NOT new.title OR trashed.body IS NOT new.body
            OR trashed.tags IS NOT new.tags OR trashed.notebook_id IS NOT new.notebook_id);
      DELETE FROM trashed_notes WHERE id = new.id;
    END;
    ALTER TABLE notes DROP COLUMN properties;
    ALTER TABLE note_versions DROP COLUMN properties;
    ALTER TABLE trashed_notes DROP COLUMN properties;
    PRAGMA user_version = 11;
    """, on: path)
}

/// Makes a store as the FieldNotes of schema version 10 left it: with no title keys (version
/// 11 adds them) and the index of every title it ordered a list by title from, and no sync
/// journal either.
func setBackToVersion10(_ path: String) throws {
  try setBackToVersion11(path)
  try execute(
    """
    DROP INDEX notes_by_title;
    DROP INDEX notes_without_title_key;
    ALTER TABLE notes DROP COLUMN title_key;
    ALTER TABLE notes DROP COLUMN title_key_of;
    CREATE INDEX notes_titles ON notes (title, created_at, id, is_pinned, notebook_id);
    PRAGMA user_version = 10;
    """, on: path)
}

/// Makes a store as the FieldNotes of schema version 19 left it: with no trigger refusing a
/// note's identifier in small letters (version 20 adds them).
func setBackToVersion19(_ path: String) throws {
  try execute(
    """
    DROP TRIGGER notes_identifier_in_capitals_insert;
    DROP TRIGGER notes_identifier_in_capitals_update;
    DROP TRIGGER trashed_notes_identifier_in_capitals_insert;
    DROP TRIGGER trashed_notes_identifier_in_capitals_update;
    PRAGMA user_version = 19;
    """, on: path)
}

/// Makes a store as the FieldNotes of schema version 18 left it: with no index of edit dates
/// or of the notes keeping files (version 19 adds them).
func setBackToVersion18(_ path: String) throws {
  try setBackToVersion19(path)
  try execute(
    "DROP INDEX notes_by_edit; DROP INDEX notes_keeping_files; PRAGMA user_version = 18;",
    on: path)
}

/// Makes a store as the FieldNotes of schema version 17 left it: its sync journal not naming
/// the notes whose attachments change (version 18 adds the triggers that do).
func setBackToVersion17(_ path: String) throws {
  try setBackToVersion18(path)
  try execute(
    """
    DROP TRIGGER sync_journal_attachment_insert;
    DROP TRIGGER sync_journal_attachment_update;
    DROP TRIGGER sync_journal_attachment_delete;
    PRAGMA user_version = 17;
    """, on: path)
}

/// Makes a store as the FieldNotes of schema version 16 left it: its sync journal's trigger on
/// a note's update not naming properties (version 17 makes it again to).
func setBackToVersion16(_ path: String) throws {
  try setBackToVersion17(path)
  try execute(
    """
    DROP TRIGGER sync_journal_note_update;
    CREATE TRIGGER sync_journal_note_update
    AFTER UPDATE OF id, title, body, created_at, updated_at, notebook_id, tags, is_pinned,
      conflict_of ON notes
    WHEN EXISTS (SELECT 1 FROM sync_journal_start) BEGIN
      INSERT INTO sync_journal (kind, id) VALUES (0, new.id);
      INSERT INTO sync_journal (kind, id) SELECT 0, old.id WHERE old.id IS NOT new.id;
    END;
    PRAGMA user_version = 16;
    """, on: path)
}

/// Makes a store as the FieldNotes of schema version 15 left it: with no column of the files
/// notes were imported from (version 16 adds it).
func setBackToVersion15(_ path: String) throws {
  try setBackToVersion16(path)
  try execute(
    """
    ALTER TABLE notes DROP COLUMN imported_file;
    ALTER TABLE trashed_notes DROP COLUMN imported_file;
    PRAGMA user_version = 15;
    """, on: path)
}

/// Makes a store as the FieldNotes of schema version 14 left it: with no table of the files
/// kept with notes (version 15 adds it) either.
func setBackToVersion14(_ path: String) throws {
  try setBackToVersion15(path)
  try execute("DROP TABLE note_attachments; PRAGMA user_version = 14;", on: path)
}

/// Makes a store as the FieldNotes of schema version 13 left it: every version kept whole, with
/// no scripts (version 14 adds them) and no queue of notes to compact.
func setBackToVersion13(_ path: String) throws {
  try setBackToVersion14(path)
  try execute(
    """
    DROP TRIGGER note_versions_queue_compaction;
    DROP TRIGGER note_versions_take_delta;
    DROP TABLE note_versions_to_compact;
    DROP TABLE note_version_deltas;
    PRAGMA user_version = 13;
    """, on: path)
}

/// Makes a store as the FieldNotes of schema version 9 left it: with no sync mark (version 10
/// adds it) either.
func setBackToVersion9(_ path: String) throws {
  try setBackToVersion10(path)
  try execute("DROP TABLE sync_mark; PRAGMA user_version = 9;", on: path)
}

func pragmaText(_ name: String, of path: String) throws -> String {
  guard let text = try RawSQLite.rows("PRAGMA \(name)", of: path).first else {
    throw RawSQLiteError(message: "no value for \(name)")
  }
  return text
}

func pragma(_ name: String, of path: String) throws -> Int {
  guard let value = Int(try pragmaText(name, of: path)) else {
    throw RawSQLiteError(message: "\(name) is not a number")
  }
  return value
}

@Suite struct SQLiteInMemoryRepositoryTests {
  @Test func anInMemoryStoreBehavesLikeAFile() throws {
    let repository = try SQLiteNoteRepository.inMemory()
    let note = Note(title: "Kept in memory", tags: ["a"])
    try repository.commit([.saveNote(note)])
    #expect(try repository.load().notes == [note])
  }

  @Test func updateReadsAndWritesInOneTransaction() throws {
    let repository = try SQLiteNoteRepository.inMemory()
    try repository.commit([.saveNote(Note(title: "One"))])
    try repository.update { library in
      library.notes.map { note in
        var renamed = note
        renamed.title += " (seen \(library.notes.count))"
        return .saveNote(renamed)
      }
    }
    #expect(try repository.load().notes.map(\.title) == ["One (seen 1)"])
  }
}

@Suite struct SQLiteChangeTrackingTests {
  let directory = TemporaryDirectory()

  @Test func knowsWhenAnotherConnectionWrote() throws {
    let path = directory.file("notes.sqlite")
    let mine = try SQLiteNoteRepository(path: path)
    let theirs = try SQLiteNoteRepository(path: path)
    let first = try #require(mine.changeStamp)

    try mine.commit([.saveNote(Note(title: "Mine"))])
    #expect(mine.changeStamp == first, "its own commits are shown by its store already")

    try theirs.commit([.saveNote(Note(title: "Theirs"))])
    let second = try #require(mine.changeStamp)
    #expect(second != first)

    try mine.update { _ in [.saveNote(Note(title: "Synced"))] }
    #expect(mine.changeStamp != second, "an update wrote what its store hasn't shown")
  }
}

@Suite struct SQLiteDeferredBodyTests {
  let directory = TemporaryDirectory()

  @Test func aLoadedBodyIsTheOneLoadedEvenAfterAnotherProcessChangesIt() throws {
    let path = directory.file("notes.sqlite")
    let mine = try SQLiteNoteRepository(path: path)
    let theirs = try SQLiteNoteRepository(path: path)
    var heron = Note(title: "Heron", body: "Seen at dawn")
    let kingfisher = Note(title: "Kingfisher", body: "Blue flash")
    try mine.commit([.saveNote(heron), .saveNote(kingfisher)])

    let loaded = try mine.load()
    heron.body = "Seen at dusk"
    try theirs.commit([.saveNote(heron), .trashNote(kingfisher.id, at: .distantPast)])

    #expect(loaded.notes.map(\.body) == ["Seen at dawn", "Blue flash"])
    #expect(try theirs.load().notes.map(\.body) == ["Seen at dusk"])
  }

  @Test func savingANoteWhoseBodyWasNeverReadKeepsTheBody() throws {
    let path = directory.file("notes.sqlite")
    let repository = try SQLiteNoteRepository(path: path)
    try repository.commit([.saveNote(Note(title: "Heron", body: "Seen at dawn"))])

    guard var heron = try repository.load().notes.first else {
      Issue.record("the note was not loaded")
      return
    }
    heron.isPinned = true
    try repository.commit([.saveNote(heron)])

    let reloaded = try SQLiteNoteRepository(path: path).load().notes
    #expect(reloaded.map(\.body) == ["Seen at dawn"])
    #expect(reloaded.map(\.isPinned) == [true])
  }

  @Test func aDeletedNoteRestoredFromItsLoadedValueGetsItsBodyBack() throws {
    let path = directory.file("notes.sqlite")
    let repository = try SQLiteNoteRepository(path: path)
    try repository.commit([.saveNote(Note(title: "Heron", body: "Seen at dawn"))])
    let loaded = try repository.load().notes

    try repository.commit(loaded.map { .trashNote($0.id, at: .distantPast) })
    try repository.commit(loaded.map { .saveNote($0) })

    #expect(try SQLiteNoteRepository(path: path).load().notes.map(\.body) == ["Seen at dawn"])
  }

  /// No read leaves a snapshot open: whatever was read, another connection's commit can be
  /// checkpointed and the log reset at once.
  @Test func noReadHoldsASnapshotOfTheLog() throws {
    let path = directory.file("notes.sqlite")
    let repository = try SQLiteNoteRepository(path: path)
    let notes = (1...40).map { Note(title: "Note \($0)", body: "Body \($0)", tags: ["t"]) }
    try repository.commit(notes.map { .saveNote($0) })
    let reads: [(String, () throws -> Void)] = [
      ("load", { _ = try repository.load() }),
      ("page", { _ = try repository.page(NoteListQuery(scope: .allNotes, limit: 5)) }),
      (
        "search",
        {
          _ = try repository.page(
            NoteListQuery(scope: .allNotes, search: NoteSearch(literally: "Body").query))
        }
      ),
      ("title order", { _ = try repository.page(NoteListQuery(scope: .allNotes, order: .title)) }),
      ("note", { _ = try repository.note(withID: notes[3].id) }),
      ("counts", { _ = try repository.summary() }),
      ("tags", { _ = try repository.summary().tagCounts }),
    ]
    for (name, read) in reads {
      try read()
      try SQLiteNoteRepository(path: path).commit([.saveNote(Note(title: "After \(name)"))])
      #expect(try !truncatingCheckpointIsBlocked(path), "\(name) left a reader")
    }
  }

  /// Runs `PRAGMA wal_checkpoint(TRUNCATE)` on a connection of its own; it is blocked while
  /// another connection reads an older snapshot.
  func truncatingCheckpointIsBlocked(_ path: String) throws -> Bool {
    try RawSQLite(path: path).rows("PRAGMA wal_checkpoint(TRUNCATE)").first == "1"
  }
}

/// A connection of a test's own, standing in for another process.
typealias RawConnection = RawSQLite

/// The first column of every row a query returns, as text.
func rows(_ sql: String, of path: String) throws -> [String] {
  try RawSQLite.rows(sql, of: path)
}
