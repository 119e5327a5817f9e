import FieldNotesModel
import FieldNotesQuery
import FieldNotesSQLiteTesting
import FieldNotesServices
import Foundation
import Testing

@testable import FieldNotesPersistence

/// A search's page is read from the notes it found, then ordered, or down the list's index in
/// order, each note checked against them: whichever reads fewer rows.
///
/// A link's note is the oldest of the notes sharing its title, which at a million notes are
/// 1,500: asked for every one of them, the page read the million entries of the index of pins
/// to find them. Which way a page is read is read from SQLite's own plan of the statements the
/// store ran; what each page holds is checked against plain arrays by `StoreQueryPropertyTests`.
@Suite struct SQLiteFoundRowsTests {
  let directory = TemporaryDirectory()

  /// A store of 1,400 notes, one a second, every 20th pinned.
  ///
  /// - Parameter text: Each note's title and body, by its number.
  /// - Returns: The store.
  /// - Throws: When the store can't be made.
  func store(_ text: (Int) -> (title: String, body: String)) throws -> SQLiteNoteRepository {
    let repository = try SQLiteNoteRepository(path: directory.file("notes.sqlite"))
    try repository.commit(
      (0..<1_400).map { number in
        .saveNote(
          Note(
            title: text(number).title, body: text(number).body,
            createdAt: Date(timeIntervalSinceReferenceDate: Double(number)),
            isPinned: number.isMultiple(of: 20)))
      })
    return repository
  }

  @Test(
    arguments: [
      // A few found: always read first.
      (1_000, 1, 1_000_000, true),
      // Every row of 1,500 found, at a million notes: the 1,500, not the million.
      (1_500, Int.max, 1_000_000, true),
      // A first page of 200 of them: about 133,000 entries of the index against 1,500 rows.
      (1_500, 200, 1_000_000, true),
      // The oldest one alone: about 667 entries of the index hold one.
      (1_500, 1, 1_000_000, false),
      // A search finding most notes: the index gives a page's worth at once.
      (100_000, 200, 1_000_000, false),
      // More found than the list holds (a notebook of ten): the list is read whole, ten rows.
      (50_000, Int.max, 10, false),
    ] as [(Int, Int, Int, Bool)])
  func theWayInReadsFewerRows(found: Int, limit: Int, listSize: Int, foundFirst: Bool) {
    let wanted = 0.addingReportingOverflow(limit)
    let chosen =
      found <= SQLiteQueries.fewFoundRows
      || SQLiteQueries.readsFoundRowsFirst(found: found, wanted: wanted, listSize: listSize)
    #expect(chosen == foundFirst)
  }

  /// 1,100 notes holding a word among 1,400, some pinned: every one of them is read from the
  /// rows found, and the index of pins is not gone down.
  @Test func everyNoteOfASearchFindingManyIsReadFromTheRowsFound() throws {
    let repository = try store { number in
      ("Note \(number)", number < 1_100 ? "A heron by the weir." : "A wren.")
    }

    let page = try repository.page(NoteListQuery(scope: .allNotes, search: .text("heron")))

    #expect(page.notes.count == 1_100)
    #expect(page.totalCount == 1_100)
    let steps = try repository.plansOfStatementsRun().filter {
      $0.key.contains("temp.found_rows") && $0.key.contains("ORDER BY")
    }.values.flatMap { $0 }
    #expect(!steps.isEmpty, "the page was read")
    #expect(!steps.contains { $0.contains("notes_by_pin") }, "\(steps)")
  }

  /// Titles that fold alike, or nearly (case, accents, numbers with leading zeros), in every
  /// list, pinned or not, several on one date: each title's page in every order, of every
  /// row, of the first, and of the first after the pinned ones, is the one the library's
  /// definition computes on plain arrays.
  @Test func aTitlesNotesAreTheLibrarysInEveryListAndOrder() throws {
    let path = directory.file("notes.sqlite")
    let repository = try SQLiteNoteRepository(path: path)
    let notebook = Notebook(name: "Birds")
    let titles = [
      "Heron", "heron", "Héron", "HERON", "Herons", "Note 7", "Note 007", "note 07", "Note 70",
      "Note 7 b",
    ]
    let notes = (0..<80).map { number in
      Note(
        title: titles[number % titles.count],
        createdAt: Date(timeIntervalSinceReferenceDate: Double(number % 7)),
        notebookID: number.isMultiple(of: 3) ? notebook.id : nil,
        tags: number.isMultiple(of: 4) ? ["birds"] : [], isPinned: number.isMultiple(of: 5))
    }
    try repository.commit([.saveNotebook(notebook)] + notes.map { .saveNote($0) })
    // Two notes of a title on one date, their identifiers rewritten by another tool, one in
    // small letters past the trigger that refuses them: ordered as in capitals, as every list
    // orders them, so a link names the same note as `linked-by:` does.
    try RawConnection(path: path).execute(
      """
      DROP TRIGGER notes_identifier_in_capitals_update;
      UPDATE notes SET id = 'aaaaaaaa-0000-4000-8000-000000000001' WHERE id = '\(notes[0].id)';
      UPDATE notes SET id = 'BBBBBBBB-0000-4000-8000-000000000002' WHERE id = '\(notes[70].id)';
      """)
    let library = try repository.load()
    #expect(library.notes.contains { $0.id.uuidString.hasPrefix("AAAAAAAA") })

    for title in ["heron", "HÉRON", "Note 7", "note 007", "Note 70", "Wren"] {
      for scope in [NoteScope.allNotes, .notebook(notebook.id), .unfiled, .tagged("birds")] {
        for order in [NoteSortOrder.oldest, .newest, .updated, .title] {
          for pinnedOnly in [false, true] {
            let every = NoteListQuery(
              scope: scope, search: .titled(title), pinnedOnly: pinnedOnly, order: order)
            let pinned = library.page(
              for: NoteListQuery(scope: scope, search: .titled(title), pinnedOnly: true))
            for (limit, offset) in [(Int.max, 0), (1, 0), (1, pinned.totalCount), (2, 1)] {
              var query = every
              query.limit = limit
              query.offset = offset
              #expect(try repository.page(query) == library.page(for: query), "\(query)")
            }
          }
        }
      }
    }
  }

  /// The oldest pinned note of a title, and the oldest other, are each read from one end of
  /// its run of the title index: no sorting, no note read whole but the one shown.
  @Test func theOldestNoteOfATitleIsReadFromTheTitleIndex() throws {
    let repository = try store { number in
      (number < 1_100 ? "Heron" : "Wren \(number)", "")
    }
    let scansBefore = repository.rowsReadInTableScans

    let pinned = try repository.page(
      NoteListQuery(
        scope: .allNotes, search: .titled("heron"), pinnedOnly: true, order: .oldest, limit: 1))
    let other = try repository.page(
      NoteListQuery(
        scope: .allNotes, search: .titled("heron"), order: .oldest, limit: 1,
        offset: pinned.totalCount))

    #expect(pinned.notes.map(\.createdAt) == [Date(timeIntervalSinceReferenceDate: 0)])
    #expect(other.notes.map(\.createdAt) == [Date(timeIntervalSinceReferenceDate: 1)])
    #expect((pinned.totalCount, other.totalCount) == (55, 1_100))
    #expect(repository.rowsReadInTableScans == scansBefore)
    let steps = try repository.plansOfStatementsRun().filter {
      $0.key.contains("title_key") && $0.key.contains("ORDER BY")
    }.values.flatMap { $0 }
    #expect(!steps.isEmpty)
    // Only a run of one date is sorted, by identifier in capitals.
    #expect(steps.allSatisfy { !$0.contains("TEMP B-TREE FOR ORDER BY") }, "\(steps)")
    #expect(steps.contains { $0.contains("INDEX notes_by_title") }, "\(steps)")
  }
}
