import FieldNotesModel
import FieldNotesPersistence
import FieldNotesTerminalTesting
import FieldNotesTesting
import Foundation
import Testing

@testable import FieldNotesApp
@testable import FieldNotesCommandLine

/// `fieldnotes ls [QUERY…]`: every note a search finds, printed once as a script's `list`
/// prints it (every row, in the format asked for), through the REPL's own note list.
@MainActor
@Suite struct ListCommandTests {
  let file = TemporaryStoreFile()

  func run(_ arguments: [String]) async throws -> (Int32, RecordingConsole) {
    try SQLiteNoteRepository(path: file.path).commit(
      (0..<250).map { index in
        .saveNote(
          Note(
            title: index == 7 ? "Grey heron" : "Note \(index)", body: "Body \(index).",
            createdAt: SampleData.date(minutes: index)))
      })
    let console = RecordingConsole()
    let status = await FieldNotesApp.run(
      arguments: arguments + ["--store", file.path],
      environment: ["TZ": "UTC", "NO_COLOR": "1", "FIELDNOTES_NOW": "2026-11-29T18:00:00Z"],
      console: console, input: nil)
    return (status, console)
  }

  @Test func everyNoteIsPrintedAsARecordNeverAPage() async throws {
    let (status, console) = try await run(["ls", "--format", "jsonl"])
    #expect(status == 0, "\(console.errors)")
    #expect(console.output.count == 250, "every note, not the first page")
    #expect(console.errors.isEmpty)
  }

  @Test func aSearchPrintsItsMatchesAndAPhraseStaysOne() async throws {
    let (status, console) = try await run(["ls", "grey heron"])
    #expect(status == 0)
    #expect(console.output.first == "All Notes · 1 note · newest first", "\(console.output)")
  }

  /// `--sort updated`: the note changed last first, though written before every other.
  @Test func theOrderOfChangesPutsTheNoteChangedLastFirst() async throws {
    try SQLiteNoteRepository(path: file.path).commit([
      .saveNote(
        Note(
          title: "Written first, changed last", createdAt: SampleData.date(minutes: -100),
          updatedAt: SampleData.date(minutes: 10_000)))
    ])
    let (status, console) = try await run(["ls", "-n", "1", "--sort", "updated"])
    #expect(status == 0, "\(console.errors)")
    #expect(console.output.first == "All Notes · 251 notes · last changed first")
    #expect(console.output.dropFirst().first?.contains("Written first, changed last") == true)
  }

  @Test func aSearchThatFindsNothingIsNoError() async throws {
    let (status, console) = try await run(["search", "zzzz", "--format", "jsonl"])
    #expect(status == 0 && console.output.isEmpty && console.errors.isEmpty)
  }

  @Test func aRefusedSearchPrintsNoListInItsPlace() async throws {
    let (status, console) = try await run(["ls", "in:Nowhere"])
    #expect(status == 1)
    #expect(console.output.isEmpty, "\(console.output)")
    #expect(console.errors.first?.hasPrefix("error: there is no notebook called") == true)
  }

  @Test func searchPrintsTheMatchesEachWithItsMatchingLine() async throws {
    let (status, console) = try await run(["search", "heron"])
    #expect(status == 0, "\(console.errors)")
    #expect(
      console.output == [
        "All Notes · 1 note · newest first", "Showing: search “heron”",
        "  1   Grey «heron» · 5 h ago", "      Body 7.",
      ], "\(console.output)")
  }

  @Test func aNotebookATagAndAnOrderNarrowAndOrderTheList() async throws {
    let (status, console) = try await run(["ls", "--sort", "title", "grey"])
    #expect(status == 0, "\(console.errors)")
    #expect(console.output.first == "All Notes · 1 note · by title", "\(console.output)")
    let (unknown, said) = try await run(["ls", "--notebook", "Field trip"])
    #expect(unknown == 1 && said.output.isEmpty)
    #expect(said.errors.first?.hasPrefix("error: there is no notebook called") == true)
    let (oldest, oldestSaid) = try await run(["ls", "--sort", "oldest", "--format", "jsonl"])
    #expect(oldest == 0 && oldestSaid.output.first?.contains(#""title":"Note 0""#) == true)
  }

  @Test func nListsTheFirstNNotesInTheListsOrder() async throws {
    let (status, console) = try await run(["ls", "-n", "5"])
    #expect(status == 0, "\(console.errors)")
    let rowLines = 5 * 2
    #expect(console.output.count == rowLines + 2, "\(console.output)")
    #expect(console.output.first == "All Notes · 250 notes · newest first")
    #expect(console.output[1].hasPrefix("  1   Note 249 · "), "\(console.output)")
    #expect(console.output.last == "  … and 245 more (a larger -n shows them).")
    let (records, recordsSaid) = try await run(["ls", "--limit", "3", "--format", "jsonl"])
    #expect(records == 0 && recordsSaid.output.count == 3, "\(recordsSaid.output)")
    #expect(recordsSaid.output.allSatisfy { $0.hasPrefix(#"{"id":"#) })
    let (search, searchSaid) = try await run(["search", "-n", "2", "heron", "--sort", "title"])
    // Each run adds the 250 notes again: three herons by now, two of them listed.
    #expect(search == 0 && searchSaid.output.count == 7, "\(searchSaid.output)")
    #expect(searchSaid.output.last == "  … and 1 more (a larger -n shows them).")
    let (refused, refusedSaid) = try await run(["ls", "-n", "2", "in:Nowhere"])
    #expect(refused == 1 && refusedSaid.output.isEmpty && refusedSaid.errors.count == 1)
    #expect(throws: UsageError("-n takes a whole number above 0")) {
      try LaunchOptions.parse(["ls", "-n", "0"])
    }
  }

  @Test func theOrdersAreTheLists() throws {
    #expect(LaunchOption.sortOrders == NoteSortOrder.allCases.map(\.rawValue))
    #expect(try LaunchOptions.parse(["ls", "--sort", "updated"]).listedOrder == "updated")
    #expect(throws: UsageError("--sort takes newest, oldest, title or updated")) {
      try LaunchOptions.parse(["ls", "--sort", "edited"])
    }
    #expect(throws: UsageError("unknown option '--sort'")) {
      try LaunchOptions.parse(["add", "Title", "--sort", "title"])
    }
  }

  @Test func searchNeedsWhatToLookForAndLsTakesOptionsAnywhere() throws {
    #expect(throws: UsageError.self) { try LaunchOptions.parse(["search"]) }
    let options = try LaunchOptions.parse([
      "-q", "ls", "--notebook", "Field trips", "heron", "--tag", "#birds",
    ])
    #expect(
      options.listLines == [
        "open all", "search in:\"Field trips\" #birds heron", "list",
      ])
  }

  @Test func lsWithAScriptIsRefusedAndItsWordsAreTheSearch() throws {
    #expect(throws: UsageError("ls can't be combined with --script or -c")) {
      try LaunchOptions.parse(["ls", "-c", "list"])
    }
    #expect(
      try LaunchOptions.parse(["ls", "heron", "-q", "pond"]).listedQuery == ["heron", "pond"])
  }
}
