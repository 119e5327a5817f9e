import FieldNotesModel
import FieldNotesQuery
import FieldNotesSQLiteTesting
import FieldNotesServices
import Foundation
import Testing

@testable import FieldNotesPersistence

/// An import's new notes are written without the triggers a new note fires, whose work is then
/// done for those notes at once: every table ends exactly as the triggers would have left it.
@Suite struct SQLiteBulkInsertTests {
  let directory = TemporaryDirectory()

  /// Every table derived from the notes, as rows of text in a fixed order.
  func derivedTables(_ path: String) throws -> [String: [String]] {
    let raw = try RawConnection(path: path)
    return [
      "note_tags": try raw.rows(
        "SELECT tag || '|' || is_pinned || '|' || created_at || '|' || note_id FROM note_tags "
          + "ORDER BY 1"),
      "tag_counts": try raw.rows(
        "SELECT tag || '|' || notes || '|' || pinned FROM tag_counts WHERE notes != 0 ORDER BY 1"
      ),
      "note_counts": try raw.rows(
        "SELECT notebook_id || '|' || notes || '|' || pinned || '|' || untagged FROM note_counts "
          + "WHERE notes != 0 ORDER BY 1"),
      "damaged_notes": try raw.rows("SELECT row FROM damaged_notes ORDER BY 1"),
      "title_key": try raw.rows("SELECT id || '|' || hex(title_key) FROM notes ORDER BY 1"),
    ]
  }

  func schemaVersion(_ path: String) throws -> String {
    try RawConnection(path: path).rows("PRAGMA schema_version").first ?? ""
  }

  /// The names of the triggers a new note fires, before its row is written or after.
  func triggers(_ path: String) throws -> [String] {
    try RawConnection(path: path).rows(
      "SELECT name FROM sqlite_master WHERE type = 'trigger' AND tbl_name = 'notes' "
        + "AND sql LIKE '% INSERT ON notes%' ORDER BY 1")
  }

  /// Every row of every table but the search index's own (FTS5's layout depends on how many
  /// statements wrote it) and the sync journal's positions (the same entries, numbered in
  /// another order), as text, in a fixed order.
  func everyTable(_ path: String) throws -> [String: [String]] {
    let raw = try RawConnection(path: path)
    var tables: [String: [String]] = [:]
    let names = try raw.rows(
      "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' "
        + "AND name NOT LIKE 'note_search%' AND name != 'search_index_seal'")
    for name in names {
      let columns = try raw.rows("SELECT name FROM pragma_table_info('\(name)')").filter {
        !(name == "sync_journal" && $0 == "position")
      }
      let row = columns.map { "quote(\($0))" }.joined(separator: " || '|' || ")
      tables[name] = try raw.rows("SELECT \(row) FROM \(name) ORDER BY 1")
    }
    return tables
  }

  /// A note of an import: its tags, pin and notebook vary with its number.
  func incoming(_ number: Int, notebooks: [Notebook.ID?]) -> Note {
    let tags = [["birds"], [], ["birds", "rare"], ["moss"], ["rare", "moss", "birds"]][number % 5]
    let id = UUID(uuidString: String(format: "00000000-0000-4000-8000-%012d", number)) ?? UUID()
    return Note(
      id: id, title: "Imported \(number)", body: "Seen at \(number)",
      createdAt: Date(timeIntervalSinceReferenceDate: Double(800_000_000 + number)),
      notebookID: notebooks[number % notebooks.count], tags: tags,
      isPinned: number.isMultiple(of: 7))
  }

  /// Saves changes as an import streams them, or all at once as one save.
  func save(_ changes: [RepositoryChange], to store: SQLiteNoteRepository, streamed: Bool) throws {
    guard streamed else { return try store.commit(changes) }
    try store.commit(
      streaming: { write throws(RepositoryError) in
        for change in changes { try write(change) }
      }, progress: { _ in })
  }

  /// The triggers a new note fires in a store FieldNotes made.
  let insertTriggers = [
    "damaged_notes_insert", "note_counts_insert", "note_tags_insert",
    "notes_identifier_in_capitals_insert", "search_index_changed_insert",
    "sync_journal_note_insert", "trashed_notes_leave_a_version",
  ]

  @Test func everyTriggerANewNoteFiresIsOneAnImportStandsInFor() throws {
    let path = directory.file("notes.sqlite")
    _ = try SQLiteNoteRepository(path: path)
    #expect(try triggers(path) == insertTriggers)
    #expect(SQLiteBulkInsert.replacements.map(\.trigger).sorted() == insertTriggers)
  }

  /// A row written without the triggers with small letters in its identifier is refused when
  /// the import stands in for them, with the message the trigger refuses it with, and the row
  /// written in capitals is not.
  @Test func anImportsRowsAreRefusedAnIdentifierInSmallLettersAsTheTriggerRefusesIt() throws {
    let path = directory.file("notes.sqlite")
    _ = try SQLiteNoteRepository(path: path)
    let raw = try RawConnection(path: path)
    let replacement = try #require(
      SQLiteBulkInsert.replacements.first { $0.trigger == "notes_identifier_in_capitals_insert" })
    let row = { (id: String) in
      """
      INSERT INTO notes (rowid, id, title, body, created_at, updated_at)
        VALUES (7, '\(id)', 'Heron', '', 0, 0);
      """
    }
    let capitals = "0000000A-0000-4000-8000-00000000000B"
    try raw.execute(
      "BEGIN; DROP TRIGGER notes_identifier_in_capitals_insert; " + row(capitals.lowercased()))
    let refusal = #expect(throws: (any Error).self) {
      try raw.execute(replacement.statements(7, []))
    }
    #expect("\(refusal.map { "\($0)" } ?? "")".contains(SQLiteIdentifierCase.refusal))
    try raw.execute("DELETE FROM notes WHERE rowid = 7; " + row(capitals))
    try raw.execute(replacement.statements(7, []))
    try raw.execute("ROLLBACK")
    #expect(try raw.rows("SELECT count(*) FROM notes") == ["0"])
  }

  /// The same changes, streamed as an import streams them and given as one save: every table
  /// of the two stores holds the same rows, the versions, the trash and the sync journal too.
  @Test func anImportWritesWhatTheTriggersWouldHaveWrittenInEveryTable() throws {
    let birds = Notebook(id: UUID(), name: "Birds")
    let here = (0..<20).map { number in
      Note(
        id: UUID(uuidString: String(format: "10000000-0000-4000-8000-%012d", number)) ?? UUID(),
        title: "Here \(number)", body: "Kept \(number)",
        createdAt: Date(timeIntervalSinceReferenceDate: 790_000_000),
        notebookID: number < 10 ? birds.id : nil, tags: number.isMultiple(of: 2) ? ["birds"] : [])
    }
    let trashedAt = Date(timeIntervalSinceReferenceDate: 790_000_060)
    // Two notes in the trash come back by an import: one with other text, one the same.
    var changedInTheTrash = here[4]
    changedInTheTrash.body = "Back from the trash with other text"
    changedInTheTrash.updatedAt = trashedAt.addingTimeInterval(60)
    var changes: [RepositoryChange] = (0..<400).map { number in
      .saveNote(incoming(number, notebooks: [birds.id, nil]))
    }
    changes += [.saveNote(changedInTheTrash), .saveNote(here[6])]
    changes += (400..<450).map { .saveNote(incoming($0, notebooks: [nil])) }

    var tables: [[String: [String]]] = []
    for streamed in [true, false] {
      let path = directory.file("\(streamed).sqlite")
      let store = try SQLiteNoteRepository(path: path)
      try store.commit([.saveNotebook(birds)] + here.map { .saveNote($0) })
      try store.commit([
        .trashNote(here[4].id, at: trashedAt), .trashNote(here[6].id, at: trashedAt),
      ])
      // The store has synced once: every write from now on is journaled.
      _ = try store.syncChanges()
      try save(changes, to: store, streamed: streamed)
      #expect(try triggers(path) == insertTriggers)
      tables.append(try everyTable(path))
    }
    let (streamed, saved) = (tables[0], tables[1])
    #expect(streamed.keys.sorted() == saved.keys.sorted())
    for (table, rows) in saved { #expect(streamed[table] == rows, "\(table)") }
    // What the comparison covers: the trashed text became a version, both left the trash,
    // and every new note is in the journal.
    #expect(saved["note_versions"]?.contains { $0.contains("Kept 4") } == true)
    #expect(saved["trashed_notes"] == [])
    #expect(saved["sync_journal"]?.count == 452)
  }

  @Test func anImportIntoAStoreWithNotesLeavesEveryDerivedTableAsARebuildWould() throws {
    let path = directory.file("notes.sqlite")
    let store = try SQLiteNoteRepository(path: path)
    let birds = Notebook(id: UUID(), name: "Birds")
    let here = (0..<30).map { number in
      Note(
        title: "Here \(number)", notebookID: number < 20 ? birds.id : nil,
        tags: number.isMultiple(of: 2) ? ["birds"] : [], isPinned: number == 3)
    }
    try store.commit([.saveNotebook(birds)] + here.map { .saveNote($0) })
    let trashed = here[5]
    try store.commit([.trashNote(trashed.id, at: Date())])
    // A row FieldNotes can't read, written by another program: no list counts it.
    try RawConnection(path: path).execute(
      """
      INSERT INTO notes (id, title, body, created_at, updated_at, notebook_id, tags, is_pinned)
        VALUES ('\(UUID().uuidString)', 'Damaged', '', 0, 0, NULL, '["birds"]', 7);
      """)
    let schemaBefore = try schemaVersion(path)
    let moss = Notebook(id: UUID(), name: "Moss")
    let notebooks: [Notebook.ID?] = [birds.id, moss.id, nil]
    var edited = here[8]
    edited.body = "Edited by the import"
    edited.tags = ["rare"]

    try store.commit(
      streaming: { write throws(RepositoryError) in
        try write(.saveNotebook(moss))
        for number in 0..<300 { try write(.saveNote(incoming(number, notebooks: notebooks))) }
        // A note here, then one this import wrote, written again; then a note back from the
        // trash with other text, more new notes, and one of them deleted.
        try write(.saveNote(edited))
        var again = incoming(250, notebooks: notebooks)
        again.tags = ["rare"]
        again.isPinned = true
        try write(.saveNote(again))
        var restored = trashed
        restored.body = "Back with other text"
        try write(.restoreTrashedNote(restored))
        for number in 300..<600 { try write(.saveNote(incoming(number, notebooks: notebooks))) }
        try write(.trashNote(incoming(590, notebooks: notebooks).id, at: Date()))
      }, progress: { _ in })

    #expect(try schemaVersion(path) != schemaBefore, "the import wrote without the triggers")
    #expect(try triggers(path) == insertTriggers)
    let imported = try derivedTables(path)
    #expect(imported["damaged_notes"]?.count == 1)
    // The damaged row is no note FieldNotes reads, and one note of each set was deleted.
    #expect(try store.load().notes.count == 29 + 1 + 599)
    // Nothing the user wrote is lost: the texts written over are versions.
    #expect(try store.versions(ofNote: edited.id).map(\.body) == [here[8].body])
    #expect(
      try store.versions(ofNote: incoming(250, notebooks: notebooks).id).map(\.body)
        == ["Seen at 250"])
    #expect(try store.versions(ofNote: trashed.id).map(\.body) == [trashed.body])

    _ = try store.rebuildSearchIndex()

    let rebuilt = try derivedTables(path)
    for (table, rows) in rebuilt { #expect(imported[table] == rows, "\(table)") }
    let library = try store.load()
    #expect(try store.summary() == library.summary)
  }

  /// The store's indexes, in the order the schema holds them (one made again comes after the
  /// others), each with the statement that made it.
  func indexes(_ path: String) throws -> [String] {
    try RawConnection(path: path).rows(
      "SELECT name || ': ' || sql FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL "
        + "ORDER BY rowid")
  }

  /// An import into a store with no notes makes the notes' indexes after its rows.
  ///
  /// They come last in the schema then, each as it was defined and whole; into a store with
  /// notes, the import leaves them where they are. Every table ends as the same changes saved
  /// at once leave it.
  @Test func anImportIntoAStoreWithoutNotesMakesTheIndexesAfterItsRows() throws {
    let notebooks: [Notebook.ID?] = [UUID(), nil]
    let changes = (0..<450).map { RepositoryChange.saveNote(incoming($0, notebooks: notebooks)) }
    var tables: [[String: [String]]] = []
    for (streamed, noteFirst) in [(true, false), (false, false), (true, true)] {
      let path = directory.file("\(streamed)-\(noteFirst).sqlite")
      let store = try SQLiteNoteRepository(path: path)
      try store.commit(
        notebooks.compactMap { $0 }.map { .saveNotebook(Notebook(id: $0, name: "B")) })
      // Another tool's index, whose name must be quoted, is made again as the others are.
      try RawConnection(path: path).execute(
        "CREATE INDEX \"notes by \"\"year\"\"\" ON notes (created_at)")
      if noteFirst { try store.commit([.saveNote(Note(title: "Kept", tags: ["birds"]))]) }
      let before = try indexes(path)
      try save(changes, to: store, streamed: streamed)
      let after = try indexes(path)
      #expect(Set(after) == Set(before), "every index, as it was defined")
      #expect(
        (after != before) == (streamed && !noteFirst),
        "made again only by an import into a store without notes")
      #expect(try RawConnection(path: path).rows("PRAGMA integrity_check") == ["ok"])
      #expect(try triggers(path) == insertTriggers)
      if !noteFirst { tables.append(try everyTable(path)) }
    }
    #expect(tables[0] == tables[1])
  }

  @Test func aFewNotesAreWrittenWithTheTriggers() throws {
    let path = directory.file("notes.sqlite")
    let store = try SQLiteNoteRepository(path: path)
    let schemaBefore = try schemaVersion(path)
    try store.commit(
      streaming: { write throws(RepositoryError) in
        for number in 0..<20 { try write(.saveNote(incoming(number, notebooks: [nil]))) }
      }, progress: { _ in })
    #expect(try schemaVersion(path) == schemaBefore)
    #expect(try store.summary() == store.load().summary)
  }

  /// An import that fails leaves every trigger, index and table as it was, into a store with
  /// notes or without (where it had dropped the indexes too).
  @Test(arguments: [true, false])
  func anImportThatFailsLeavesTheTriggersAndTheTablesAsTheyWere(withANote: Bool) throws {
    let path = directory.file("notes-\(withANote).sqlite")
    let store = try SQLiteNoteRepository(path: path)
    if withANote { try store.commit([.saveNote(Note(title: "Kept", tags: ["birds"]))]) }
    let before = try derivedTables(path)
    let indexesBefore = try indexes(path)
    #expect(throws: RepositoryError.readFailed(reason: "the file changed")) {
      try store.commit(
        streaming: { write throws(RepositoryError) in
          for number in 0..<500 { try write(.saveNote(incoming(number, notebooks: [nil]))) }
          throw .readFailed(reason: "the file changed")
        }, progress: { _ in })
    }
    #expect(try derivedTables(path) == before)
    #expect(try triggers(path) == insertTriggers)
    #expect(try indexes(path) == indexesBefore)
    // The triggers work: a note saved now is counted.
    try store.commit([.saveNote(Note(title: "After", tags: ["birds"], isPinned: true))])
    #expect(try store.summary() == store.load().summary)
  }

  /// An import finishes the merges of the search index's segments it set going, so the saves
  /// after it don't each do a part of them (`SQLiteSearchIndex.finishMerges(_:)`).
  @Test func anImportLeavesNoMergeOfTheSearchIndexUnderWay() throws {
    let path = directory.file("notes.sqlite")
    let store = try SQLiteNoteRepository(path: path)
    try importSmallSegments(into: store, at: path, notes: 0..<3_000)
    let raw = try RawConnection(path: path)
    let layout = "SELECT hex(block) FROM note_search_data WHERE id = 10"
    let before = try raw.rows(layout)
    // FTS5's own merge command does nothing, and so leaves the layout as it is, when no merge
    // is under way and no level has enough segments to start one.
    try raw.execute("INSERT INTO note_search (note_search, rank) VALUES ('merge', 1000)")
    #expect(try raw.rows(layout) == before, "a merge was left under way")
    #expect(try store.load().notes.count == 3_000)
  }

  /// An import that is most of the library leaves its search index as one segment, which the
  /// small saves after it never merge again.
  ///
  /// See `SQLiteSearchIndex.finishMerges(_:written:)`. Left in several, FTS5 merged them whole
  /// once enough small segments had piled up: after a million notes' import, one save took
  /// 14.6 s.
  @Test func anImportOfMostOfTheLibraryLeavesOneSegmentThatLaterSavesNeverMerge() throws {
    let path = directory.file("notes.sqlite")
    let store = try SQLiteNoteRepository(path: path)
    try importSmallSegments(into: store, at: path, notes: 0..<3_000)
    let imported = try segments(of: path)
    #expect(imported.count == 1)
    for number in 0..<300 {
      try store.commit([.saveNote(Note(title: "Save \(number)", body: "seen at pond \(number)"))])
    }
    #expect(try segments(of: path).contains(imported[0]), "a save merged the import's segment")
    #expect(try store.load().notes.count == 3_300)
  }

  /// An import that is a small part of a large library is not worth merging the whole index
  /// for: the segments already there are left as they are.
  @Test func anImportOfASmallPartOfTheLibraryLeavesTheIndexsSegmentsAsTheyWere() throws {
    let path = directory.file("notes.sqlite")
    let store = try SQLiteNoteRepository(path: path)
    try importSmallSegments(into: store, at: path, notes: 0..<3_000)
    let before = try segments(of: path)
    try importSmallSegments(into: store, at: path, notes: 3_000..<3_100)
    #expect(Set(before).isSubset(of: try segments(of: path)))
    #expect(try store.load().notes.count == 3_100)
  }

  /// Imports notes with a small table of pending terms, so that a few thousand notes make many
  /// segments, as a large library's import does at 64 MiB.
  private func importSmallSegments(
    into store: SQLiteNoteRepository, at path: String, notes: Range<Int>
  ) throws {
    try RawConnection(path: path).execute(
      "INSERT INTO note_search (note_search, rank) VALUES ('hashsize', 32768)")
    try store.commit(
      streaming: { write throws(RepositoryError) in
        for number in notes {
          var note = incoming(number, notebooks: [nil])
          note.body = (0..<12).map { "seen at pond \(number * 12 + $0)" }.joined(separator: ", ")
          try write(.saveNote(note))
        }
      }, progress: { _ in })
  }

  /// The ids of the search index's segments, read from FTS5's record of its layout: a 4-byte
  /// cookie, then varints: the levels, the segments, the write counter, and for each level its
  /// merge and segment counts, then each segment's id and first and last pages.
  private func segments(of path: String) throws -> [Int] {
    let hex = try #require(
      try RawConnection(path: path).rows("SELECT hex(block) FROM note_search_data WHERE id = 10")
        .first)
    let bytes = stride(from: 0, to: hex.count, by: 2).compactMap { offset -> UInt8? in
      let start = hex.index(hex.startIndex, offsetBy: offset)
      return UInt8(hex[start..<hex.index(start, offsetBy: 2)], radix: 16)
    }
    var place = 4
    func varint() -> Int {
      var value = 0
      for index in 0..<9 {
        let byte = Int(bytes[place])
        place += 1
        if index == 8 { return value << 8 | byte }
        value = value << 7 | byte & 0x7f
        if byte & 0x80 == 0 { break }
      }
      return value
    }
    let levels = varint()
    _ = (varint(), varint())
    var ids: [Int] = []
    for _ in 0..<levels {
      _ = varint()
      for _ in 0..<varint() {
        ids.append(varint())
        _ = (varint(), varint())
      }
    }
    return ids
  }
}
