import FieldNotesModel
import FieldNotesPersistence
import FieldNotesQuery
import FieldNotesSQLiteTesting
import FieldNotesServices
import FieldNotesText
import Foundation
import Testing

/// A store's search index, damaged from outside in every way an attacker tried, never costs a
/// save and never answers a search wrongly; the store finds the damage when it opens and
/// rebuilds the index, saying why.
@Suite struct SQLiteSearchIndexRepairTests {
  let directory = TemporaryDirectory()
  var path: String { directory.file("notes.sqlite") }

  static let heron = Note(
    title: "Heron", body: "grey, by the weir", createdAt: Date(timeIntervalSinceReferenceDate: 1),
    tags: ["birds"])
  static let wren = Note(
    title: "Wren", body: "in the hedge", createdAt: Date(timeIntervalSinceReferenceDate: 2))
  static let moss = Note(
    title: "Moss", body: "on the north side of the weir",
    createdAt: Date(timeIntervalSinceReferenceDate: 3))

  /// A store holding the heron, the wren and the moss.
  func makeStore() throws -> SQLiteNoteRepository {
    let repository = try SQLiteNoteRepository(path: path)
    try repository.commit([.saveNote(Self.heron), .saveNote(Self.wren), .saveNote(Self.moss)])
    return repository
  }

  /// The notes a repository's search answers a query with.
  func found(_ query: String, in repository: SQLiteNoteRepository) throws -> Set<Note.ID> {
    try repository.noteIDs(matching: query)
  }

  /// What the in-memory scan finds in the same repository's notes, for queries of every length.
  func expectAnswersOfTheScan(
    _ repository: SQLiteNoteRepository, sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let notes = try repository.load().notes
    for query in ["weir", "heron", "the", "hedge", "north side", "wren", "e", "we", "zzz"] {
      let scanned = Set(notes.filter { $0.matches(query) }.map(\.id))
      #expect(
        try found(query, in: repository) == scanned, "\(query)", sourceLocation: sourceLocation)
    }
  }

  /// The index's record, as `folding|damage`.
  func record() throws -> [String] {
    try firstColumn(
      of: "SELECT folding || '|' || coalesce(damage, '') FROM search_index_state", on: path)
  }

  // MARK: - Found at open

  @Test func aDroppedIndexIsRebuiltWhenTheStoreOpens() throws {
    _ = try makeStore()
    try execute("DROP TABLE note_search", on: path)

    let reopened = try SQLiteNoteRepository(path: path)

    #expect(
      reopened.searchIndexRebuilds == [SearchIndexRebuild(reason: "one of its tables was missing")])
    #expect(try found("weir", in: reopened) == [Self.heron.id, Self.moss.id])
    try expectAnswersOfTheScan(reopened)
    #expect(try SQLiteNoteRepository(path: path).searchIndexRebuilds == [], "rebuilt once")
  }

  @Test func anIndexBuiltWithAnotherFoldingIsRebuilt() throws {
    _ = try makeStore()
    try execute("UPDATE search_index_state SET folding = 0", on: path)

    let reopened = try SQLiteNoteRepository(path: path)

    #expect(
      reopened.searchIndexRebuilds.map(\.reason) == [
        "it was built for text folded by version 0 of FieldNotes' search, and this FieldNotes "
          + "folds by version \(SearchFolding.version)"
      ])
    #expect(try record() == ["\(SearchFolding.version)|"])
    try expectAnswersOfTheScan(reopened)
  }

  /// An index an earlier FieldNotes wrote, which kept the accents that compose with no letter
  /// (`i̇stanbul`, `q́uick`), is rebuilt when the store opens: the folding that sets them aside
  /// has a version of its own, so `istanbul` finds the note at once.
  @Test func anIndexFoldedBeforeAccentsWereAllSetAsideIsRebuilt() throws {
    let lowered = Note(
      title: "İstanbul".lowercased(), body: "q\u{301}uick",
      createdAt: Date(timeIntervalSinceReferenceDate: 4))
    let repository = try SQLiteNoteRepository(path: path)
    try repository.commit([.saveNote(lowered)])
    let entry = lowered.searchKey.map { String($0, radix: 16, uppercase: true) }
      .map { $0.count == 1 ? "0" + $0 : $0 }.joined()
    // The note's entry, as version 2 of the folding wrote it: its accents kept.
    try execute(
      """
      INSERT INTO note_search (note_search, rowid, text)
        VALUES ('delete', 1, CAST(x'\(entry)' AS TEXT));
      INSERT INTO note_search (rowid, text)
        VALUES (1, 'i' || char(775) || 'stanbul' || char(10) || 'q' || char(769) || 'uick');
      UPDATE search_index_state SET folding = 2;
      """, on: path)

    let reopened = try SQLiteNoteRepository(path: path)

    #expect(SearchFolding.version > 2)
    #expect(
      reopened.searchIndexRebuilds.map(\.reason) == [
        "it was built for text folded by version 2 of FieldNotes' search, and this FieldNotes "
          + "folds by version \(SearchFolding.version)"
      ])
    #expect(try found("istanbul", in: reopened) == [lowered.id])
    #expect(try found("quick", in: reopened) == [lowered.id])
  }

  /// An index table made again by another program with another definition (a plain FTS5
  /// table: words, not trigrams, and its own copy of the text) answers wrongly while its record
  /// looks sound; its definition is what gives it away.
  @Test func anIndexDefinedOtherwiseIsRebuilt() throws {
    _ = try makeStore()
    try execute(
      "DROP TABLE note_search; CREATE VIRTUAL TABLE note_search USING fts5(text); "
        + "INSERT INTO note_search (rowid, text) SELECT rowid, title FROM notes", on: path)

    let reopened = try SQLiteNoteRepository(path: path)

    #expect(
      reopened.searchIndexRebuilds.map(\.reason) == [
        "its table was not defined as FieldNotes defines it"
      ])
    try expectAnswersOfTheScan(reopened)
    #expect(try SQLiteNoteRepository(path: path).searchIndexRebuilds == [], "rebuilt once")
  }

  @Test func anIndexWithoutARecordIsRebuilt() throws {
    _ = try makeStore()
    try execute("DROP TABLE search_index_state", on: path)

    let reopened = try SQLiteNoteRepository(path: path)

    #expect(reopened.searchIndexRebuilds.map(\.reason) == ["nothing recorded how it was built"])
    try expectAnswersOfTheScan(reopened)
  }

  /// A store the FieldNotes before this one left is upgraded without rebuilding its index.
  ///
  /// Version 13, without the versions' scripts version 14 adds: that FieldNotes kept the index
  /// in step, and at a million notes a rebuild takes minutes. Its lists are answered at once, in
  /// title order too.
  @Test func aStoreOfTheVersionBeforeIsUpgradedWithoutARebuild() throws {
    let repository = try makeStore()
    try setBackToVersion13(path)
    _ = repository

    let reopened = try SQLiteNoteRepository(path: path)

    #expect(try pragma("user_version", of: path) == SQLiteSearchIndexTests.currentVersion)
    #expect(reopened.searchIndexRebuilds == [])
    try expectAnswersOfTheScan(reopened)
    #expect(try reopened.summary().total.notes == 3)
    #expect(try reopened.page(NoteListQuery(scope: .allNotes, limit: 2)).totalCount == 3)
    let byTitle = NoteListQuery(scope: .allNotes, order: .title)
    #expect(try reopened.page(byTitle) == reopened.load().page(for: byTitle))
    #expect(
      try RawSQLite.rows("SELECT count(*) FROM notes WHERE title_key_of IS NOT title", of: path)
        == ["0"])
  }

  /// A store of version 11, without the properties, sync journal and versions' scripts versions
  /// 12 to 14 add, is upgraded without rebuilding its index; its journal starts at no commit, so
  /// its next sync reads every note.
  @Test func aStoreOfVersion11IsUpgradedWithoutARebuild() throws {
    let repository = try makeStore()
    try setBackToVersion11(path)
    _ = repository

    let reopened = try SQLiteNoteRepository(path: path)

    #expect(try pragma("user_version", of: path) == SQLiteSearchIndexTests.currentVersion)
    #expect(reopened.searchIndexRebuilds == [])
    #expect(try reopened.syncChanges().start == nil)
    try expectAnswersOfTheScan(reopened)
  }

  /// A store whose `user_version` is behind its tables is migrated again from there.
  ///
  /// The migrations make only what is missing, every note and draft is kept, and the index
  /// (which the earlier FieldNotes that version names would not have kept up) is rebuilt. A
  /// version below zero, which no FieldNotes wrote, is migrated from the start.
  @Test(arguments: [0, 2, 3, 4, 5, 6, 7, 8, -1, -2_147_483_648])
  func aStoreWhoseVersionWasSetBackOpensWithEverythingInIt(version: Int) throws {
    let repository = try makeStore()
    let draft = Draft(
      noteID: nil, notebookID: nil, title: "Half", body: "written", tags: [],
      keptAt: Date(timeIntervalSinceReferenceDate: 9), session: SQLiteDraftTests.session(2),
      baseUpdatedAt: nil)
    try repository.keepDraft(draft, superseding: nil)
    // An earlier FieldNotes saves a note, knowing nothing of the index.
    let robin = Note(title: "Robin", body: "by the weir too")
    try execute(
      """
      PRAGMA user_version = \(version);
      INSERT INTO notes (id, title, body, created_at, updated_at, tags)
        VALUES ('\(robin.id.uuidString)', 'Robin', 'by the weir too', 4, 4, '[]');
      """, on: path)

    let reopened = try SQLiteNoteRepository(path: path)

    #expect(try pragma("user_version", of: path) == SQLiteSearchIndexTests.currentVersion)
    #expect(
      reopened.searchIndexRebuilds.map(\.reason) == [
        "the store was last opened by an earlier FieldNotes"
      ])
    #expect(try reopened.load().notes.map(\.title) == ["Heron", "Wren", "Moss", "Robin"])
    #expect(try reopened.keptDrafts(forNote: nil) == [draft])
    #expect(try found("weir", in: reopened) == [Self.heron.id, Self.moss.id, robin.id])
    try expectAnswersOfTheScan(reopened)
  }

  // MARK: - Written by another program

  /// The hexadecimal of a note's indexed text, for SQL (`x'…'`).
  static func hex(ofIndexedTextOf note: Note) -> String {
    note.searchKey.map { ($0 < 16 ? "0" : "") + String($0, radix: 16, uppercase: true) }.joined()
  }

  static let refills = [
    // The heron's entry says something else: the row count and every other entry as they were.
    """
    INSERT INTO note_search (note_search, rowid, text)
      VALUES ('delete', 1, CAST(x'\(hex(ofIndexedTextOf: heron))' AS TEXT));
    INSERT INTO note_search (rowid, text) VALUES (1, 'grey, by the river');
    """,
    // Every entry written again from the titles, as they are: not folded, and no bodies.
    """
    INSERT INTO note_search (note_search) VALUES ('delete-all');
    INSERT INTO note_search (rowid, text) SELECT rowid, title FROM notes;
    """,
  ]

  /// An index another program filled again with other text (its record still sound) is found
  /// when the store opens, by what FieldNotes noted of the index when it last wrote it, and is
  /// rebuilt; before, it missed notes with no warning.
  @Test(arguments: refills)
  func anIndexAnotherProgramWroteIsRebuiltWhenTheStoreOpens(refill: String) throws {
    _ = try makeStore()
    try execute(refill, on: path)
    #expect(try record() == ["\(SearchFolding.version)|"], "the record says nothing of it")

    let reopened = try SQLiteNoteRepository(path: path)

    #expect(
      reopened.searchIndexRebuilds.map(\.reason) == [
        "another program, or an earlier FieldNotes, wrote to it"
      ])
    #expect(try found("heron", in: reopened) == [Self.heron.id])
    #expect(try found("grey", in: reopened) == [Self.heron.id])
    try expectAnswersOfTheScan(reopened)
    #expect(try SQLiteNoteRepository(path: path).searchIndexRebuilds == [], "rebuilt once")
  }

  static let changesElsewhere = [
    "UPDATE notes SET body = 'by the dam' WHERE title = 'Wren'",
    """
    INSERT INTO notes (id, title, body, created_at, updated_at, tags)
      VALUES ('\(UUID().uuidString)', 'Dipper', 'by the dam', 5, 5, '[]')
    """,
    "DELETE FROM notes WHERE title = 'Moss'; UPDATE notes SET body = 'dam' WHERE title = 'Wren'",
    "UPDATE notes SET tags = '[\"dam\"]' WHERE title = 'Wren'",
  ]

  /// Another program's change of the notes (an `UPDATE`, an `INSERT`, a `DELETE`), which can't
  /// write the index, is seen at once: the open store's searches read the notes from then on,
  /// its next save marks the index damaged, and the next open rebuilds it, saying why.
  @Test(arguments: changesElsewhere)
  func notesAnotherProgramChangedAreFoundAtOnceAndTheIndexRebuilt(change: String) throws {
    let repository = try makeStore()

    try execute(change, on: path)

    let notes = try repository.load().notes
    let dam = Set(notes.filter { $0.matches("dam") }.map(\.id))
    #expect(!dam.isEmpty)
    #expect(try found("dam", in: repository) == dam)
    try expectAnswersOfTheScan(repository)
    // A save of the note another program changed, and of another.
    var edited = try #require(notes.first { $0.title == "Wren" })
    edited.body += ", singing"
    try repository.commit([.saveNote(edited), .saveNote(Note(title: "Coot", body: "at the dam"))])
    #expect(try found("dam", in: repository).count == dam.count + 1)
    try expectAnswersOfTheScan(repository)

    let reopened = try SQLiteNoteRepository(path: path)

    #expect(reopened.searchIndexRebuilds.count == 1)
    #expect(
      reopened.searchIndexRebuilds.first?.reason.hasPrefix(
        "another program, or an earlier "
          + "FieldNotes, changed ") == true, "\(reopened.searchIndexRebuilds)")
    #expect(try found("dam", in: reopened).count == dam.count + 1)
    try expectAnswersOfTheScan(reopened)
    #expect(try SQLiteNoteRepository(path: path).searchIndexRebuilds == [], "rebuilt once")
  }

  /// The reason names how many notes another program changed, when the store opens before
  /// FieldNotes wrote anything since.
  @Test func theNotesAnotherProgramChangedAreCounted() throws {
    _ = try makeStore()
    try execute("UPDATE notes SET body = body || ' again' WHERE title != 'Moss'", on: path)

    let reopened = try SQLiteNoteRepository(path: path)

    #expect(
      reopened.searchIndexRebuilds.map(\.reason) == [
        "another program, or an earlier FieldNotes, changed 2 notes without updating it"
      ])
  }

  /// What another program changes without changing any note's text (a pin, a date, a notebook)
  /// leaves the index as it is: nothing to rebuild.
  @Test func anotherProgramsPinLeavesTheIndexTrusted() throws {
    let repository = try makeStore()
    try execute(
      """
      UPDATE notes SET is_pinned = 1, updated_at = 9;
      UPDATE notes SET tags = 'not a list' WHERE title = 'Wren';
      """, on: path)

    #expect(try found("weir", in: repository) == [Self.heron.id, Self.moss.id])
    #expect(try SQLiteNoteRepository(path: path).searchIndexRebuilds == [])
  }

  /// A trigger that notes other programs' changes, dropped by one, is made again with the index
  /// when the store opens: changes made while it was gone went unseen.
  @Test func whatNotesOtherProgramsChangesIsMadeAgainWhenDropped() throws {
    _ = try makeStore()
    try execute(
      """
      DROP TRIGGER search_index_changed_update;
      UPDATE notes SET body = 'by the dam' WHERE title = 'Wren';
      """, on: path)

    let reopened = try SQLiteNoteRepository(path: path)

    #expect(
      reopened.searchIndexRebuilds.map(\.reason) == [
        "what shows other programs' changes to the notes was missing"
      ])
    #expect(try found("dam", in: reopened) == [Self.wren.id])
    try execute("UPDATE notes SET body = 'by the mill' WHERE title = 'Wren'", on: path)
    #expect(try found("mill", in: reopened) == [Self.wren.id])
    #expect(
      try SQLiteNoteRepository(path: path).searchIndexRebuilds.map(\.reason) == [
        "another program, or an earlier FieldNotes, changed 1 note without updating it"
      ])
  }

  /// FieldNotes' own writes of every kind keep the index in step, so none of them is ever taken
  /// for another program's.
  @Test func fieldNotesOwnWritesNeedNoRebuild() throws {
    let repository = try makeStore()
    var heron = Self.heron
    heron.title = "Grey heron"
    heron.tags = ["birds", "lake"]
    var pinned = Self.moss
    pinned.isPinned = true
    try repository.commit([.saveNote(heron), .replaceNote(Self.moss, with: pinned)])
    try repository.commit([.trashNote(Self.wren.id, at: Date(timeIntervalSinceReferenceDate: 7))])
    try repository.commit([.restoreTrashedNote(Self.wren)])
    try repository.commit([.trashNote(Self.wren.id, at: Date(timeIntervalSinceReferenceDate: 8))])
    try repository.commit([
      .purgeTrashedNote(
        TrashedNote(
          note: Self.wren, trashedAt: Date(timeIntervalSinceReferenceDate: 8), notebookName: nil))
    ])
    try repository.commit(
      streaming: { write throws(RepositoryError) in
        for index in 0..<50 { try write(.saveNote(Note(title: "Imported \(index)"))) }
      }, progress: { _ in })
    try repository.update { library in
      library.notes.prefix(3).map { note in
        var changed = note
        changed.body += " (synced)"
        return .saveNote(changed)
      }
    }
    _ = try repository.rebuildSearchIndex()
    try repository.commit([.saveNote(Note(title: "After the rebuild", body: "weir"))])

    try expectAnswersOfTheScan(repository)
    #expect(try SQLiteNoteRepository(path: path).searchIndexRebuilds == [])
  }

  // MARK: - Saves never fail for the index

  /// A way of damaging the index from outside, and why the next open says it rebuilt it.
  struct Damage: Sendable, CustomTestStringConvertible {
    var sql: String
    var reason: String
    var testDescription: String { sql }
    /// Whether `PRAGMA integrity_check` passes it: damage inside the index's data, which only
    /// FTS5 reads.
    var passesIntegrityCheck: Bool { !sql.hasPrefix("DROP") }
  }

  static let damages = [
    Damage(
      sql: "UPDATE note_search_data SET block = x'00112233445566778899' WHERE id = 10",
      reason: "a save could not write to it: database disk image is malformed"),
    Damage(
      sql: "UPDATE note_search_data SET block = zeroblob(length(block))",
      reason: "a save could not write to it: constraint failed"),
    // A layout record FTS5 decodes into an absurd allocation: SQLite, out of memory, rolls the
    // whole transaction back, and the save is written again without the index.
    Damage(
      sql: "UPDATE note_search_data SET block = x'b2b725541252f10e4ee8b3fb' WHERE id = 10",
      reason: "a save could not write to it: its data is garbage (reading it ran out of memory)"),
    Damage(
      sql: "DELETE FROM note_search_data",
      reason: "a save could not write to it: database disk image is malformed"),
    // FTS5 reads its settings when a connection first uses it: the open finds this one.
    Damage(
      sql: "UPDATE note_search_config SET v = 99 WHERE k = 'version'",
      reason:
        "it could not be read: invalid fts5 file format (found 99, expected 4) - run 'rebuild'"
    ),
    Damage(sql: "DROP TABLE note_search_idx", reason: "one of its tables was missing"),
    Damage(sql: "DROP TABLE note_search_docsize", reason: "one of its tables was missing"),
    Damage(sql: "DROP TABLE note_search_config", reason: "one of its tables was missing"),
    Damage(sql: "DROP TABLE note_search", reason: "one of its tables was missing"),
  ]

  @Test(arguments: damages)
  func aDamagedIndexNeverFailsASave(damage: Damage) throws {
    let repository = try makeStore()
    try execute(damage.sql, on: path)
    if damage.passesIntegrityCheck {
      #expect(try repository.integrityProblems() == [], "the damage passes integrity_check")
    }
    let robin = Note(title: "Robin", body: "on the spade, by the weir")

    try repository.commit([.saveNote(robin), .trashNote(Self.wren.id, at: .distantPast)])
    try repository.commit([.saveNote(Note(title: "Dipper", body: "under the weir"))])

    #expect(try repository.load().notes.map(\.title) == ["Heron", "Moss", "Robin", "Dipper"])
    try expectAnswersOfTheScan(repository)
    // The next open finds the damage, rebuilds the index and says why.
    let reopened = try SQLiteNoteRepository(path: path)
    #expect(reopened.searchIndexRebuilds == [SearchIndexRebuild(reason: damage.reason)])
    #expect(try record() == ["\(SearchFolding.version)|"])
    try expectAnswersOfTheScan(reopened)
    try reopened.commit([.saveNote(Note(title: "Coot", body: "at the weir"))])
    #expect(try found("weir", in: reopened).count == 5, "the rebuilt index is written again")
  }

  @Test func aSearchThatCannotReadTheIndexReadsTheNotesAndMarksIt() throws {
    let repository = try makeStore()
    try execute(
      "UPDATE note_search_data SET block = x'00112233445566778899' WHERE id = 10", on: path)

    try expectAnswersOfTheScan(repository)

    let damage = try #require(try record().first)
    #expect(damage.hasPrefix("\(SearchFolding.version)|a search could not read it: "))
    #expect(try SQLiteNoteRepository(path: path).searchIndexRebuilds.count == 1)
  }

  // MARK: - Rebuilt on request

  @Test func rebuildingOnRequestPutsAnIndexOfWrongTextRight() throws {
    let repository = try makeStore()
    // The wren's entry says "heron"; the heron's is gone.
    try execute(
      """
      INSERT INTO note_search (note_search, rowid, text) VALUES ('delete', 1, 'heron');
      INSERT INTO note_search (note_search, rowid, text)
        VALUES ('delete', 2, 'wren' || char(10) || 'in the hedge');
      INSERT INTO note_search (rowid, text) VALUES (2, 'heron');
      """, on: path)
    let indexed = "SELECT rowid FROM note_search WHERE note_search MATCH '\"heron\"'"
    #expect(try rows(indexed, of: path) == ["2"], "the damaged index answers wrongly")

    #expect(try repository.rebuildSearchIndex() == 3)

    #expect(try rows(indexed, of: path) == ["1"])
    #expect(try found("heron", in: repository) == [Self.heron.id])
    try expectAnswersOfTheScan(repository)
  }
}

/// The first column of every row a query returns, as text, read through a connection of the
/// test's own.
func firstColumn(of sql: String, on path: String) throws -> [String] {
  try RawSQLite.rows(sql, of: path)
}
