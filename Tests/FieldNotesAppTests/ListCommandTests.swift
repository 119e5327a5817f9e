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

  @Test func aRefusedSearchPrintsNoListInItsPlace() async throws {
    let (status, console) = try await run(["ls", "in:Nowhere"])
    #expect(status == 1)
    #expect(console.output.isEmpty, "\(console.output)")
    #expect(console.errors.first?.hasPrefix("error: there is no notebook called") == true)
  }

  @Test func lsWithAScriptIsRefusedAndItsWordsAreTheSearch() throws {
    #expect(throws: UsageError("ls can't be combined with --script or -c")) {
      try LaunchOptions.parse(["ls", "-c", "list"])
    }
    #expect(
      try LaunchOptions.parse(["ls", "heron", "-q", "pond"]).listedQuery == ["heron", "pond"])
  }
}
