import FieldNotesModel
import FieldNotesNavigation
import FieldNotesServices
import FieldNotesTerminal
import FieldNotesTerminalTesting
import FieldNotesTesting
import Foundation
import NoteDetailFeature
import NoteDetailScreen
import Testing

/// A note's page driven as the REPL drives it: the page, its summary, and its commands.
@MainActor
@Suite struct NoteDetailScreenTests {
  let repository = InMemoryNoteRepository(SampleData.library)
  let history = DeletionHistory()

  func makeHarness(
    _ note: Note = SampleData.kingfisher,
    summarizer: any SummaryGenerating = CannedSummaryGenerator()
  ) throws -> (ScreenHarness<Route>, NoteStore) {
    let store = try NoteStore(repository: repository, syncer: NoOpNoteSyncer(), now: .fixed())
    let screen = NoteDetailScreen(
      model: NoteDetailViewModel(
        noteID: note.id, store: store, summarizer: summarizer, history: history),
      now: .fixed(SampleData.date(minutes: 60)), timeZone: TimeZone(identifier: "UTC") ?? .current)
    return (ScreenHarness(screen), store)
  }

  @Test func drawsTheNoteThenItsSummary() async throws {
    let (harness, _) = try makeHarness()
    #expect(
      harness.lastDrawn == [
        "Kingfisher", "Birds · #birds · written 50 min ago", "",
        "A flash of blue under the bridge.",
      ])

    try await harness.run("summarize")

    #expect(harness.drawn.count == 3, "the page, then summarizing…, then the summary")
    #expect(harness.drawn[1].suffix(2) == ["", "Summary: summarizing…"])
    #expect(harness.lastDrawn?.last == "Summary: A short summary of Kingfisher.")
  }

  @Test func aPageOpenedFromASearchMarksEveryMatch() throws {
    let store = try NoteStore(repository: repository, syncer: NoOpNoteSyncer(), now: .fixed())
    let route = Route.noteDetail(SampleData.kingfisher.id, highlighting: ["KING", "blue"])
    let screen = try #require(
      NoteDetailScreen.registration.makeScreen(
        for: route,
        with: ScreenDependencies(
          store: store, now: .fixed(SampleData.date(minutes: 60)), ids: .incrementing(),
          timeZone: TimeZone(identifier: "UTC") ?? .current, summarizer: CannedSummaryGenerator(),
          history: history, session: SampleData.session(1),
          preferences: ScreenPreferences(noteListForm: .mvvm), editor: UnavailableTextEditor())))
    #expect(
      ScreenHarness(screen).lastDrawn == [
        "«King»fisher", "Birds · #birds · written 50 min ago", "",
        "A flash of «blue» under the bridge.",
      ])
  }

  @Test func aFailedSummaryIsShownAndFailsTheScriptLine() async throws {
    let (harness, _) = try makeHarness(summarizer: UnavailableSummaryGenerator())

    await #expect(throws: CommandLineError.self) { try await harness.run("summarize") }

    #expect(harness.lastDrawn?.last?.hasPrefix("Summary unavailable: ") == true)
  }

  @Test func movingToANotebookWorksOnThePage() async throws {
    let (harness, store) = try makeHarness()

    try await harness.run("move to plants")

    #expect(store.note(withID: SampleData.kingfisher.id)?.notebookID == SampleData.plants.id)
    await #expect(throws: CommandLineError.usage("move to NOTEBOOK|none")) {
      try await harness.run("move Plants")
    }
  }

  @Test func pinningAPinnedNoteSaysSoAndChangesNothing() async throws {
    let (harness, _) = try makeHarness(SampleData.heron)

    #expect(
      try await harness.run("pin") == ["\u{201C}Heron at the lake\u{201D} is already pinned."])
    await #expect(throws: CommandLineError.usage("pin (on a note's page, without N)")) {
      try await harness.run("pin 2")
    }
  }

  @Test func deletingLeavesThePageAndTheSharedHistoryCanUndoIt() async throws {
    let (harness, store) = try makeHarness()

    let printed = try await harness.run("delete")

    #expect(printed == ["Deleted \u{201C}Kingfisher\u{201D}; `undo` restores it."])
    #expect(history.lastDeleted == SampleData.kingfisher)
    #expect(store.note(withID: SampleData.kingfisher.id) == nil)
  }

  @Test func editOpensTheComposerOnThisNote() async throws {
    let (harness, _) = try makeHarness()
    try await harness.run("edit")
    #expect(harness.routes == [.editNote(SampleData.kingfisher.id)])
  }
}
