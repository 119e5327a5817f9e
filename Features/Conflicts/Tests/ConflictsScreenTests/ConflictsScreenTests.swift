import ConflictsFeature
import ConflictsScreen
import FieldNotesModel
import FieldNotesNavigation
import FieldNotesServices
import FieldNotesTerminal
import FieldNotesTerminalTesting
import FieldNotesTesting
import Testing

/// The conflicts screen driven as the REPL drives it.
///
/// What it draws, where `open` goes, and what it draws when it is back on top.
@MainActor
@Suite struct ConflictsScreenTests {
  let repository = InMemoryNoteRepository(SampleData.library)

  func makeHarness() throws -> (ScreenHarness<Route>, NoteStore) {
    let store = try NoteStore(repository: repository, syncer: NoOpNoteSyncer(), now: .fixed())
    let model = ConflictsViewModel(store: store)
    let screen = ConflictsScreen(model: model)
    return (ScreenHarness(screen), store)
  }

  @Test func drawsTheCountsAndOpensTheNotesCounted() async throws {
    let (harness, _) = try makeHarness()
    #expect(
      harness.lastDrawn == [
        "Conflicts", "  4 notes, 1 pinned", "  in 2 notebooks",
      ])

    try await harness.run("open")
    #expect(harness.routes == [.noteList(.allNotes)])
    #expect(!harness.isShowingTheScreen)

    try await harness.run("back")
    #expect(harness.isShowingTheScreen)
  }

  @Test func countsWhatChangedWhileItWasCovered() async throws {
    let (harness, store) = try makeHarness()
    try await harness.run("open")

    try store.setPinned(SampleData.kingfisher.id, true)
    try await harness.run("back")

    #expect(
      harness.lastDrawn == [
        "Conflicts", "  4 notes, 2 pinned", "  in 2 notebooks",
      ])
  }

  @Test func saysWhyThereIsNothingToCount() {
    let store = NoteStore(notes: [], notebooks: [SampleData.birds])
    let model = ConflictsViewModel(store: store)
    let screen = ConflictsScreen(model: model)

    #expect(
      ScreenHarness<Route>(screen).lastDrawn == [
        "Conflicts · no notes yet",
        "  Open a notebook and type `new` to write one.",
      ])
    #expect(screen.stateLine == "ConflictsViewModel.state = empty(1 notebook)")
  }

  @Test func refusesWordsAfterOpen() async throws {
    let (harness, _) = try makeHarness()

    await #expect(throws: CommandLineError.usage("open")) { try await harness.run("open all") }
  }
}
