import FieldNotesModel
import FieldNotesServices
import FieldNotesTerminal
import FieldNotesTerminalTesting
import FieldNotesTesting
import Foundation
import Testing

@testable import FieldNotesApp

/// Every state case a view model has can be seen from the REPL: these drive a session into
/// the cases the transcripts don't reach (a store that can't be read, and `retry`).
@MainActor
@Suite struct StateVocabularyTests {
  let repository = InMemoryNoteRepository(SampleData.library)

  func makeSession() throws -> (AppSession, RecordingConsole) {
    let (session, console, _) = try makeSessionAndStore()
    return (session, console)
  }

  func makeSessionAndStore() throws -> (AppSession, RecordingConsole, NoteStore) {
    let store = try NoteStore(repository: repository, syncer: NoOpNoteSyncer(), now: .fixed())
    let console = RecordingConsole()
    let session = AppSession(
      dependencies: AppDependencies(
        store: store, drafts: repository, searchIndex: repository,
        summarizer: UnavailableSummaryGenerator(), now: .fixed(),
        ids: .incrementing(), timeZone: TimeZone(identifier: "UTC") ?? .current,
        editor: UnavailableTextEditor()),
      output: console)
    session.start()
    return (session, console, store)
  }

  @Test func aListThatCannotBeReadSaysWhyAndRetryReadsItAgain() async throws {
    let (session, console) = try makeSession()
    repository.failLoads(with: .readFailed(reason: "disk I/O error"))

    try await session.run("open all")
    #expect(
      console.output.suffix(2) == [
        "All Notes · The notes could not be read: disk I/O error.",
        "  Type `retry` to read them again.",
      ])
    let drawn = console.output.count
    try await session.run("state")
    #expect(
      console.output.dropFirst(drawn).first
        == "NoteListViewModel.state = failed(\"The notes could not be read: disk I/O error.\")")

    repository.failLoads(with: nil)
    try await session.run("retry")
    try await session.run("state")
    #expect(console.output.last == "NoteListViewModel.state = loaded(4 rows)")
  }

  /// A script that ends on a list it couldn't read got no answer, and fails saying why, in
  /// text and in a script's format alike (found from outside: the run ended 0, and with
  /// `--format json` printed nothing at all).
  @Test(arguments: [OutputFormat.text, .json])
  func aScriptEndingOnAListThatCannotBeReadFails(_ format: OutputFormat) async throws {
    func run(failing: Bool) async throws -> (Int32, RecordingConsole) {
      let (session, console) = try makeSession()
      session.printsScreenShownLast = true
      session.terminal.format = format
      if failing { repository.failLoads(with: .readFailed(reason: "disk I/O error")) }
      let status = await BatchRunner(
        session: session, console: console, echoes: false, bails: false
      )
      .run(.byteLines([Array("open all".utf8)], name: "-c"))
      return (status, console)
    }
    #expect(try await run(failing: false).0 == 0)

    let (status, console) = try await run(failing: true)

    #expect(status == 1)
    #expect(console.errors.last == "error: the notes could not be read: disk I/O error")
  }

  @Test func theNotebooksScreenRetriesToo() async throws {
    let (session, console) = try makeSession()
    repository.failLoads(with: .readFailed(reason: "disk I/O error"))

    try await session.run("retry")
    try await session.run("state")
    #expect(
      console.output.last
        == "NotebooksViewModel.state = failed(\"The notes could not be read: disk I/O error.\")")

    repository.failLoads(with: nil)
    try await session.run("retry")
    try await session.run("state")
    #expect(console.output.last == "NotebooksViewModel.state = loaded(4 rows)")
  }

  @Test func theComposerAndTheTagsScreenAskThroughTheSameCase() async throws {
    let (session, console) = try makeSession()
    try await session.run("open all")
    try await session.run("new")
    try await session.run("title Wren")
    try await session.run("cancel")
    try await session.run("state")
    #expect(console.output.last == "ComposerViewModel.state = confirming(discardChanges)")
    try await session.run("yes")
    try await session.run("notebooks")
    try await session.run("tags")
    try await session.run("delete lake")
    try await session.run("state")
    #expect(console.output.last == "TagsViewModel.state = confirming(#lake, 1 note)")
    try await session.run("notebooks")
    try await session.run("notebook delete Birds")
    try await session.run("state")
    #expect(console.output.last == "NotebooksViewModel.state = confirming(\"Birds\", 2 notes)")
  }

  @Test func forgettingAKeptDraftIsAQuestionToo() async throws {
    let (stopped, _) = try makeSession()
    try await stopped.run("open all")
    try await stopped.run("new")
    try await stopped.run("title Wren")
    stopped.preserveUnsavedWork()
    let (session, console) = try makeSession()

    try await session.run("open all")
    try await session.run("new")
    try await session.run("discard draft 1")
    try await session.run("state")

    #expect(console.output.last == "ComposerViewModel.state = confirming(discardKeptDraft)")
  }

  /// A sync can take away the note whose page is open: the page says so, and `back` leaves it.
  @Test func aNotePageWhoseNoteWasDeletedElsewhereIsEmpty() async throws {
    let (session, console, store) = try makeSessionAndStore()
    try await session.run("open Birds")
    try await session.run("show 2")

    // What a sync does when another machine deleted the note: the store changes under the page.
    try store.perform(.deleteNote(SampleData.kingfisher.id))
    try await session.run("state")

    // The change came between two commands, so the page is drawn again after the next one.
    #expect(
      console.output.suffix(2) == [
        "NoteDetailViewModel.state = empty", "This note no longer exists. Type `back`.",
      ])
    try await session.run("back")
    #expect(console.output.suffix(3).first == "Birds · 1 note · newest first")
  }
}
