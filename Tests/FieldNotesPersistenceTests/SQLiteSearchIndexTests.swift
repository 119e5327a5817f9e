import FieldNotesModel
import FieldNotesPersistence
import FieldNotesQuery
import FieldNotesServices
import Foundation
import Testing

/// The search index must find exactly what the in-memory scan finds, for every kind of query and
/// after every kind of write; these tests hold the SQLite store's answers against the scan's on
/// the same notes.
@MainActor
@Suite struct SQLiteSearchIndexTests {
  let directory = TemporaryDirectory()

  /// The schema version of a store this FieldNotes makes: the one with the search index.
  nonisolated static let currentVersion = 20

  /// Words from several scripts, with diacritics, capitals, quotes, emoji and the characters the
  /// FTS5 query language would read as syntax.
  static let words = [
    "heron", "Kingfisher", "café", "CAFÉ", "naïve", "Ünïcödé", "straße", "日本語", "東京",
    "👩‍👩‍👧", "🐝", "moss", "MOSS-covered", "a\"b", "\"quoted\"", "AND", "OR", "NOT", "NEAR",
    "col:umn", "star*", "^caret", "(paren)", "{brace}", "100%", "_under_", "x", "ab", "abc",
    "Ærøskøbing", "İstanbul", "ǅemal", "ﬁsh", "e\u{301}clair", "tide", "marsh",
  ]

  static let queries =
    words + [
      "e", "é", "É", "ca", "caf", "cafe", "CAFE", "afe", "her", "heron k", "on kin", "\"",
      "\"\"", "a\"", "\"b", "*", "-", "ss", "strasse", "日本", "本語", "👩", "🐝 ", " ", "  ",
      "zzz-absent", "x x", "fish", "fi", "eclair", "éclair", "and or", "near(", "col:",
      "n\nm", "tide\nmarsh",
    ]

  static func library(count: Int, seed: UInt64) -> NoteLibrary {
    var random = SeededRandomNumberGenerator(seed: seed)
    func phrase(_ range: ClosedRange<Int>) -> String {
      (0..<Int.random(in: range, using: &random)).map { _ in
        words.randomElement(using: &random) ?? "x"
      }.joined(separator: Bool.random(using: &random) ? " " : "\n")
    }
    let notebooks = [
      Notebook(name: "One"), Notebook(name: "Two"),
    ]
    let notes = (0..<count).map { index in
      Note(
        title: phrase(0...4), body: phrase(0...30),
        createdAt: Date(timeIntervalSinceReferenceDate: Double(index) * 60),
        notebookID: index % 3 == 2 ? nil : notebooks[index % 3].id,
        tags: (0..<Int.random(in: 0...3, using: &random)).map { _ in
          words.randomElement(using: &random) ?? "x"
        },
        isPinned: index % 7 == 0)
    }
    return NoteLibrary(notebooks: notebooks, notes: notes)
  }

  /// A store on a new file holding a library, and the same notes in memory.
  func stores(_ library: NoteLibrary) throws -> (indexed: NoteStore, scanned: NoteStore) {
    let repository = try SQLiteNoteRepository(path: directory.file("notes.sqlite"))
    try repository.commit(
      library.notebooks.map { .saveNotebook($0) } + library.notes.map { .saveNote($0) })
    // One fixed clock, so an edit stamps the same date in both.
    let now = DateProvider { Date(timeIntervalSinceReferenceDate: 900_000_000) }
    return (
      try NoteStore(repository: repository, syncer: NoOpNoteSyncer(), now: now),
      NoteStore(notes: library.notes, notebooks: library.notebooks, now: now)
    )
  }

  func expectSameAnswers(
    _ indexed: NoteStore, _ scanned: NoteStore, sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    #expect(indexed.notes == scanned.notes, sourceLocation: sourceLocation)
    let scopes =
      [NoteScope.allNotes, .unfiled] + indexed.notebooks.map { NoteScope.notebook($0.id) }
    for query in Self.queries {
      for scope in scopes {
        let found = try indexed.notes(in: scope, matching: query).map(\.id)
        let expected = try scanned.notes(in: scope, matching: query).map(\.id)
        #expect(found == expected, "\(query) in \(scope)", sourceLocation: sourceLocation)
      }
      #expect(
        try scanned.notes(in: .allNotes, matching: query)
          == scanned.notes.filter { $0.matches(query) }, sourceLocation: sourceLocation)
    }
  }

  @Test func theIndexFindsWhatTheScanFinds() throws {
    let (indexed, scanned) = try stores(Self.library(count: 300, seed: 7))
    try expectSameAnswers(indexed, scanned)
    // Not vacuous: the queries find some notes and miss others.
    #expect(try indexed.notes(in: .allNotes, matching: "heron").count > 10)
    #expect(try indexed.notes(in: .allNotes, matching: "zzz-absent").isEmpty)
  }

  /// Text after a NUL (from an import or a sync) is found by every search, and a word is found
  /// however its accents were written.
  @Test func textAfterANULAndDecomposedAccentsAreFound() throws {
    let imported = Note(title: "Imported", body: "before\u{0}after the heron")
    let decomposed = Note(title: "E\u{301}tude", body: "for the marsh")
    let precomposed = Note(title: "Étude", body: "for the weir")
    let (indexed, scanned) = try stores(
      NoteLibrary(notes: [imported, decomposed, precomposed]))

    for query in ["ft", "heron", "after the heron", "before", "re\u{0}af"] {
      #expect(
        try indexed.notes(in: .allNotes, matching: query).map(\.id) == [imported.id], "\(query)")
    }
    for query in ["etude", "étude", "ÉTUDE", "e\u{301}tude"] {
      #expect(
        try indexed.notes(in: .allNotes, matching: query).map(\.id) == [
          decomposed.id, precomposed.id,
        ],
        "\(query)")
    }
    try expectSameAnswers(indexed, scanned)
  }

  /// Accents that compose with no letter (`i̇stanbul`, what lower-casing `İstanbul` gives; `q́`)
  /// are set aside by the index as by the scan, so the plain word finds them.
  @Test func accentsThatComposeWithNoLetterAreSetAsideByTheIndexAsByTheScan() throws {
    let lowered = Note(title: "İstanbul ferry".lowercased(), body: "the q\u{301}uick crossing")
    let plain = Note(title: "Istanbul", body: "the quick crossing")
    let (indexed, scanned) = try stores(NoteLibrary(notes: [lowered, plain]))

    for query in ["istanbul", "İstanbul", "i\u{307}stanbul", "quick", "q\u{301}uick crossing"] {
      #expect(
        try Set(indexed.notes(in: .allNotes, matching: query).map(\.id)) == [lowered.id, plain.id],
        "\(query)")
    }
    try expectSameAnswers(indexed, scanned)
  }

  @Test func theIndexFollowsEveryKindOfWrite() throws {
    let library = Self.library(count: 120, seed: 11)
    let (indexed, scanned) = try stores(library)
    var random = SeededRandomNumberGenerator(seed: 3)
    for step in 0..<60 {
      let note = indexed.notes[Int.random(in: 0..<indexed.notes.count, using: &random)]
      var edited = note
      let mutation: NoteStore.Mutation
      switch step % 8 {
      case 0:
        edited.title = Self.words.randomElement(using: &random) ?? "x"
        mutation = .updateNote(edited)
      case 1:
        edited.body = "straße (paren) " + edited.body.prefix(10)
        mutation = .updateNote(edited)
      case 2:
        edited.tags = ["İstanbul", "col:umn"]
        mutation = .updateNote(edited)
      case 3: mutation = .togglePin(note.id)
      case 4: mutation = .moveNote(note.id, to: nil)
      case 5: mutation = .deleteNote(note.id)
      case 6:
        mutation = .addNote(
          Note(title: "Ærøskøbing heron \(step)", body: "café 🐝", tags: ["moss"]))
      default:
        var retagged = note
        retagged.tags = ["NEAR", "tide"]
        mutation = .updateNote(retagged)
      }
      try indexed.perform(mutation)
      try scanned.perform(mutation)
    }
    try expectSameAnswers(indexed, scanned)
    // A store opened afresh on the file, and its index, agree with both.
    let reopened = try NoteStore(
      repository: SQLiteNoteRepository(path: directory.file("notes.sqlite")),
      syncer: NoOpNoteSyncer(),
      now: DateProvider { Date(timeIntervalSinceReferenceDate: 10) })
    try expectSameAnswers(reopened, scanned)
  }

  @Test func anImportAndADeletedNotebookKeepTheIndexExact() throws {
    let (indexed, scanned) = try stores(Self.library(count: 80, seed: 5))
    let incoming = Self.library(count: 90, seed: 6)
    _ = try LibraryImport.merge(into: indexed, incoming)
    _ = try LibraryImport.merge(into: scanned, incoming)
    let doomed = try #require(indexed.notebooks.first)
    try indexed.deleteNotebook(doomed.id, deletingNotes: true)
    try scanned.deleteNotebook(doomed.id, deletingNotes: true)
    try expectSameAnswers(indexed, scanned)
  }

  /// A row taken by another note is never read as the note first loaded from it.
  ///
  /// The index answers with rows. SQLite gives a new note the row of a deleted one when that
  /// was the last row, so a note brought back by undo must not keep the row it was loaded from.
  @Test func aRowTakenOverByAnotherNoteIsNeverMistakenForTheFirst() throws {
    let path = directory.file("notes.sqlite")
    let repository = try SQLiteNoteRepository(path: path)
    let heron = Note(
      title: "Heron", body: "grey, by the weir", createdAt: .init(timeIntervalSinceReferenceDate: 1)
    )
    let wren = Note(
      title: "Wren", body: "in the hedge", createdAt: .init(timeIntervalSinceReferenceDate: 2))
    try repository.commit([.saveNote(heron), .saveNote(wren)])
    let store = try NoteStore(
      repository: SQLiteNoteRepository(path: path), syncer: NoOpNoteSyncer(),
      now: DateProvider { Date(timeIntervalSinceReferenceDate: 10) })
    let loadedWren = try #require(try store.note(withID: wren.id))

    try store.perform(.deleteNote(wren.id))
    let robin = Note(
      title: "Robin", body: "on the spade", createdAt: .init(timeIntervalSinceReferenceDate: 3))
    try store.perform(.addNote(robin))
    try store.perform(.addNote(loadedWren))

    #expect(try store.notes(in: .allNotes, matching: "spade").map(\.title) == ["Robin"])
    #expect(try store.notes(in: .allNotes, matching: "hedge").map(\.title) == ["Wren"])
  }

  /// A page the store answered stays as it was drawn until the store reloads.
  ///
  /// Another process's delete doesn't move a row the session was shown, so a row number typed
  /// next still names the note drawn there. A new question reads what is saved now.
  @Test func aPageStaysAsDrawnUntilTheStoreReloads() throws {
    let path = directory.file("notes.sqlite")
    let other = try SQLiteNoteRepository(path: path)
    let wrens = (1...3).map { number in
      Note(
        title: "Wren \(number)", body: "in the hedge",
        createdAt: .init(timeIntervalSinceReferenceDate: Double(number)))
    }
    try other.commit(wrens.map { .saveNote($0) })
    let store = try NoteStore(
      repository: SQLiteNoteRepository(path: path), syncer: NoOpNoteSyncer(),
      now: DateProvider { Date(timeIntervalSinceReferenceDate: 10) })
    let shown = try store.page(
      NoteListQuery(
        scope: .allNotes, search: NoteSearch(literally: "wren").query, order: .newest, limit: 200))
    #expect(shown.notes.map(\.title) == ["Wren 3", "Wren 2", "Wren 1"])

    try other.commit([.trashNote(wrens[2].id, at: .distantPast)])

    #expect(
      try store.page(
        NoteListQuery(
          scope: .allNotes, search: NoteSearch(literally: "wren").query, order: .newest, limit: 200)
      )
        == shown)
    #expect(try store.notes(in: .allNotes, matching: "hedge").count == 2, "a new search")
    try store.reload()
    #expect(
      try store.page(
        NoteListQuery(
          scope: .allNotes, search: NoteSearch(literally: "wren").query, order: .newest, limit: 200)
      )
      .notes.map(\.title)
        == ["Wren 2", "Wren 1"])
  }

  /// The same notes written again in other rows (another process deleted them and wrote them
  /// back, in another order) are found in their new rows after a reload, though the notes are
  /// equal to the ones the store held.
  @Test func theSameNotesInOtherRowsAreFoundInTheirNewRows() throws {
    let path = directory.file("notes.sqlite")
    let repository = try SQLiteNoteRepository(path: path)
    let heron = Note(
      title: "Heron", body: "grey, by the weir", createdAt: .init(timeIntervalSinceReferenceDate: 1)
    )
    let wren = Note(
      title: "Wren", body: "brown, in the hedge",
      createdAt: .init(timeIntervalSinceReferenceDate: 2))
    try repository.commit([.saveNote(heron), .saveNote(wren)])
    let store = try NoteStore(
      repository: SQLiteNoteRepository(path: path), syncer: NoOpNoteSyncer(),
      now: DateProvider { Date(timeIntervalSinceReferenceDate: 10) })
    #expect(try store.notes(in: .allNotes, matching: "grey").map(\.title) == ["Heron"])

    // Another process: the wren takes the heron's row, the heron the wren's.
    try repository.commit([
      .trashNote(heron.id, at: .distantPast), .trashNote(wren.id, at: .distantPast),
    ])
    try repository.commit([.saveNote(wren), .saveNote(heron)])
    try store.reload()

    #expect(store.notes.map(\.title) == ["Heron", "Wren"])
    #expect(try store.notes(in: .allNotes, matching: "grey").map(\.title) == ["Heron"])
    #expect(try store.notes(in: .allNotes, matching: "hedge").map(\.title) == ["Wren"])
    #expect(
      try store.page(
        NoteListQuery(
          scope: .allNotes, search: NoteSearch(literally: "weir").query, order: .newest, limit: 200)
      )
      .notes.map(\.title)
        == ["Heron"])
  }

  /// An index filled with wrong text never shows a note without the text: the store finds the
  /// index wrong, the repository stops using it (so the search is answered by the notes at
  /// once), and the next open rebuilds it, saying why.
  ///
  /// The index is filled so while the store is open: an open finds another program's writes
  /// to the index before any search (`SQLiteSearchIndexRepairTests`).
  @Test func anIndexOfWrongTextNeverShowsAWrongNote() throws {
    let path = directory.file("notes.sqlite")
    let repository = try SQLiteNoteRepository(path: path)
    let heron = Note(
      title: "Heron", body: "grey", createdAt: .init(timeIntervalSinceReferenceDate: 1))
    let wren = Note(
      title: "Wren", body: "brown", createdAt: .init(timeIntervalSinceReferenceDate: 2))
    try repository.commit([.saveNote(heron), .saveNote(wren)])
    let store = try NoteStore(
      repository: SQLiteNoteRepository(path: path), syncer: NoOpNoteSyncer(),
      now: DateProvider { Date(timeIntervalSinceReferenceDate: 10) })
    // The heron's entry is gone and the wren's says "heron".
    try execute(
      """
      INSERT INTO note_search (note_search, rowid, text)
        VALUES ('delete', 1, 'heron' || char(10) || 'grey');
      INSERT INTO note_search (note_search, rowid, text)
        VALUES ('delete', 2, 'wren' || char(10) || 'brown');
      INSERT INTO note_search (rowid, text) VALUES (2, 'heron');
      """, on: path)
    try store.reload()

    #expect(try store.notes(in: .allNotes, matching: "heron").map(\.title) == ["Heron"])
    #expect(
      try store.page(
        NoteListQuery(
          scope: .allNotes, search: NoteSearch(literally: "heron").query, order: .newest, limit: 200
        )
      )
      .notes.map(\.title)
        == ["Heron"])
    #expect(
      try SQLiteNoteRepository(path: path).searchIndexRebuilds == [
        SearchIndexRebuild(
          reason: "a search found a note in its answer without the text searched for")
      ])
  }

  /// The pages a SQLite store on a new file holding some notes answers searches with, as typed;
  /// why its search index is recorded as damaged afterwards (empty when it isn't); and what the
  /// next open of the store rebuilds.
  func answers(
    to searches: [String], among notes: [Note]
  ) throws -> (pages: [NotePage], damage: [String], rebuilds: [SearchIndexRebuild]) {
    let path = directory.file("notes.sqlite")
    let repository = try SQLiteNoteRepository(path: path)
    try repository.commit(notes.map { .saveNote($0) })
    let context = NoteQuery.Context(
      now: Date(timeIntervalSinceReferenceDate: 10),
      timeZone: TimeZone(identifier: "UTC") ?? .current)
    let pages = try searches.map { search in
      try repository.page(
        NoteListQuery(scope: .allNotes, search: NoteQuery(parsing: search, in: context)))
    }
    return (
      pages,
      try firstColumn(of: "SELECT coalesce(damage, '') FROM search_index_state", on: path),
      try SQLiteNoteRepository(path: path).searchIndexRebuilds
    )
  }

  /// A word holding a double quote (`12"`) is a phrase of the index like any other (FTS5 takes
  /// the quote written twice): answered by the index, and the index stays trusted.
  @Test func aWordHoldingADoubleQuoteIsAnsweredByTheIndex() throws {
    let pipe = Note(
      title: "Drain", body: "a 12\" pipe", createdAt: .init(timeIntervalSinceReferenceDate: 1))
    let pipes = Note(
      title: "Drains", body: "12 pipes", createdAt: .init(timeIntervalSinceReferenceDate: 2))
    let said = Note(
      title: "Said", body: "she said \"12\"", createdAt: .init(timeIntervalSinceReferenceDate: 3))

    let (pages, damage, rebuilds) = try answers(
      to: ["12\"", "12\" pipe", "a\"b OR 12\"", "12 -12\""], among: [pipe, pipes, said])

    #expect(
      pages.map { Set($0.notes.map(\.title)) } == [
        ["Drain", "Said"], ["Drain"], ["Drain", "Said"], ["Drains"],
      ])
    #expect(pages.map(\.totalCount) == [2, 1, 2, 1])
    #expect(damage == [""], "the index was never marked damaged")
    #expect(rebuilds == [])
  }

  /// Exclusions the index answers (`lake -heron -egret`: notes with lake, without either word)
  /// are answered right by it, and the index stays trusted.
  @Test func exclusionsAreAnsweredRightByTheIndex() throws {
    let notes = [
      "lake heron", "lake egret", "lake", "lake heron egret", "pond heron", "lake grebe",
    ]
    .enumerated().map { index, title in
      Note(title: title, createdAt: .init(timeIntervalSinceReferenceDate: Double(index)))
    }

    let (pages, damage, rebuilds) = try answers(
      to: [
        "lake -heron -egret", "lake NOT heron NOT egret", "lake -(heron OR egret)",
        "lake -heron", "(lake OR pond) -egret",
      ], among: notes)

    #expect(
      pages.map { Set($0.notes.map(\.title)) } == [
        ["lake", "lake grebe"], ["lake", "lake grebe"], ["lake", "lake grebe"],
        ["lake egret", "lake", "lake grebe"], ["lake heron", "lake", "pond heron", "lake grebe"],
      ])
    #expect(pages.map(\.totalCount) == [2, 2, 2, 3, 4])
    #expect(damage == [""], "the index was never marked damaged")
    #expect(rebuilds == [])
  }

  /// Another process's writes: a search answers what is saved when it is asked, and never
  /// shows a row as the note that was in it before.
  @Test func aSearchAfterAnotherProcessWroteAnswersWhatIsSaved() throws {
    let path = directory.file("notes.sqlite")
    let repository = try SQLiteNoteRepository(path: path)
    let wren = Note(
      title: "Wren", body: "in the hedge", createdAt: .init(timeIntervalSinceReferenceDate: 2))
    try repository.commit([.saveNote(wren)])
    let store = try NoteStore(
      repository: SQLiteNoteRepository(path: path), syncer: NoOpNoteSyncer(),
      now: DateProvider { Date(timeIntervalSinceReferenceDate: 10) })

    // Another process deletes the wren and writes a robin, which takes its row.
    try repository.commit([.trashNote(wren.id, at: .distantPast)])
    try repository.commit([.saveNote(Note(title: "Robin", body: "on the spade"))])

    #expect(try store.notes(in: .allNotes, matching: "spade").map(\.title) == ["Robin"])
    #expect(
      try store.notes(in: .allNotes, matching: "hedge").isEmpty, "the wren's row is the robin's")
    try store.reload()
    #expect(try store.notes(in: .allNotes, matching: "spade").map(\.title) == ["Robin"])
    #expect(try store.notes(in: .allNotes, matching: "hedge").isEmpty)
  }

  @Test func aFailedCommitLeavesTheIndexAsItWas() throws {
    let path = directory.file("notes.sqlite")
    let repository = try SQLiteNoteRepository(path: path)
    let kept = Note(title: "heron kept", body: "by the tide")
    try repository.commit([.saveNote(kept)])
    let stranger = Note(title: "heron stranger")
    // The expectation fails after the save was written: the transaction takes both back.
    #expect(throws: RepositoryError.self) {
      try repository.commit([.saveNote(stranger), .expectNote(kept.id, nil)])
    }
    #expect(try repository.noteIDs(matching: "heron") == [kept.id])
  }

  @Test func aStoreMadeBeforeTheIndexGetsOneWhenOpened() throws {
    let path = directory.file("old.sqlite")
    let library = Self.library(count: 150, seed: 9)
    // A version 2 store, as the previous FieldNotes made it, holding notes.
    try execute(
      """
      PRAGMA journal_mode = WAL; PRAGMA application_id = \(0x464E_4F54);
      CREATE TABLE notebooks (id TEXT PRIMARY KEY NOT NULL, name TEXT NOT NULL,
        symbol_name TEXT NOT NULL);
      CREATE TABLE notes (id TEXT PRIMARY KEY NOT NULL, title TEXT NOT NULL, body TEXT NOT NULL,
        created_at REAL NOT NULL, updated_at REAL NOT NULL, notebook_id TEXT,
        tags TEXT NOT NULL DEFAULT '[]', is_pinned INTEGER NOT NULL DEFAULT 0);
      CREATE INDEX notes_by_notebook ON notes (notebook_id);
      CREATE TABLE drafts (note_key TEXT PRIMARY KEY NOT NULL, notebook_id TEXT,
        title TEXT NOT NULL, body TEXT NOT NULL, tags TEXT NOT NULL DEFAULT '[]',
        kept_at REAL NOT NULL);
      PRAGMA user_version = 2;
      """, on: path, create: true)
    try execute(
      library.notebooks.map { notebook in
        "INSERT INTO notebooks VALUES ('\(notebook.id)', '\(notebook.name)', 'book');"
      }.joined()
        + library.notes.map { note in
          """
          INSERT INTO notes VALUES ('\(note.id)', \(sqlText(note.title)), \(sqlText(note.body)),
            \(note.createdAt.timeIntervalSinceReferenceDate),
            \(note.updatedAt.timeIntervalSinceReferenceDate),
            \(note.notebookID.map { "'\($0)'" } ?? "NULL"),
            \(sqlText(tagsJSON(note.tags))),
            \(note.isPinned ? 1 : 0));
          """
        }.joined(), on: path)
    let indexed = try NoteStore(
      repository: SQLiteNoteRepository(path: path), syncer: NoOpNoteSyncer(),
      now: DateProvider { Date(timeIntervalSinceReferenceDate: 10) })
    #expect(try pragma("user_version", of: path) == Self.currentVersion)
    try expectSameAnswers(indexed, NoteStore(notes: library.notes, notebooks: library.notebooks))
  }

  func tagsJSON(_ tags: [String]) -> String {
    (try? JSONEncoder().encode(tags)).map { String(decoding: $0, as: UTF8.self) } ?? "[]"
  }

  func sqlText(_ text: String) -> String {
    "'" + text.replacingOccurrences(of: "'", with: "''") + "'"
  }
}
