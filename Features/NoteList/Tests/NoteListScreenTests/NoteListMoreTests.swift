import FieldNotesModel
import FieldNotesNavigation
import FieldNotesServices
import FieldNotesTerminal
import FieldNotesTerminalTesting
import FieldNotesTesting
import Foundation
import Testing

@testable import NoteListScreen

/// Every row of a long list can be reached: `more` shows the next rows, in both forms, and the
/// list says how.
@MainActor
@Suite struct NoteListMoreTests {
  /// 450 notes, one a minute, note *n* with the identifier *n* + 1.
  static let longList = (0..<450).map { index in
    Note(
      id: UUID(number: index + 1), title: "Note \(index)",
      createdAt: SampleData.date(minutes: index))
  }

  @Test(arguments: NoteListForm.allCases)
  func moreReachesEveryRowAndRowNumbersGoOn(form: NoteListForm) async throws {
    let store = NoteStore(notes: Self.longList)
    let harness = ScreenHarness<Route>(NoteListForms(store: store).screen(form))
    #expect(
      harness.lastDrawn?.last
        == "  … and 250 more; `more` shows the next 200, `search`, `tag` or `filter pinned` "
        + "narrows the list.")

    try await harness.run("more")
    #expect(harness.lastDrawn?.last?.hasPrefix("  … and 50 more; `more` shows the next 50") == true)
    // The next rows only, numbered on from the rows shown before.
    #expect(harness.lastDrawn?[1] == "  (rows 1–200 are above)")
    #expect(harness.lastDrawn?[2] == "201   a0fa  Note 249 · 2026-11-29")
    #expect(harness.lastDrawn?.count == 203, "the heading, the line above, 200 rows, the rest")
    try await harness.run("more")
    #expect(
      harness.lastDrawn?.last == "450   a001  Note 0 · just now", "no line says more are left")
    #expect(harness.lastDrawn?[1] == "  (rows 1–400 are above)")
    #expect(harness.lastDrawn?.count == 52)

    #expect(try await harness.run("more") == ["Every note of the list is shown."])
    try await harness.run("pin 450")
    #expect(try store.note(withID: UUID(number: 1))?.isPinned == true, "row 450 is the oldest note")
  }

  /// After `more`, a change draws again only the rows shown, not the rows above them: the rows
  /// after the place the rows above ended, numbered on from them.
  ///
  /// So an edit far down a long list costs what one page costs. A number above the page names
  /// the note drawn beside it then, as the user saw it, never one the user hasn't seen; a note
  /// pinned from the page leaves it for the top, and the page's other rows stay as they were.
  /// `more` after that goes on after the page's last note, none skipped and none shown twice.
  @Test(arguments: NoteListForm.allCases)
  func afterMoreAChangeDrawsThePageAgainAndARowAboveIsTheOneDrawn(form: NoteListForm)
    async throws
  {
    let store = NoteStore(notes: Self.longList)
    let harness = ScreenHarness<Route>(NoteListForms(store: store).screen(form))
    try await harness.run("more")
    #expect(harness.lastDrawn?[1] == "  (rows 1–200 are above)")

    try await harness.run("pin 300")

    let drawn = try #require(harness.lastDrawn)
    #expect(drawn[1] == "  (rows 1–200 are above)")
    #expect(drawn.count == 203, "the heading, the line above, 200 rows, the rest")
    #expect(drawn[2] == "201   a0fa  Note 249 · 2026-11-29", "the rows after Note 250, row 200")
    #expect(!drawn.contains { $0.hasSuffix("Note 150 · 2026-11-29") }, "pinned: at the top now")
    #expect(drawn[201].hasSuffix("  Note 49 · 2026-11-29"), "the row after Note 50 moved up")
    try await harness.run("pin 200")
    #expect(
      try store.note(withID: UUID(number: 251))?.isPinned == true,
      "the note drawn as row 200, Note 250")

    try await harness.run("more")
    let next = try #require(harness.lastDrawn)
    let titles = next.dropFirst(2).compactMap { $0.split(separator: "  ").last }
    #expect(titles.first?.hasPrefix("Note 48 ·") == true, "the note after Note 49, the last drawn")
    #expect(titles.count == 49, "Notes 48 to 0: every note below the page, once")
    #expect(titles.last?.hasPrefix("Note 0 ·") == true)
  }

  /// `more` goes on after the last note drawn, where it stands now: notes deleted above the
  /// page since it was drawn (here by another screen, unseen) don't make it skip the notes that
  /// moved up past the page's end.
  @Test(arguments: NoteListForm.allCases)
  func moreGoesOnAfterTheLastNoteDrawnWhereverItMoved(form: NoteListForm) async throws {
    let store = NoteStore(notes: Self.longList)
    let harness = ScreenHarness<Route>(NoteListForms(store: store).screen(form))
    try await harness.run("more")
    #expect(harness.lastDrawn?.last?.hasPrefix("  … and 50 more") == true)
    // Rows 1 to 4, Notes 449 to 446, go while the page stays as drawn.
    for number in 447...450 { try store.perform(.deleteNote(UUID(number: number))) }

    try await harness.run("more")

    let drawn = try #require(harness.lastDrawn)
    #expect(drawn[1] == "  (rows 1–396 are above)", "Note 50, drawn as row 400, is row 396 now")
    #expect(drawn[2].hasSuffix("Note 49 · 2026-11-29"), "the note after it, none skipped")
    #expect(drawn.count == 52, "the heading, the line above, 50 rows")
  }

  /// A number that is a row of the list and also starts a note's id names no note.
  ///
  /// Short ids are digits alone about one time in seven; which is meant can't be told, so the
  /// command is refused and nothing changes. Past the list's rows it is an id; a row not drawn
  /// yet is out of range, never another note.
  @Test(arguments: NoteListForm.allCases)
  func aNumberThatIsBothARowAndAnIdIsRefused(form: NoteListForm) async throws {
    let digits = try #require(UUID(uuidString: "10500000-0000-4000-8000-000000000001"))
    let notes =
      (0..<1_100).map { index in
        Note(
          id: UUID(number: index + 1), title: "Note \(index)",
          createdAt: SampleData.date(minutes: index))
      } + [Note(id: digits, title: "Digits", createdAt: SampleData.date(minutes: -1))]
    let store = NoteStore(notes: notes)
    let harness = ScreenHarness<Route>(NoteListForms(store: store).screen(form))

    await #expect(
      throws: CommandLineError.refused(
        "1050 is a row of this list and the start of the id of \u{201C}Digits\u{201D}: type the "
          + "id the row shows, or more of that note's id")
    ) { try await harness.run("delete 1050") }
    #expect(store.notes.count == 1_101, "nothing was deleted")
    await #expect(throws: CommandLineError.refused("row 1060 is out of range (1–200)")) {
      try await harness.run("delete 1060")
    }
    #expect(store.notes.count == 1_101, "row 1060 isn't drawn, and no id starts so")
    try await harness.run("delete 10500")
    #expect(try store.note(withID: digits) == nil, "more of the id names the note")
    #expect(store.notes.count == 1_100)
  }
}
