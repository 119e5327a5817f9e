import FieldNotesModel
import FieldNotesServices
import FieldNotesTerminalTesting
import FieldNotesTesting
import Foundation
import Testing

@testable import FieldNotesApp

@MainActor
@Suite struct CompletionTests {
  func makeSession() -> AppSession {
    var library = SampleData.library
    library.notebooks.append(Notebook(id: UUID(number: 0xB3), name: "Field trips"))
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
    #expect(session.completions(lineBefore: "sort ", word: "") == ["newest", "oldest", "title"])
    #expect(session.completions(lineBefore: "move 1 ", word: "") == ["to"])
    #expect(session.completions(lineBefore: "tag ", word: "l") == ["lake"])
  }

  @Test func insideAnOpeningQuoteANameCompletesAndClosesTheQuote() {
    let session = makeSession()
    #expect(session.completions(lineBefore: "open \"", word: "Fi") == ["Field trips\""])
    #expect(session.completions(lineBefore: "open \"", word: "B") == ["Birds\""])
    #expect(session.completions(lineBefore: "open \"", word: "fil") == [], "not command names")
  }

  @Test func theComposersTagsCompleteFromTheTagsInUse() async throws {
    let session = makeSession()
    try await session.run("open Birds")
    try await session.run("new")
    #expect(session.completions(lineBefore: "tags ", word: "l") == ["lake"])
    #expect(session.completions(lineBefore: "tags birds, ", word: "pl") == ["plants"])
  }
}
