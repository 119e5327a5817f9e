import FieldNotesModel
import FieldNotesPersistence
import FieldNotesServices
import Foundation
import Testing

/// A feature's own tables in the store's file: migrated once each, in order, beside the notes,
/// and confined to the feature's own names, so no feature's SQL can reach a note.
@MainActor
@Suite struct SQLiteFeatureTablesTests {
  let directory = TemporaryDirectory()

  static let version1 = "CREATE TABLE bookmarks_items (id TEXT PRIMARY KEY, text TEXT NOT NULL)"
  static let version2 = "ALTER TABLE bookmarks_items ADD COLUMN added_at REAL"
  static let bookmarks = FeatureSchema(feature: "Bookmarks", migrations: [version1])
  static let all = TableStatement("SELECT id, text FROM bookmarks_items ORDER BY id")

  /// A store file holding one note.
  func makeStore() throws -> (path: String, note: Note) {
    let path = directory.file("notes.sqlite")
    let note = Note(title: "Heron", body: "Grey, by the reeds.")
    try SQLiteNoteRepository(path: path).commit([.saveNote(note)])
    return (path, note)
  }

  func insert(_ id: String, _ text: String) -> TableStatement {
    TableStatement(
      "INSERT INTO bookmarks_items (id, text) VALUES (?, ?)", [.text(id), .text(text)])
  }

  @Test func aFeaturesRowsLiveInTheStoreFileBesideTheNotes() throws {
    let (path, note) = try makeStore()
    let tables = SQLiteFeatureTables(path: path)

    try tables.write([insert("a", "first"), insert("b", "second")], for: Self.bookmarks)

    let again = SQLiteFeatureTables(path: path)
    #expect(
      try again.rows(Self.all, for: Self.bookmarks) == [
        [.text("a"), .text("first")], [.text("b"), .text("second")],
      ])
    #expect(try SQLiteNoteRepository(path: path).load().notes == [note])
  }

  @Test func eachMigrationRunsOnceInOrderAcrossSessions() throws {
    let (path, _) = try makeStore()
    try SQLiteFeatureTables(path: path).write([insert("a", "first")], for: Self.bookmarks)

    // A later FieldNotes appends a migration: only that one runs, on the rows already there.
    let grown = FeatureSchema(feature: "Bookmarks", migrations: [Self.version1, Self.version2])
    let tables = SQLiteFeatureTables(path: path)
    try tables.write(
      [TableStatement("UPDATE bookmarks_items SET added_at = ?", [.real(7)])], for: grown)

    #expect(
      try tables.rows(TableStatement("SELECT id, text, added_at FROM bookmarks_items"), for: grown)
        == [[.text("a"), .text("first"), .real(7)]])
    #expect(
      try tables.rows(
        TableStatement("SELECT feature, version FROM feature_versions"), for: grown)
        == [[.text("Bookmarks"), .integer(2)]])
  }

  @Test func anOlderFieldNotesLeavesANewerFeaturesTablesAlone() throws {
    let (path, _) = try makeStore()
    let grown = FeatureSchema(feature: "Bookmarks", migrations: [Self.version1, Self.version2])
    try SQLiteFeatureTables(path: path).write([insert("a", "first")], for: grown)

    let older = SQLiteFeatureTables(path: path)

    #expect(throws: FeatureTablesError.newerTables(feature: "Bookmarks", version: 2, known: 1)) {
      try older.write([insert("b", "second")], for: Self.bookmarks)
    }
    #expect(try SQLiteFeatureTables(path: path).rows(Self.all, for: grown).count == 1)
  }

  /// The rule: whatever SQL a feature writes, it changes only tables named for it.
  ///
  /// SQLite refuses the rest as each statement is prepared, so nothing runs.
  @Test(arguments: [
    "DELETE FROM notes",
    "UPDATE notes SET body = ''",
    "DROP TABLE notes",
    "INSERT INTO note_versions (note_id) VALUES ('x')",
    "CREATE TRIGGER bookmarks_t AFTER INSERT ON notes BEGIN SELECT 1; END",
    "CREATE INDEX bookmarks_i ON notes (title)",
    "ALTER TABLE notes ADD COLUMN bookmarks_x TEXT",
    "PRAGMA user_version = 0",
    "COMMIT",
    "DELETE FROM feature_versions",
    "ATTACH DATABASE ':memory:' AS bookmarks_other",
  ])
  func aStatementReachingBeyondItsTablesIsRefused(sql: String) throws {
    let (path, note) = try makeStore()
    let tables = SQLiteFeatureTables(path: path)
    try tables.write([insert("a", "kept")], for: Self.bookmarks)

    #expect(throws: FeatureTablesError.outsideItsTables(feature: "Bookmarks")) {
      try tables.write([insert("b", "not kept"), TableStatement(sql)], for: Self.bookmarks)
    }

    #expect(try SQLiteNoteRepository(path: path).load().notes == [note])
    #expect(try tables.rows(Self.all, for: Self.bookmarks) == [[.text("a"), .text("kept")]])
  }

  @Test func aTableRenamedOutOfItsNamesIsRefused() throws {
    let (path, _) = try makeStore()
    let tables = SQLiteFeatureTables(path: path)
    try tables.write([insert("a", "kept")], for: Self.bookmarks)

    #expect(throws: FeatureTablesError.outsideItsTables(feature: "Bookmarks")) {
      try tables.write(
        [TableStatement("ALTER TABLE bookmarks_items RENAME TO notes_stolen")], for: Self.bookmarks)
    }
    #expect(try tables.rows(Self.all, for: Self.bookmarks) == [[.text("a"), .text("kept")]])
  }

  /// SQLite prepares only the first statement of a text; the rest would never run, silently.
  @Test func aTextHoldingTwoStatementsRunsNeither() throws {
    let (path, _) = try makeStore()
    let tables = SQLiteFeatureTables(path: path)
    let two = TableStatement(
      "INSERT INTO bookmarks_items VALUES ('a', 'first'); INSERT INTO bookmarks_items VALUES "
        + "('b', 'second')")

    #expect(throws: FeatureTablesError.severalStatements(feature: "Bookmarks")) {
      try tables.write([two], for: Self.bookmarks)
    }
    #expect(throws: FeatureTablesError.severalStatements(feature: "Bookmarks")) {
      try tables.rows(TableStatement("SELECT 1; SELECT 2"), for: Self.bookmarks)
    }
    #expect(try tables.rows(Self.all, for: Self.bookmarks).isEmpty)
    try tables.write(
      [TableStatement(insert("c", "one").sql + "; -- and a comment", [.text("c"), .text("one")])],
      for: Self.bookmarks)
    #expect(try tables.rows(Self.all, for: Self.bookmarks).count == 1)
  }

  @Test func aFeatureMayCountWithAutoincrement() throws {
    let (path, _) = try makeStore()
    let counted = FeatureSchema(
      feature: "Counted",
      migrations: ["CREATE TABLE counted_rows (id INTEGER PRIMARY KEY AUTOINCREMENT, text TEXT)"])
    let tables = SQLiteFeatureTables(path: path)

    try tables.write(
      [TableStatement("INSERT INTO counted_rows (text) VALUES ('a')")], for: counted)

    #expect(
      try tables.rows(TableStatement("SELECT id FROM counted_rows"), for: counted) == [
        [.integer(1)]
      ])
  }

  @Test func aMigrationReachingBeyondItsTablesRunsNothing() throws {
    let (path, note) = try makeStore()
    let greedy = FeatureSchema(
      feature: "Greedy", migrations: ["CREATE TABLE greedy_items (id TEXT); DELETE FROM notes"])

    #expect(throws: FeatureTablesError.outsideItsTables(feature: "Greedy")) {
      try SQLiteFeatureTables(path: path).write([], for: greedy)
    }

    #expect(try SQLiteNoteRepository(path: path).load().notes == [note])
    let tables = SQLiteFeatureTables(path: path)
    #expect(
      try tables.rows(
        TableStatement("SELECT count(*) FROM sqlite_master WHERE name LIKE 'greedy%'"),
        for: Self.bookmarks) == [[.integer(0)]])
  }

  /// A feature's prefix that starts a kernel table's name would make that table the
  /// feature's: the first migration finds it taken and runs nothing.
  @Test(arguments: ["Note", "Trashed", "Feature", "Session"])
  func aFeatureWhoseNamesAreTakenMakesNothing(name: String) throws {
    let (path, note) = try makeStore()
    let tables = SQLiteFeatureTables(path: path)
    _ = try tables.rows(TableStatement("SELECT 1"), for: Self.bookmarks)
    let clashing = FeatureSchema(
      feature: name, migrations: ["DROP TABLE IF EXISTS \(name.lowercased())_versions"])

    #expect(throws: FeatureTablesError.namesTaken(feature: name)) {
      try tables.write([], for: clashing)
    }
    #expect(try SQLiteNoteRepository(path: path).load().notes == [note])
  }

  @Test func twoFeaturesKeepApart() throws {
    let (path, _) = try makeStore()
    let tables = SQLiteFeatureTables(path: path)
    let places = FeatureSchema(
      feature: "Places", migrations: ["CREATE TABLE places_items (name TEXT)"])
    try tables.write([insert("a", "first")], for: Self.bookmarks)
    try tables.write([TableStatement("INSERT INTO places_items VALUES ('Lake')")], for: places)

    #expect(throws: FeatureTablesError.outsideItsTables(feature: "Places")) {
      try tables.write([TableStatement("DELETE FROM bookmarks_items")], for: places)
    }
    #expect(try tables.rows(Self.all, for: Self.bookmarks).count == 1)
  }

  @Test func aFailedStatementTakesBackTheOthersOfItsWrite() throws {
    let (path, _) = try makeStore()
    let tables = SQLiteFeatureTables(path: path)
    try tables.write([insert("a", "first")], for: Self.bookmarks)

    #expect(throws: FeatureTablesError.self) {
      try tables.write([insert("b", "second"), insert("a", "again")], for: Self.bookmarks)
    }
    #expect(try tables.rows(Self.all, for: Self.bookmarks) == [[.text("a"), .text("first")]])
  }

  @Test func aSessionWritesAfterAnotherProcessWrote() throws {
    let (path, _) = try makeStore()
    let session = SQLiteFeatureTables(path: path)
    let other = SQLiteFeatureTables(path: path)
    let notes = try SQLiteNoteRepository(path: path)

    for round in 1...10 {
      try session.write([insert("s\(round)", "session")], for: Self.bookmarks)
      try other.write([insert("o\(round)", "other")], for: Self.bookmarks)
      try notes.commit([.saveNote(Note(title: "Note \(round)"))])
    }

    #expect(try session.rows(Self.all, for: Self.bookmarks).count == 20)
    #expect(try notes.load().notes.count == 11)
  }

  @Test func tablesInMemoryLastAsLongAsTheirValue() throws {
    let tables = SQLiteFeatureTables.inMemory()
    try tables.write([insert("a", "first")], for: Self.bookmarks)

    #expect(try tables.rows(Self.all, for: Self.bookmarks).count == 1)
    #expect(try SQLiteFeatureTables.inMemory().rows(Self.all, for: Self.bookmarks).isEmpty)
  }

  @Test func withoutTablesEveryUseSaysSo() {
    let tables = UnavailableFeatureTables()

    #expect(throws: FeatureTablesError.unavailable) {
      try tables.rows(Self.all, for: Self.bookmarks)
    }
    #expect(
      FeatureTablesError.unavailable.errorDescription
        == "this session keeps no tables for features")
  }
}
