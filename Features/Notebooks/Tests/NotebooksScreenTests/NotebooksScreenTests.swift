import FieldNotesModel
import FieldNotesNavigation
import FieldNotesServices
import FieldNotesTerminal
import FieldNotesTerminalTesting
import FieldNotesTesting
import Foundation
import NotebooksFeature
import NotebooksScreen
import Testing

/// The notebooks screen, driven by commands as the REPL drives it, without a terminal: what it
/// draws, which list a row number opens, and what it says when it refuses.
@MainActor
@Suite struct NotebooksScreenTests {
  let repository = InMemoryNoteRepository(SampleData.library)

  func makeScreen() throws -> (ScreenHarness<Route>, NotebooksScreen, NoteStore) {
    let store = try NoteStore(repository: repository, syncer: NoOpNoteSyncer(), now: .fixed())
    let screen = NotebooksScreen(model: NotebooksViewModel(store: store, ids: .incrementing()))
    return (ScreenHarness(screen), screen, store)
  }

  @Test func theViewListsTheRowsAndARowNumberOpensItsNotes() async throws {
    let (harness, screen, _) = try makeScreen()

    #expect(
      harness.lastDrawn == [
        "Notebooks", "  1  All Notes    4 notes, 1 pinned", "  2  Birds        2 notes, 1 pinned",
        "  3  Plants       1 note", "  4  No Notebook  1 note",
      ])
    for row in ["1", "2", "4"] {
      try await harness.run("open \(row)")
      try await harness.run("back")
    }
    #expect(
      harness.routes == [
        .noteList(.allNotes), .noteList(.notebook(SampleData.birds.id)), .noteList(.unfiled),
      ])
    for row in ["0", "5"] {
      await #expect(throws: CommandLineError.self) { try await harness.run("open \(row)") }
    }
    #expect(screen.stateDescription == "loaded(4 rows)")
  }

  @Test func drawingChangesNothingTheNextCommandReads() async throws {
    let (harness, screen, store) = try makeScreen()
    // Row numbers come from the view model's state, not from what was last drawn: drawn at a
    // width of 20 or not drawn at all, `open 2` opens the same notebook.
    _ = screen.render(in: TerminalContext(columns: 20, rows: 5, style: .plain))
    try store.commit(NotebookChange.add(Notebook(name: "Aardvarks")))

    try await harness.run("open 2")

    #expect(
      harness.routes.last
        == .noteList(.notebook(try #require(store.notebooks.notebook(named: "Aardvarks")).id)))
  }

  @Test func creatingAndRenamingChangeTheStore() async throws {
    let (harness, _, store) = try makeScreen()

    try await harness.run("notebook new \"  Moths \"")
    try await harness.run("notebook rename moths \"Night moths\"")

    #expect(store.notebooks.notebook(named: "Night moths") != nil)
    #expect(store.notebooks.notebook(named: "Moths") == nil)
  }

  @Test func aRefusedCommandSaysWhyAndChangesNothing() async throws {
    let (harness, _, store) = try makeScreen()
    let before = store.notebooks

    await #expect(
      throws: CommandLineError.refused("There is no notebook called \u{201C}Moths\u{201D}.")
    ) { try await harness.run("notebook rename Moths \"Night moths\"") }
    await #expect(throws: CommandLineError.refused("There is no deletion to confirm.")) {
      try await harness.run("no")
    }
    #expect(store.notebooks == before)
  }

  @Test func deletingANotebookWithNotesAsksFirst() async throws {
    let (harness, screen, store) = try makeScreen()

    try await harness.run("notebook delete birds")

    #expect(harness.lastDrawn?.first == "Delete \u{201C}Birds\u{201D}? It holds 2 notes.")
    #expect(screen.stateDescription == "confirming(\"Birds\", 2 notes)")
    try await harness.run("no")
    #expect(screen.stateDescription == "loaded(4 rows)")
    #expect(try store.notebook(withID: SampleData.birds.id) != nil)

    try await harness.run("notebook delete birds")
    #expect(
      try await harness.run("keep") == [
        "Deleted notebook \u{201C}Birds\u{201D}; its 2 notes are now in no notebook."
      ])
    #expect(try store.notebook(withID: SampleData.birds.id) == nil)
    #expect(try store.note(withID: SampleData.heron.id)?.notebookID == nil)
  }

  @Test func theTracerPrintsEachTransitionAndWhatChanged() async throws {
    let (harness, screen, _) = try makeScreen()
    var printed: [String] = []
    let tracer = try #require(screen.capabilities.state).tracer { printed.append($0) }
    defer { tracer.stop() }

    try await harness.run("notebook delete Plants")
    tracer.catchUp()
    try await harness.run("yes")
    tracer.catchUp()

    #expect(
      printed == [
        "NotebooksViewModel.state: loaded(4 rows) → confirming(\"Plants\", 1 note)",
        "NotebooksViewModel.state: confirming(\"Plants\", 1 note) → loaded(3 rows)",
      ])
  }
}
