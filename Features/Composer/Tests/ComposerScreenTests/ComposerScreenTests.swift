import ComposerScreen
import FieldNotesModel
import FieldNotesServices
import FieldNotesTesting
import Foundation
import Testing

/// The composer's terminal screen, driven by commands as the REPL drives it, without a terminal:
/// what it draws, what it saves, and what it says when it refuses.
@MainActor
@Suite struct ComposerScreenTests {
  let repository = InMemoryNoteRepository(SampleData.library)

  func makeScreen(_ purpose: ComposerScreen.Purpose = .newNote(in: SampleData.birds.id)) throws
    -> (ComposerScreen, NoteStore)
  {
    let store = try NoteStore(repository: repository, now: .fixed(SampleData.date(minutes: 90)))
    let screen = ComposerScreen(
      purpose: purpose, store: store, ids: .incrementing(), now: .fixed(),
      session: SampleData.session(1))
    return (screen, store)
  }

  @Test func theViewIsDrawnFromTheDraftAndTheState() throws {
    let (screen, _) = try makeScreen()
    #expect(
      screen.render(notebookName: "Birds") == [
        "New note in Birds", "  title: ", "  tags:  ", "  body:  ", "  ! A note needs a title.",
      ])

    try screen.perform(.setTitle("Wren"))
    try screen.perform(.setTags("garden, #Birds"))
    try screen.perform(.replaceBody("Loud for its size.\nNests in the ivy."))

    #expect(
      screen.render(notebookName: "Birds") == [
        "New note in Birds", "  title: Wren", "  tags:  #garden #birds", "  body:  2 lines",
        "    Loud for its size.", "    Nests in the ivy.", "Ready to save: `save`, or `cancel`.",
      ])
    #expect(screen.stateDescription == "editing(valid)")
  }

  @Test func savingReturnsTheNoteAndFinishesTheScreen() throws {
    let (screen, store) = try makeScreen()
    try screen.perform(.setTitle("Wren"))

    let saved = try screen.perform(.save)

    #expect(saved?.title == "Wren")
    #expect(saved?.notebookID == SampleData.birds.id)
    #expect(saved.flatMap { store.note(withID: $0.id) } == saved)
    #expect(screen.isFinished)
  }

  @Test func aRefusedCommandSaysWhyAndChangesNothing() throws {
    let (screen, _) = try makeScreen()
    let before = screen.render(notebookName: "Birds")

    #expect(throws: ComposerScreenError.refused("A note needs a title.")) {
      try screen.perform(.save)
    }
    #expect(
      throws: ComposerScreenError.refused("There is no notebook called \u{201C}Moths\u{201D}.")
    ) {
      try screen.perform(.chooseNotebook(named: "Moths"))
    }
    #expect(screen.render(notebookName: "Birds") == before)
    #expect(!screen.isFinished)
  }

  @Test func aFailedSaveKeepsTheDraftAndTheNextSaveWorks() throws {
    let (screen, store) = try makeScreen()
    try screen.perform(.setTitle("Wren"))
    repository.failNextCommit(with: .diskFull)

    #expect(
      throws: ComposerScreenError.saveFailed("The disk is full, so the change was not saved.")
    ) { try screen.perform(.save) }
    #expect(screen.render(notebookName: "Birds").last == "Ready to save: `save`, or `cancel`.")
    #expect(!screen.isFinished)

    let saved = try screen.perform(.save)
    #expect(saved?.title == "Wren")
    #expect(saved.flatMap { store.note(withID: $0.id) } != nil)
  }

  @Test func discardingAsksFirstWhenSomethingChanged() throws {
    let (screen, _) = try makeScreen()
    try screen.perform(.setTitle("Wren"))

    try screen.perform(.cancel)
    #expect(screen.stateDescription == "confirming(discardChanges)")
    try screen.perform(.keepEditing)
    #expect(screen.stateDescription == "editing(valid)")
    try screen.perform(.cancel)
    try screen.perform(.confirmDiscard)

    #expect(screen.isFinished)
    #expect(screen.stateDescription == "discarded")
  }

  @Test func theTracerPrintsEachTransition() throws {
    let (screen, _) = try makeScreen()
    var printed: [String] = []
    let tracer = try #require(screen.traceState { printed.append($0) })
    defer { tracer.stop() }

    try screen.perform(.setTitle("Wren"))
    tracer.catchUp()

    #expect(printed == ["ComposerViewModel.state: editing(1 problem) → editing(valid)"])
  }
}
