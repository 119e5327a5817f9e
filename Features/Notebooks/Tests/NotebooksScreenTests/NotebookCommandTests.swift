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

/// The notebooks screen's own commands, typed as the REPL types them: `notebook` and its
/// subcommands, `open`, and the answers to the deletion question.
@MainActor
@Suite struct NotebookCommandTests {
  let repository = InMemoryNoteRepository(SampleData.library)

  func makeHarness() throws -> (ScreenHarness<Route>, NoteStore) {
    let store = try NoteStore(repository: repository, syncer: NoOpNoteSyncer(), now: .fixed())
    return (
      ScreenHarness(NotebooksScreen(model: NotebooksViewModel(store: store, ids: .incrementing()))),
      store
    )
  }

  /// A typed name can't end in an option word, and one that arrived so (an import) is deleted
  /// only when quoted whole: `--force` never reaches into another notebook.
  @Test func aNameThatReadsAsAnOptionNeverDeletesAnotherNotebook() async throws {
    var library = SampleData.library
    let odd = Notebook(id: UUID(number: 0xB9), name: "Birds --force")
    library.notebooks.append(odd)
    let store = try NoteStore(
      repository: InMemoryNoteRepository(library), syncer: NoOpNoteSyncer(), now: .fixed())
    let harness = ScreenHarness<Route>(
      NotebooksScreen(model: NotebooksViewModel(store: store, ids: .incrementing())))

    await #expect(throws: CommandLineError.self) {
      try await harness.run("notebook new Plants --keep-notes")
    }
    try await harness.run("notebook delete \"Birds --force\" --force")

    #expect(store.notebooks.map(\.name) == ["Birds", "Plants"])
    #expect(store.notes.count == SampleData.library.notes.count, "no note went with it")
  }

  @Test func subcommandsAndTheirAliasesChangeTheStore() async throws {
    let (harness, store) = try makeHarness()

    try await harness.run("notebook new \"Field trips\"")
    try await harness.run("notebook add Moths")
    try await harness.run("notebook rename moths Insects")
    try await harness.run("notebook rm Insects")

    #expect(store.notebooks.map(\.name) == ["Birds", "Plants", "Field trips"])
  }

  @Test func badSubcommandsSayHowToTypeThem() async throws {
    let (harness, _) = try makeHarness()
    let usages: [(String, String)] = [
      ("notebook", "notebook new NAME | rename NAME NEWNAME | delete NAME [--force|--keep-notes]"),
      (
        "notebook fly",
        "notebook new NAME | rename NAME NEWNAME | delete NAME [--force|--keep-notes]"
      ),
      ("notebook new", "notebook new NAME"),
      ("notebook rename Birds", "notebook rename NAME NEWNAME (quote names with spaces)"),
      (
        "notebook delete Birds --force --keep-notes",
        "notebook delete NAME [--force | --keep-notes]"
      ),
    ]
    for (line, usage) in usages {
      await #expect(throws: CommandLineError.usage(usage), "\(line)") {
        try await harness.run(line)
      }
    }
  }

  @Test func openGoesToTheRowsScope() async throws {
    let (harness, _) = try makeHarness()

    try await harness.run("open 2")
    try await harness.run("back")
    try await harness.run("open none")

    #expect(harness.routes == [.noteList(.notebook(SampleData.birds.id)), .noteList(.unfiled)])
  }

  @Test func aDeletionQuestionIsAnsweredHere() async throws {
    let (harness, store) = try makeHarness()

    try await harness.run("notebook delete Birds")
    #expect(harness.lastDrawn?.first == "Delete \u{201C}Birds\u{201D}? It holds 2 notes.")
    try await harness.run("keep")

    #expect(store.notebooks.map(\.name) == ["Plants"])
    #expect(store.notes.count == 4, "keep deletes the notebook, not its notes")
    await #expect(throws: CommandLineError.refused("There is no deletion to confirm.")) {
      try await harness.run("yes")
    }
  }
}
