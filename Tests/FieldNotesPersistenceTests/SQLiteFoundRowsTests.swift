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

  /// 1,100 notes titled alike among 1,400, some pinned: every one of them is read from the
  /// rows found, and the index of pins is not gone down.
  @Test func everyNoteOfATitleSharedByManyIsReadFromTheRowsFound() throws {
    let path = directory.file("notes.sqlite")
    let repository = try SQLiteNoteRepository(path: path)
    try repository.commit(
      (0..<1_400).map { number in
        .saveNote(
          Note(
            title: number < 1_100 ? "Heron" : "Wren \(number)",
            createdAt: Date(timeIntervalSinceReferenceDate: Double(number)),
            isPinned: number.isMultiple(of: 20)))
      })

    let page = try repository.page(NoteListQuery(scope: .allNotes, search: .titled("heron")))

    #expect(page.notes.count == 1_100)
    #expect(page.totalCount == 1_100)
    let steps = try repository.plansOfStatementsRun().filter {
      $0.key.contains("temp.found_rows") && $0.key.contains("ORDER BY")
    }.values.flatMap { $0 }
    #expect(!steps.isEmpty, "the page was read")
    #expect(!steps.contains { $0.contains("notes_by_pin") }, "\(steps)")
  }
}
