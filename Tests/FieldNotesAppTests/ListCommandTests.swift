import FieldNotesModel
import FieldNotesPersistence
import FieldNotesQuery
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

  /// A row of a list as text, read: `  1 * e621  Heron · Birds · 5 min ago` is row 1, pinned,
  /// the note whose id starts `e621`, then its title and the rest; `nil` for another line.
  static func row(_ line: String) -> (number: Int, isPinned: Bool, id: NoteIDPrefix, rest: String)?
  {
    let words = line.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: true)
    guard words.count == 2, let number = Int(words[0]) else { return nil }
    let isPinned = words[1].hasPrefix("* ")
    let afterPin = words[1].dropFirst(2)
    guard let gap = afterPin.range(of: "  "),
      let id = NoteIDPrefix(String(afterPin[..<gap.lowerBound]))
    else { return nil }
    // A short id longer than the others (two notes sharing its first digits) pads the rest.
    let rest = afterPin[gap.upperBound...].drop { $0 == " " }
    return (number, isPinned, id, String(rest))
  }

  /// `fieldnotes ls -n 5` in a store of 300 notes prints five rows, each with the short id of
  /// its note, and that id names the note again, in `fieldnotes show ID` and the REPL's `show`.
  @Test func eachRowShowsAShortIDThatShowAndTheREPLTakeBack() async throws {
    // Identifiers from a fixed seed: the same short ids, and the same widths, every run.
    var random = LinearCongruentialGenerator(state: 7)
    let notes = (0..<300).map { index in
      Note(
        id: random.uuid(), title: "Note \(index)", body: "Body \(index).",
        createdAt: SampleData.date(minutes: index))
    }
    try SQLiteNoteRepository(path: file.path).commit(notes.map { .saveNote($0) })
    let environment = ["TZ": "UTC", "NO_COLOR": "1", "FIELDNOTES_NOW": "2026-11-29T18:00:00Z"]
    let run = { (arguments: [String], input: [String]) in
      let console = RecordingConsole()
      let status = await FieldNotesApp.run(
        arguments: arguments + ["--store", self.file.path], environment: environment,
        console: console, input: input.isEmpty ? nil : input.map { Array($0.utf8) })
      return (status, console)
    }
    let (status, console) = await run(["ls", "-n", "5"], [])
    #expect(status == 0, "\(console.errors)")
    let rows = console.output.compactMap(Self.row)
    #expect(rows.map(\.number) == [1, 2, 3, 4, 5], "\(console.output)")
    for (row, index) in zip(rows, [299, 298, 297, 296, 295]) {
      #expect(row.rest.hasPrefix("Note \(index) · "), "\(row)")
      #expect(row.id.digits.count >= NoteIDPrefix.shortest && row.id.matches(notes[index].id))
      let (shown, page) = await run(["show", row.id.description], [])
      #expect(shown == 0 && page.output.first == "Note \(index)", "\(page.output) \(page.errors)")
      let (typed, session) = await run([], ["open all", "show \(row.id)"])
      #expect(typed == 0, "\(session.errors)")
      // The note's page opens with its title alone, a line no row of the list is.
      #expect(session.output.contains("Note \(index)"), "\(session.output.suffix(6))")
    }
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
      console.output.count == 4
        && console.output.prefix(2) == [
          "All Notes · 1 note · newest first", "Showing: search “heron”",
        ] && console.output.last == "      Body 7.", "\(console.output)")
    let row = try #require(Self.row(console.output[2]), "\(console.output)")
    #expect(row.number == 1 && !row.isPinned && row.rest == "Grey «heron» · 5 h ago")
    let heron = try SQLiteNoteRepository(path: file.path).load().notes.first {
      $0.title == "Grey heron"
    }
    #expect(heron.map { row.id.matches($0.id) } == true, "the row's id is the heron's")
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
    #expect(
      Self.row(console.output[1]).map { $0.number == 1 && $0.rest.hasPrefix("Note 249 · ") }
        == true, "\(console.output)")
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
