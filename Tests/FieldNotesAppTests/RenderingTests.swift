import FieldNotesModel
import FieldNotesServices
import FieldNotesTerminalTesting
import FieldNotesTesting
import Foundation
import Testing

@testable import FieldNotesApp

/// A view is drawn again only when something it read changed, and a result that arrives later
/// is drawn without any input.
@MainActor
@Suite struct RenderingTests {
  func makeSession(
    syncer: any NoteSyncing = NoOpNoteSyncer(),
    summarizer: any SummaryGenerating = CannedSummaryGenerator(), interactive: Bool = false
  ) -> (AppSession, RecordingConsole) {
    let console = RecordingConsole()
    let dependencies = AppDependencies.inMemory(
      SampleData.library, syncer: syncer, summarizer: summarizer, now: .fixed(),
      ids: .incrementing(), timeZone: TimeZone(identifier: "UTC") ?? .current,
      editor: UnavailableTextEditor())
    let session = AppSession(
      dependencies: dependencies, output: console, isInteractive: interactive)
    session.start()
    return (session, console)
  }

  @Test func aCommandThatChangesNothingDrawsNothing() async throws {
    let (session, _) = makeSession()
    try await session.run("open Birds")
    try await session.run("search heron")
    let drawn = session.renderCounts["NoteListView"]

    try await session.run("search heron")
    try await session.run("state")
    try await session.run("help pin")
    try await session.run("pin 1")  // already pinned: nothing changes

    #expect(session.renderCounts["NoteListView"] == drawn)
  }

  @Test func eachChangeDrawsTheVisibleViewOnce() async throws {
    let (session, _) = makeSession()
    try await session.run("open Birds")
    #expect(session.renderCounts["NoteListView"] == 1)

    try await session.run("pin 2")
    try await session.run("sort title")
    try await session.run("delete 1")

    #expect(session.renderCounts["NoteListView"] == 4)
    #expect(session.renderCounts["NotebooksView"] == 1)
  }

  @Test func hiddenViewsAreNotDrawn() async throws {
    let (session, _) = makeSession()
    try await session.run("open Birds")
    try await session.run("notebook new Fungi")
    try await session.run("pin 2")
    #expect(session.renderCounts["NotebooksView"] == 1)
  }

  @Test func passingThroughScreensDrawsOnlyTheLast() async throws {
    let (session, _) = makeSession()
    try await session.run("open Birds")
    try await session.run("open all")
    #expect(session.renderCounts["NotebooksView"] == 1)
    #expect(session.renderCounts["NoteListView"] == 2)
  }

  @Test func aSyncFinishingLaterIsDrawnWithoutInput() async throws {
    let syncer = GatedNoteSyncer()
    let (session, console) = makeSession(syncer: syncer, interactive: true)
    try await session.run("open Birds")
    try await session.run("sync")
    await syncer.waitUntilSyncing()
    #expect(console.output.last == "Syncing… (the notes shown are the last ones saved)")
    let drawn = session.renderCounts["NoteListView"] ?? 0

    await syncer.fail(with: SyncTestError.offline)
    await session.waitForBackgroundWork()

    #expect(session.renderCounts["NoteListView"] == drawn + 1)
    #expect(console.output.last == "Sync failed: The sync folder could not be reached.")
  }

  @Test func cancellingASyncReturnsToThePreviousState() async throws {
    let syncer = GatedNoteSyncer()
    let (session, console) = makeSession(syncer: syncer, interactive: true)
    try await session.run("open Birds")
    let before = console.output
    try await session.run("sync")
    await syncer.waitUntilSyncing()
    console.clear()

    #expect(session.cancelBackgroundWork())
    await session.waitForBackgroundWork()

    #expect(console.output == Array(before.drop { !$0.hasPrefix("Birds ·") }))
  }

  /// `quit` during a sync stops it, and says what was stopped and that the next sync finishes it.
  @Test func quittingDuringASyncSaysTheNextSyncFinishesIt() async throws {
    let syncer = GatedNoteSyncer()
    let (session, console) = makeSession(syncer: syncer, interactive: true)
    try await session.run("sync")
    await syncer.waitUntilSyncing()

    #expect(try await session.run("quit") == .quit)

    #expect(
      console.output.last
        == "Stopped what was still running (a sync or a summary) before leaving; a sync left "
        + "unfinished is finished by the next one.")
  }

  /// On the notebooks screen, which shows no sync status, a cancelled sync adds no line of its
  /// own: the session's `Cancelled.` (printed as Ctrl-C is handled) is the one word of it.
  @Test func aSyncCancelledOnTheNotebooksScreenSaysNothingMore() async throws {
    let syncer = GatedNoteSyncer()
    let (session, console) = makeSession(syncer: syncer, interactive: true)
    try await session.run("sync")
    await syncer.waitUntilSyncing()
    console.clear()

    #expect(session.cancelBackgroundWork())
    await session.waitForBackgroundWork()

    #expect(!console.lines.contains { $0.text.localizedCaseInsensitiveContains("cancelled") })
  }

  @Test func aSummaryArrivingLaterIsDrawnWithoutInput() async throws {
    let (session, console) = makeSession(interactive: true)
    try await session.run("open Birds")
    try await session.run("summarize 1")
    #expect(console.output.last == "Summary: summarizing…")

    await session.waitForBackgroundWork()

    #expect(console.output.last == "Summary: A short summary of Heron at the lake.")
    #expect(session.renderCounts["NoteDetailView"] == 2)
  }

}
