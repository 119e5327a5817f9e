import FieldNotesModel
import FieldNotesServices
import FieldNotesTerminalTesting
import FieldNotesTesting
import Foundation
import Testing

@testable import FieldNotesApp

@MainActor
@Suite struct CompletionTests {
  func makeSession(alsoNamed names: [String] = []) -> AppSession {
    var library = SampleData.library
    library.notebooks.append(Notebook(id: UUID(number: 0xB3), name: "Field trips"))
    library.notebooks += names.enumerated().map { Notebook(id: UUID(number: 0xC0 + $0), name: $1) }
    let session = AppSession(
      dependencies: .inMemory(
        library, syncer: NoOpNoteSyncer(), summarizer: UnavailableSummaryGenerator(),
        now: .fixed(), ids: .incrementing(), timeZone: TimeZone(identifier: "UTC") ?? .current,
        editor: UnavailableTextEditor()),
      output: RecordingConsole())
    session.start()
    return session
  }

  @Test func completesCommandNamesForTheScreen() async throws {
    let session = makeSession()
    #expect(session.completions(lineBefore: "", word: "no") == ["no", "notebook", "notebooks"])
    #expect(session.completions(lineBefore: "", word: "ti") == [])
    try await session.run("open Birds")
    try await session.run("new")
    #expect(session.completions(lineBefore: "", word: "ti") == ["title"])
    #expect(session.completions(lineBefore: "", word: "op") == [])
  }

  /// A name ending the line is taken as typed, so it completes as typed: whole, spaces and all,
  /// and on from any of its words (`open Field t` → `trips`).
  @Test func completesNotebookNamesToTheirEndWithoutQuotes() async throws {
    let session = makeSession()
    #expect(session.completions(lineBefore: "open ", word: "b") == ["Birds"])
    #expect(session.completions(lineBefore: "open ", word: "Fi") == ["Field trips"])
    #expect(session.completions(lineBefore: "open ", word: "\"Fi") == ["Field trips"])
    #expect(session.completions(lineBefore: "open Field ", word: "t") == ["trips"])
    #expect(session.completions(lineBefore: "open field ", word: "") == ["trips"])
    #expect(session.completions(lineBefore: "open Field ", word: "x") == [])
    #expect(session.completions(lineBefore: "open \"Field ", word: "t") == ["trips\""])
    #expect(
      session.completions(lineBefore: "open ", word: "") == [
        "Birds", "Field trips", "Plants", "all", "none",
      ])
    #expect(session.completions(lineBefore: "notebook delete ", word: "P") == ["Plants"])
    try await session.run("open Birds")
    #expect(session.completions(lineBefore: "move 1 to Field ", word: "t") == ["trips"])
  }

  @Test func completesSubcommandsAndChoices() async throws {
    let session = makeSession()
    #expect(session.completions(lineBefore: "notebook ", word: "") == ["delete", "new", "rename"])
    #expect(session.completions(lineBefore: "sync ", word: "r") == ["remote"])
    #expect(session.completions(lineBefore: "sort ", word: "") == [], "sort is a note list's")
    try await session.run("open Birds")
    #expect(
      session.completions(lineBefore: "sort ", word: "") == [
        "newest", "oldest", "title", "updated",
      ])
    #expect(session.completions(lineBefore: "move 1 ", word: "") == ["to"])
    #expect(session.completions(lineBefore: "tag ", word: "l") == ["lake"])
  }

  @Test func insideAnOpeningQuoteANameCompletesAndClosesTheQuote() {
    let session = makeSession()
    #expect(session.completions(lineBefore: "open \"", word: "Fi") == ["Field trips\""])
    #expect(session.completions(lineBefore: "open \"", word: "B") == ["Birds\""])
    #expect(session.completions(lineBefore: "open \"", word: "fil") == [], "not command names")
  }

  /// A search completes its qualifiers, the tags in use and the notebooks' names, from the
  /// text typed before the word, quotes and all.
  @Test func aSearchCompletesQualifiersTagsAndNotebooks() async throws {
    let session = makeSession()
    try await session.run("open all")
    // The qualifier and its values: the line editor puts in what they share (`tag:`, with no
    // space after it) and lists the rest at the next Tab.
    #expect(
      session.completions(lineBefore: "search heron ", word: "ta") == [
        "tag:", "tag:birds", "tag:lake", "tag:plants",
      ])
    #expect(session.completions(lineBefore: "search ", word: "#p") == ["#plants"])
    #expect(session.completions(lineBefore: "search ", word: "-#l") == ["-#lake"])
    #expect(session.completions(lineBefore: "search ", word: "is:p") == ["is:pinned"])
    #expect(session.completions(lineBefore: "search ", word: "in:b") == ["in:\"Birds\""])
    #expect(session.completions(lineBefore: "search ", word: "in:Fi") == ["in:\"Field trips\""])
    #expect(session.completions(lineBefore: "search (", word: "in:n") == ["in:\"none\""])
    #expect(
      session.completions(lineBefore: "search ", word: "created:this") == [
        "created:this-month", "created:this-week",
      ])
    // Inside an open quote after in:, the rest of a notebook's name, and the closing quote.
    #expect(session.completions(lineBefore: "search in:\"", word: "Fi") == ["Field trips\""])
    #expect(session.completions(lineBefore: "search in:\"Field ", word: "t") == ["trips\""])
    #expect(session.completions(lineBefore: "search \"grey ", word: "h") == [], "a phrase")
  }

  /// A name another tool wrote with a control character in it is never offered.
  @Test func aNameWithAControlCharacterIsNotOffered() async throws {
    let session = makeSession(alsoNamed: ["Ev\u{1B}[31mil", "Ev\tening"])
    try await session.run("open all")
    #expect(session.completions(lineBefore: "search ", word: "in:Ev") == [])
    #expect(session.completions(lineBefore: "open ", word: "Ev") == [])
  }

  @Test func theComposersTagsCompleteFromTheTagsInUse() async throws {
    let session = makeSession()
    try await session.run("open Birds")
    try await session.run("new")
    #expect(session.completions(lineBefore: "tags ", word: "l") == ["lake"])
    #expect(session.completions(lineBefore: "tags birds, ", word: "pl") == ["plants"])
  }
}

/// A read of the store that fails while a screen is drawn is the screen's state: the list says
/// why where its rows would be, never an earlier answer or none, and draws again once the store
/// answers.
@MainActor
@Suite struct ReadFailureStateTests {
  @Test func aListDrawnFromAFailedReadSaysSoInPlaceOfItsRows() async throws {
    // A repository with a change stamp, as the SQLite store has: the store asks it each time.
    let repository = InMemoryNoteRepository(SampleData.library)
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
    try await session.run("open all")
    #expect(console.errors.isEmpty)

    repository.failLoads(with: .readFailed(reason: "the disk went away"))
    let before = console.output.count
    try await session.run("search kingfisher")

    let drawn = Array(console.output[before...])
    #expect(drawn.contains("All Notes · The notes could not be read: the disk went away."))
    #expect(drawn.contains("  Type `retry` to read them again."))
    #expect(!drawn.contains { $0.contains("Kingfisher") }, "no earlier answer drawn as this one")
    #expect(console.errors.isEmpty, "the failure is the screen's state, not a warning after it")

    repository.failLoads(with: nil)
    let after = console.output.count
    try await session.run("retry")
    #expect(console.output[after...].contains { $0.contains("Kingfisher") })
    #expect(repository.savedLibrary == SampleData.library, "nothing was lost")
  }
}
