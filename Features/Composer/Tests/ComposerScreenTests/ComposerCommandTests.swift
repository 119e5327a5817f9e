import ComposerFeature
import FieldNotesModel
import FieldNotesNavigation
import FieldNotesServices
import FieldNotesTerminal
import FieldNotesTerminalTesting
import FieldNotesTesting
import Foundation
import Testing

@testable import ComposerScreen

/// The composer's own commands, typed as the REPL types them: the rules that used to live in the
/// app (multi-line body entry, the quit warning, closing after a save) now live here.
@MainActor
@Suite struct ComposerCommandTests {
  let client = InMemoryComposerClient(
    notes: SampleData.library.notes, notebooks: SampleData.library.notebooks)

  func makeHarness() -> (ScreenHarness<Route>, ComposerScreen, InMemoryComposerClient) {
    let screen = ComposerScreen(
      model: ComposerViewModel(
        client: client, purpose: .newNote(in: SampleData.birds.id), ids: .incrementing(),
        now: .fixed(), session: SampleData.session(1), editor: UnavailableTextEditor()))
    return (ScreenHarness(screen), screen, client)
  }

  @Test func aBareBodyTakesLinesUntilADot() async throws {
    let (harness, screen, _) = makeHarness()

    #expect(try await harness.run("body").first?.hasPrefix("Type the body;") == true)
    #expect(screen.linePrompt == "...> ")
    for line in ["First line", "save", "..", "...and more", "."] {
      try await harness.run(line)
    }

    #expect(screen.linePrompt == nil)
    #expect(harness.lastDrawn?.contains("    save") == true, "a command word is text here")
    #expect(harness.lastDrawn?.contains("    .") == true, "`..` enters a lone dot")
    #expect(harness.lastDrawn?.contains("    ..and more") == true)
    #expect(harness.lastDrawn?.contains("  body:  4 lines") == true)
  }

  /// Text that can't be held safe from a crash is said under the draft, for as long as it
  /// can't be.
  @Test func textThatCantBeHeldIsSaidUnderTheDraft() async throws {
    let editor = ScriptedTextEditor()
    editor.holdFailure = .fileProblem("no space left on device")
    let screen = ComposerScreen(
      model: ComposerViewModel(
        client: client, purpose: .newNote(in: nil), ids: .incrementing(), now: .fixed(),
        session: SampleData.session(1), editor: editor))
    let harness = ScreenHarness(screen)
    let warning =
      "  ! What you type can't be kept safe from a crash now (no space left on device); it is "
      + "kept as a draft if FieldNotes ends normally."

    try await harness.run("title Wren")
    #expect(harness.lastDrawn?.contains(warning) == true, "\(harness.lastDrawn ?? [])")

    editor.holdFailure = nil
    try await harness.run("tags birds")
    #expect(harness.lastDrawn?.contains(warning) == false)
  }

  @Test func interruptingBodyEntryKeepsTheBodyAsItWas() async throws {
    let (harness, screen, _) = makeHarness()
    try await harness.run("body The first body")
    try await harness.run("body")
    try await harness.run("Half a second body")

    #expect(screen.interruptLineEntry() == "Body entry cancelled; the body is as it was.")

    #expect(screen.linePrompt == nil)
    #expect(screen.interruptLineEntry() == nil)
    #expect(screen.render(in: .plain).contains("    The first body"))
  }

  /// The next composer, in another session.
  func nextComposer(session: Int = 2) -> (ComposerScreen, ScreenHarness<Route>) {
    let next = ComposerScreen(
      model: ComposerViewModel(
        client: client, purpose: .newNote(in: nil), ids: .incrementing(),
        now: .fixed(SampleData.date(minutes: 5)), session: SampleData.session(session),
        editor: UnavailableTextEditor()))
    return (next, ScreenHarness<Route>(next))
  }

  @Test func unsavedTextIsKeptAndListedByTheNextComposer() async throws {
    let (harness, screen, client) = makeHarness()
    try await harness.run("title Wren")
    try await harness.run("body Loud for its size.")

    #expect(
      screen.preserveUnsavedWork()
        == .kept("Kept the unsaved note as a draft; `new` (in `fieldnotes`) offers it back."))

    let (next, nextHarness) = nextComposer()
    #expect(next.stateDescription == "editing(1 problem)", "the list asks nothing")
    let drawn = next.render(in: .plain)
    let listed = try #require(drawn.firstIndex { $0.hasPrefix("A draft of this note was kept") })
    #expect(
      drawn[listed...].prefix(3) == [
        "A draft of this note was kept when FieldNotes stopped: `draft 1` goes on with it, "
          + "`discard draft 1` forgets it.",
        "  1  \u{201C}Wren\u{201D}, kept 2026-11-29 12:00 UTC",
        "       by the session started 2026-11-29 11:59 UTC at /dev/pts/1",
      ])
    try await nextHarness.run("draft 1")
    #expect(nextHarness.lastDrawn?.contains("  title: Wren") == true)
    #expect(nextHarness.lastDrawn?.contains("    Loud for its size.") == true)
    #expect(try await nextHarness.run("save") == ["Saved \u{201C}Wren\u{201D}."])
    #expect(client.drafts == [], "a saved draft is forgotten")
  }

  /// As FieldNotes ends, a draft the store can't take is printed whole, the last place it can go;
  /// the message says why, without a "try again" no one can follow any more.
  @Test func aDraftThatCannotBeKeptIsPrintedWholeWithWhy() async throws {
    let (harness, screen, client) = makeHarness()
    try await harness.run("title Wren")
    try await harness.run("tags birds garden")
    try await harness.run("body")
    for line in ["Loud for its size.", "", "Nests low."] { try await harness.run(line) }
    client.writeFailure = .persistence(.busy)

    #expect(
      screen.preserveUnsavedWork()
        == .notKept(
          reason: "FieldNotes is ending, and the unsaved note could not be kept as a draft "
            + "(another FieldNotes held the store for too long); here is its text, to copy:",
          work: [
            "title: Wren", "tags: birds garden", "body:", "Loud for its size.", "", "Nests low.",
          ]))
  }

  /// A draft the store can't take (another FieldNotes holding it through a long import) is
  /// still in the file that held it after every change, which the next session keeps as a
  /// draft: the message says where it is, never that it was lost, and the file stays.
  @Test func aDraftTheStoreCannotTakeIsNamedWhereItIsHeld() async throws {
    let editor = ScriptedTextEditor()
    let screen = ComposerScreen(
      model: ComposerViewModel(
        client: client, purpose: .newNote(in: nil), ids: .incrementing(), now: .fixed(),
        session: SampleData.session(1), editor: editor))
    let harness = ScreenHarness<Route>(screen)
    try await harness.run("title Wren")
    try await harness.run("body Loud for its size.")
    client.writeFailure = .persistence(.busy)

    let held = "held/1-" + (try #require(editor.heldFileNames.first))
    #expect(
      screen.preserveUnsavedWork()
        == .kept(
          "The unsaved note could not be kept as a draft now (another FieldNotes held the "
            + "store for too long); it is kept in \(held), and the next `fieldnotes` of this "
            + "store keeps it as a draft, which `new` offers back."))
    #expect(editor.heldTexts.count == 1, "the file stays until its text is kept elsewhere")
    #expect(editor.heldTexts.first?.contains("Loud for its size.") == true)
  }

  /// A store in memory (`--in-memory`, `--demo`) is gone when FieldNotes ends, so nothing is
  /// promised as kept: the unsaved note is printed whole instead.
  @Test func aStoreInMemoryKeepsNoDraftAndSaysSo() async throws {
    client.keepsDraftsPastTheSession = false
    let screen = ComposerScreen(
      model: ComposerViewModel(
        client: client, purpose: .newNote(in: nil), ids: .incrementing(), now: .fixed(),
        session: SampleData.session(1), editor: UnavailableTextEditor()))
    #expect(screen.preserveUnsavedWork() == .nothing, "nothing typed, nothing to say")
    try await ScreenHarness<Route>(screen).run("title Precious")

    #expect(
      screen.preserveUnsavedWork()
        == .notKept(
          reason: "FieldNotes is ending, and the unsaved note could not be kept as a draft (the "
            + "notes are kept in memory, and go with it); here is its text, to copy:",
          work: ["title: Precious", "tags: ", "body:", ""]))
    #expect(client.drafts == [])
  }

  @Test func aDraftOfANoteDeletedSinceIsListedForANewNoteAndSaysSo() async throws {
    let edit = ComposerScreen(
      model: ComposerViewModel(
        client: client, purpose: .editNote(SampleData.moss.id), ids: .incrementing(),
        now: .fixed(), session: SampleData.session(1), editor: UnavailableTextEditor()))
    try await ScreenHarness<Route>(edit).run("body Greener after the rain.")
    _ = edit.preserveUnsavedWork()
    client.notes.removeAll { $0.id == SampleData.moss.id }  // deleted elsewhere

    let (next, _) = nextComposer()

    #expect(
      next.render(in: .plain).contains(
        "  1  \u{201C}Moss on the north wall\u{201D}, kept 2026-11-29 12:00 UTC of a note deleted since"
      ))
  }

  @Test func aDraftIsForgottenOnlyAfterAskingAndNothingIsKeptWithoutChanges() async throws {
    let (harness, screen, client) = makeHarness()
    #expect(screen.preserveUnsavedWork() == .nothing, "nothing typed, nothing kept")
    try await harness.run("title Wren")
    _ = screen.preserveUnsavedWork()

    let (next, nextHarness) = nextComposer()
    try await nextHarness.run("discard draft 1")
    #expect(next.stateDescription == "confirming(discardKeptDraft)")
    #expect(
      nextHarness.lastDrawn?.last
        == "Forget the draft \u{201C}Wren\u{201D} kept 2026-11-29 12:00 UTC? yes = forget it, "
        + "no = keep it")
    await #expect(
      throws: CommandLineError.refused(
        "Answer the question first: `yes` forgets the kept draft, `no` keeps it.")
    ) { try await nextHarness.run("title Robin") }
    try await nextHarness.run("yes")

    #expect(client.drafts == [])
    #expect(nextHarness.lastDrawn?.contains("  title: ") == true)
  }

  @Test func aDraftNumberOutOfRangeOrMistypedIsRefused() async throws {
    let (harness, screen, _) = makeHarness()
    try await harness.run("title Wren")
    _ = screen.preserveUnsavedWork()
    let (_, nextHarness) = nextComposer()

    await #expect(throws: CommandLineError.refused("Only one draft of this note is kept.")) {
      try await nextHarness.run("draft 2")
    }
    await #expect(throws: CommandLineError.usage("draft N")) {
      try await nextHarness.run("draft one")
    }
    await #expect(throws: CommandLineError.usage("discard draft N")) {
      try await nextHarness.run("discard 1")
    }
  }

  @Test func quitWarnsOnceWhileTheDraftHasChanges() async throws {
    let (harness, screen, _) = makeHarness()
    #expect(screen.quitWarning() == nil, "nothing typed yet")

    try await harness.run("title Wren")

    #expect(screen.quitWarning()?.hasPrefix("The note being written is not saved") == true)
    #expect(screen.quitWarning() == nil, "the second quit leaves")
    try await harness.run("tags garden")
    #expect(screen.quitWarning() != nil, "another edit warns again")
  }

  @Test func savingSaysSoAndLeaves() async throws {
    let (harness, screen, client) = makeHarness()
    try await harness.run("title Wren")

    #expect(try await harness.run("save") == ["Saved \u{201C}Wren\u{201D}."])

    #expect(screen.composer.isFinished, "the screen asked to leave")
    #expect(client.notes.contains { $0.title == "Wren" && $0.notebookID == SampleData.birds.id })
  }

  @Test func aFailedSaveIsOneErrorAndTheDraftStays() async throws {
    let (harness, screen, client) = makeHarness()
    try await harness.run("title Wren")
    client.writeFailure = .persistence(.diskFull)

    await #expect(
      throws: CommandLineError.refused(
        "not saved: The disk is full, so the change was not saved. (the draft is kept; `save` retries)"
      )
    ) { try await harness.run("save") }

    #expect(screen.stateDescription == "editing(valid)")
    client.writeFailure = nil
    #expect(try await harness.run("save") == ["Saved \u{201C}Wren\u{201D}."])
  }
}
