import FieldNotesModel
import FieldNotesNavigation
import FieldNotesServices
import FieldNotesTerminal
import FieldNotesTerminalTesting
import FieldNotesTesting
import Foundation
import Testing

@testable import NoteListScreen

/// A note's id names it after every redraw: where a row number is taken, an id, or a prefix of
/// it no other note shares, is taken too, in both forms; a word of digits alone is a row when a
/// row drawn has that number, and an id otherwise.
@MainActor
@Suite struct NoteListIDTests {
  static let heron = Note(
    id: UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F") ?? UUID(), title: "Heron",
    createdAt: SampleData.date(minutes: 0))
  static let wren = Note(
    id: UUID(uuidString: "E621AAAA-0000-4000-8000-000000000000") ?? UUID(), title: "Wren",
    createdAt: SampleData.date(minutes: 1))
  static let moss = Note(
    id: UUID(uuidString: "12340000-0000-4000-8000-000000000000") ?? UUID(), title: "Moss",
    createdAt: SampleData.date(minutes: 2))

  @Test(arguments: NoteListForm.allCases)
  func anIDPrefixNamesItsNoteWhereARowWouldBeTaken(form: NoteListForm) async throws {
    let store = NoteStore(notes: [Self.heron, Self.wren, Self.moss])
    let harness = ScreenHarness<Route>(NoteListForms(store: store).screen(form))

    try await harness.run("show e621a")
    #expect(harness.routes == [.noteDetail(Self.wren.id, highlighting: [])])
    try await harness.run("back")
    try await harness.run("pin E621E1F8-C3")
    #expect(try store.note(withID: Self.heron.id)?.isPinned == true)
    await #expect(throws: CommandLineError.self) { try await harness.run("pin e621") }
    try await harness.run("unpin 1")
    #expect(try store.note(withID: Self.heron.id)?.isPinned == false, "digits alone are a row")
  }

  @Test(arguments: NoteListForm.allCases)
  func anAmbiguousOrUnknownIDSaysSo(form: NoteListForm) async {
    let store = NoteStore(notes: [Self.heron, Self.wren])
    let harness = ScreenHarness<Route>(NoteListForms(store: store).screen(form))
    await #expect(
      throws: CommandLineError.refused(
        "2 notes' ids start with e621; type more of the one you mean: e621e “Heron”, "
          + "e621a “Wren”")
    ) { try await harness.run("show e621") }
    await #expect(throws: CommandLineError.refused("no note's id starts with ffff")) {
      try await harness.run("delete ffff")
    }
    await #expect(throws: CommandLineError.refused("'1e3' is not a row number")) {
      try await harness.run("delete 1e3")  // a typo, hex by chance: too short to be an id
    }
    #expect(store.notes.count == 2, "nothing was deleted")
  }

  /// Each row shows its note's short id, and the id a row shows names that note in the list's
  /// commands, digits alone (`1234`) too.
  @Test(arguments: NoteListForm.allCases)
  func theIDARowShowsNamesItsNoteDigitsAloneToo(form: NoteListForm) async throws {
    let store = NoteStore(notes: [Self.heron, Self.wren, Self.moss])
    let harness = ScreenHarness<Route>(NoteListForms(store: store).screen(form))
    // The ids are padded to the longest, so the titles line up.
    #expect(
      harness.lastDrawn == [
        "All Notes · 3 notes · newest first", "  1   1234   Moss · 2026-11-29",
        "  2   e621a  Wren · 2026-11-29", "  3   e621e  Heron · just now",
      ], "\(harness.lastDrawn ?? [])")
    try await harness.run("pin 1234")
    #expect(try store.note(withID: Self.moss.id)?.isPinned == true)
    await #expect(throws: CommandLineError.refused("no note's id starts with 0123")) {
      try await harness.run("show 0123")  // no row is written with a leading zero
    }
  }
}
