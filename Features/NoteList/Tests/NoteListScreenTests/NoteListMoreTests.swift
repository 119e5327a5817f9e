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

  /// Once the rows above are not the ones drawn any more (a pin moved one, another process
  /// deleted one), the list draws every row again, so a number typed names the note drawn
  /// beside it, never one the user hasn't seen.
  @Test(arguments: NoteListForm.allCases)
  func afterMoreAChangeAboveDrawsEveryRowAgain(form: NoteListForm) async throws {
    let store = NoteStore(notes: Self.longList)
    let harness = ScreenHarness<Route>(NoteListForms(store: store).screen(form))
    try await harness.run("more")
    #expect(harness.lastDrawn?[1] == "  (rows 1–200 are above)")

    try await harness.run("pin 300")

    let drawn = try #require(harness.lastDrawn)
    #expect(!drawn.contains("  (rows 1–200 are above)"))
    #expect(drawn[1] == "  1 * a097  Note 150 · 2026-11-29", "the pinned note, on top, drawn")
    #expect(drawn.count == 402, "the heading, 400 rows, the rest")
    #expect(drawn.contains("200   a0fc  Note 251 · 2026-11-29"), "row 200 as drawn now")
    try await harness.run("pin 200")
    #expect(
      try store.note(withID: UUID(number: 252))?.isPinned == true, "the note drawn as row 200")
  }
}
