import FieldNotesModel
import FieldNotesPersistence
import FieldNotesQuery
import FieldNotesServices
import Foundation
import Testing

/// Every list the store answers from SQLite — each scope, filter, order, search and page size —
/// is the list `NoteLibrary.page(for:)` computes on plain arrays of the same notes, after random
/// writes through the store and through a second connection to the file (another process, as
/// SQLite sees it).
@MainActor
@Suite struct StoreQueryPropertyTests {
  let directory = TemporaryDirectory()

  static let tags = ["birds", "lake", "moss", "Birds", "über", "鳥", "a/b"]
  static let words = [
    "heron", "Heron", "lake", "café", "CAFE", "naïve", "鳥の声", "grey", "1 note", "10 notes",
    "2 notes", "\"quoted\"", "50%", "a_b", "Zürich", "zebra", "",
  ]

  func randomNote(
    _ random: inout SeededRandomNumberGenerator, notebooks: [Notebook], number: Int
  ) -> Note {
    func words(_ count: ClosedRange<Int>) -> String {
      (0..<Int.random(in: count, using: &random)).map { _ in
        Self.words.randomElement(using: &random) ?? ""
      }.joined(separator: " ")
    }
    // Few dates, so many notes share one and the identifiers order them.
    let minutes = Double(Int.random(in: 0..<12, using: &random))
    // Edited at one of a few later moments, or never, so the order of changes has ties too.
    let edited = Double(Int.random(in: 0..<6, using: &random))
    return Note(
      id: UUID(),
      title: words(0...3),
      body: words(0...8),
      createdAt: Date(timeIntervalSinceReferenceDate: 800_000_000 + minutes * 60),
      notebookID: Bool.random(using: &random) ? notebooks.randomElement(using: &random)?.id : nil,
      tags: Array(
        Set(
          (0..<Int.random(in: 0...3, using: &random)).compactMap { _ in
            Self.tags.randomElement(using: &random)
          })
      ).sorted(),
      isPinned: Int.random(in: 0..<4, using: &random) == 0,
      updatedAt: Date(timeIntervalSinceReferenceDate: 800_000_000 + (minutes + edited) * 60))
  }

  /// Every query over the scopes, filters and orders, with some searches and page sizes, and
  /// pages after places `more` could have taken: where a note stands, or stood before it was
  /// pinned or unpinned.
  func queries(
    notebooks: [Notebook], places notes: [Note], _ random: inout SeededRandomNumberGenerator
  ) -> [NoteListQuery] {
    let scopes: [NoteScope] =
      [.allNotes, .unfiled, .tagged("birds"), .tagged("鳥")] + notebooks.map { .notebook($0.id) }
    var queries: [NoteListQuery] = []
    for scope in scopes {
      for order in NoteSortOrder.allCases {
        for filter in 0..<4 {
          let search =
            Bool.random(using: &random) ? "" : Self.words.randomElement(using: &random) ?? ""
          var place = Bool.random(using: &random) ? nil : notes.randomElement(using: &random)
          if Int.random(in: 0..<4, using: &random) == 0 { place?.isPinned.toggle() }
          queries.append(
            NoteListQuery(
              scope: scope, search: NoteSearch(literally: search).query,
              tag: filter == 3 ? "lake" : nil,
              pinnedOnly: filter == 1, untaggedOnly: filter == 2, order: order,
              limit: [0, 1, 3, 7, 200].randomElement(using: &random) ?? 200,
              after: place.map { NoteListPosition(of: $0, in: order) },
              offset: [0, 0, 1, 4, 30].randomElement(using: &random) ?? 0))
        }
      }
    }
    return queries
  }

  @Test(arguments: [1, 2, 3] as [UInt64])
  func everyListIsTheOneComputedOnPlainArrays(seed: UInt64) throws {
    var random = SeededRandomNumberGenerator(seed: seed)
    let path = directory.file("notes-\(seed).sqlite")
    let other = try SQLiteNoteRepository(path: path)
    let notebooks = (0..<3).map { Notebook(id: UUID(), name: "Book \($0)") }
    try other.commit(
      notebooks.map { .saveNotebook($0) }
        + (0..<60).map { .saveNote(randomNote(&random, notebooks: notebooks, number: $0)) })
    let store = try NoteStore(
      repository: SQLiteNoteRepository(path: path), syncer: NoOpNoteSyncer(),
      now: DateProvider { Date(timeIntervalSinceReferenceDate: 800_000_000) })

    for round in 0..<8 {
      // Writes from this store…
      for step in 0..<6 {
        let shown = try store.page(NoteListQuery(scope: .allNotes)).notes
        guard let note = shown.randomElement(using: &random) else { break }
        switch Int.random(in: 0..<5, using: &random) {
        case 0: try store.setPinned(note.id, !note.isPinned)
        case 1: try store.perform(.moveNote(note.id, to: notebooks.randomElement()?.id))
        case 2: try store.perform(.deleteNote(note.id))
        case 3:
          var edited = note
          edited.tags = Array(Set(edited.tags + ["lake"])).sorted()
          edited.title = Self.words.randomElement(using: &random) ?? ""
          try store.perform(.updateNote(edited))
        default:
          try store.perform(
            .addNote(randomNote(&random, notebooks: notebooks, number: 100 * round + step)))
        }
      }
      // …and from another connection, which the store sees when it reloads.
      let saved = try other.load().notes
      var changes: [RepositoryChange] = (0..<3).map { number in
        .saveNote(randomNote(&random, notebooks: notebooks, number: 1_000 * round + number))
      }
      if let victim = saved.randomElement(using: &random) {
        changes.append(.trashNote(victim.id, at: .distantPast))
      }
      if var pinned = saved.randomElement(using: &random) {
        pinned.isPinned.toggle()
        pinned.tags = []
        changes.append(.saveNote(pinned))
      }
      try other.commit(changes)
      if round.isMultiple(of: 3) {
        // Another tool writes rows that are no notes: no list shows or counts them.
        let tag = Self.tags.randomElement(using: &random) ?? "birds"
        try RawConnection(path: path).execute(
          """
          INSERT INTO notes (id, title, body, created_at, updated_at, tags, is_pinned)
            VALUES ('\(UUID().uuidString)', 'lake pin', 'lake', 800000000, 800000000, '["\(tag)"]', 2),
              ('short \(round)', 'lake id', 'lake', 800000000, 800000000, '["\(tag)"]', 0),
              ('\(UUID().uuidString)', 'lake tags', 'lake', 800000000, 800000000, 'not a list', 1),
              ('zzzzzzzz-zzzz-zzzz-zzzz-\(round)zzzzzzzzzzz', 'lake', '', 800000000, 800000000,
                '["\(tag)"]', 0),
              ('\(UUID().uuidString)', 'lake', '', 800000000, 800000000, '[1, 2, "\(tag)"]', 0),
              ('\(UUID().uuidString)', 'lake', '', 'yesterday', 800000000, '["\(tag)"]', 1);
          INSERT INTO notes (id, title, body, created_at, updated_at, notebook_id, tags)
            VALUES ('\(UUID().uuidString)', 'lake', '', 800000000, 800000000,
              'zzzzzzzz-zzzz-zzzz-zzzz-zzzzzzzzzzzz', '[]');
          """)
      }
      if round == 7 {
        // Identifiers another tool wrote in lower case, past the trigger that refuses them
        // (`IdentifierCaseTests`), as a row that can't be given capitals stays: lists order
        // them as the same in capitals. (The last round: the store's own writes find notes by
        // identifier in capitals.)
        try RawConnection(path: path).execute(
          """
          DROP TRIGGER notes_identifier_in_capitals_update;
          UPDATE notes SET id = lower(id) WHERE rowid % 3 = 0;
          """)
      }
      try store.reload()

      let library = try other.load()
      for query in queries(notebooks: notebooks, places: library.notes, &random) {
        let expected = library.page(for: query)
        let answered = try store.page(query)
        #expect(
          answered.notes == expected.notes, "round \(round): \(query)")
        #expect(answered.totalCount == expected.totalCount, "round \(round): \(query)")
      }
      #expect(try store.summary == library.summary, "round \(round)")
      #expect(try store.summary.tagCounts == library.summary.tagCounts, "round \(round)")
      for scope in [NoteScope.allNotes, .unfiled] + notebooks.map({ .notebook($0.id) }) {
        #expect(try store.noteCount(in: scope) == library.notes.count(where: scope.contains))
      }
    }
  }
}

/// The tables the lists are answered from are derived from the notes: when one is dropped, or
/// another tool's write leaves it behind, the store makes it whole again.
@Suite struct ListTablesRepairTests {
  let directory = TemporaryDirectory()

  func makeStore() throws -> (String, SQLiteNoteRepository) {
    let path = directory.file("notes.sqlite")
    let repository = try SQLiteNoteRepository(path: path)
    let birds = Notebook(id: UUID(), name: "Birds")
    try repository.commit(
      [.saveNotebook(birds)]
        + (0..<6).map { number in
          .saveNote(
            Note(
              title: "Note \(number)", notebookID: number < 4 ? birds.id : nil,
              tags: number.isMultiple(of: 2) ? ["even"] : [], isPinned: number == 1))
        })
    return (path, repository)
  }

  func expectWhole(_ repository: SQLiteNoteRepository, _ comment: Comment) throws {
    let library = try repository.load()
    #expect(try repository.summary() == library.summary, comment)
    #expect(try repository.summary().tagCounts == library.summary.tagCounts, comment)
    for query in [
      NoteListQuery(scope: .tagged("even")), NoteListQuery(scope: .allNotes, pinnedOnly: true),
      NoteListQuery(scope: .unfiled), NoteListQuery(scope: .allNotes, order: .title),
    ] {
      #expect(try repository.page(query) == library.page(for: query), comment)
    }
  }

  @Test(arguments: [
    "DROP TABLE note_counts", "DROP TABLE note_tags", "DROP TABLE damaged_notes",
    "DROP TRIGGER note_counts_update", "DROP INDEX notes_by_pin", "DROP INDEX notes_by_title",
    "DROP INDEX notes_without_title_key",
  ])
  func aStoreMissingOneOfItsListTablesIsGivenItBackWhenItOpens(_ damage: String) throws {
    let (path, repository) = try makeStore()
    try RawConnection(path: path).execute(damage)
    _ = repository

    let reopened = try SQLiteNoteRepository(path: path)

    try expectWhole(reopened, "after \(damage)")
    try reopened.commit([.saveNote(Note(title: "After", tags: ["even"], isPinned: true))])
    try expectWhole(reopened, "a write after \(damage)")
  }

  @Test func reindexPutsRightWhatAnotherToolsReplaceLeftBehind() throws {
    let (path, repository) = try makeStore()
    // Another tool's REPLACE deletes the old row without its delete triggers.
    try RawConnection(path: path).execute(
      """
      INSERT OR REPLACE INTO notes
        SELECT id, title || ' v2', body, created_at, updated_at, notebook_id, '["replaced"]', 1,
          conflict_of, NULL, NULL, properties, imported_file
        FROM notes WHERE title = 'Note 0';
      """)

    _ = try repository.rebuildSearchIndex()

    try expectWhole(repository, "after reindex")
  }
}
