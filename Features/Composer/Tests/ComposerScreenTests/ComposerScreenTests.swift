import ComposerFeature
import ComposerScreen
import FieldNotesModel
import FieldNotesNavigation
import FieldNotesServices
import FieldNotesTerminal
import FieldNotesTerminalTesting
import FieldNotesTesting
import Foundation
import Testing

/// The composer's terminal screen, driven by commands as the REPL drives it, without a terminal:
/// what it draws, what it saves, and what it says when it refuses.
@MainActor
@Suite struct ComposerScreenTests {
  let client = InMemoryComposerClient(
    notes: SampleData.library.notes, notebooks: SampleData.library.notebooks)

  func makeScreen(_ purpose: ComposerViewModel.Purpose = .newNote(in: SampleData.birds.id))
    -> (ScreenHarness<Route>, ComposerScreen, InMemoryComposerClient)
  {
    let screen = ComposerScreen(
      model: ComposerViewModel(
        client: client, purpose: purpose, ids: .incrementing(), now: .fixed(),
        session: SampleData.session(1), editor: UnavailableTextEditor()))
    return (ScreenHarness(screen), screen, client)
  }

  @Test func theViewIsDrawnFromTheDraftAndTheState() async throws {
    let (harness, screen, _) = makeScreen()
    #expect(
      harness.lastDrawn == [
        "New note in Birds", "  title: ", "  tags:  ", "  body:  ", "  ! A note needs a title.",
      ])

    try await harness.run("title Wren")
    try await harness.run("tags garden, #Birds")
    try await harness.run("body")
    for line in ["Loud for its size.", "Nests in the ivy.", "."] { try await harness.run(line) }

    #expect(
      harness.lastDrawn == [
        "New note in Birds", "  title: Wren", "  tags:  #garden #birds", "  body:  2 lines",
        "    Loud for its size.", "    Nests in the ivy.", "Ready to save: `save`, or `cancel`.",
      ])
    #expect(screen.stateDescription == "editing(valid)")
  }

  @Test func savingSavesTheNoteAndLeaves() async throws {
    let (harness, _, client) = makeScreen()
    try await harness.run("title Wren")

    #expect(try await harness.run("save") == ["Saved \u{201C}Wren\u{201D}."])

    #expect(!harness.isShowingTheScreen || harness.routes.isEmpty)
    #expect(client.notes.contains { $0.title == "Wren" && $0.notebookID == SampleData.birds.id })
  }

  @Test func aRefusedCommandSaysWhyAndChangesNothing() async throws {
    let (harness, _, _) = makeScreen()
    let before = harness.lastDrawn

    await #expect(throws: CommandLineError.refused("A note needs a title.")) {
      try await harness.run("save")
    }
    await #expect(
      throws: CommandLineError.refused("There is no notebook called \u{201C}Moths\u{201D}.")
    ) { try await harness.run("notebook Moths") }
    #expect(harness.lastDrawn == before)
    #expect(harness.isShowingTheScreen)
  }

  @Test func discardingAsksFirstWhenSomethingChanged() async throws {
    let (harness, screen, _) = makeScreen()
    try await harness.run("title Wren")

    try await harness.run("cancel")
    #expect(screen.stateDescription == "confirming(discardChanges)")
    try await harness.run("no")
    #expect(screen.stateDescription == "editing(valid)")
    try await harness.run("cancel")
    try await harness.run("yes")

    #expect(screen.stateDescription == "discarded")
  }

  @Test func theTracerPrintsEachTransition() async throws {
    let (harness, screen, _) = makeScreen()
    var printed: [String] = []
    let tracer = try #require(screen.capabilities.state).tracer { printed.append($0) }
    defer { tracer.stop() }

    try await harness.run("title Wren")
    tracer.catchUp()

    #expect(printed == ["ComposerViewModel.state: editing(1 problem) → editing(valid)"])
  }
}
