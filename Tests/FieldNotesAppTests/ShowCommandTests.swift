import FieldNotesModel
import FieldNotesPersistence
import FieldNotesTerminalTesting
import FieldNotesTesting
import Foundation
import Testing

@testable import FieldNotesApp
@testable import FieldNotesCommandLine

/// `fieldnotes show ID`: one note, named by its id or a prefix no other note shares, printed
/// once as its page, or as a record in a script's format; an id naming no one note says so.
@MainActor
@Suite struct ShowCommandTests {
  let file = TemporaryStoreFile()
  static let environment = [
    "TZ": "UTC", "NO_COLOR": "1", "FIELDNOTES_NOW": "2026-11-29T12:00:00Z",
    "FIELDNOTES_IDS": "sequential",
  ]

  func run(_ arguments: [String], input: [String] = []) async -> (Int32, RecordingConsole) {
    let console = RecordingConsole()
    let status = await FieldNotesApp.run(
      arguments: arguments + ["--store", file.path], environment: Self.environment,
      console: console, input: input.map { Array($0.utf8) })
    return (status, console)
  }

  /// Two notes whose ids share their first four digits, as a store written elsewhere holds.
  func addTwoNotes() throws {
    try SQLiteNoteRepository(path: file.path).commit([
      .saveNote(
        Note(
          id: UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F") ?? UUID(), title: "Heron",
          body: "A grey heron.", createdAt: SampleData.date(minutes: 0), tags: ["birds"])),
      .saveNote(
        Note(
          id: UUID(uuidString: "E621AAAA-0000-4000-8000-000000000000") ?? UUID(), title: "Wren",
          body: "Loud.", createdAt: SampleData.date(minutes: 1))),
    ])
  }

  @Test func aPrefixOfOneNotesIDPrintsThatNote() async throws {
    try addTwoNotes()
    let (found, page) = await run(["show", "e621a"])
    #expect(found == 0, "\(page.errors)")
    #expect(page.output.first == "Wren" && page.output.last == "Loud.", "\(page.output)")
    let (status, console) = await run(["show", "E621"])
    #expect(status == 1, "that prefix is both notes'")
    #expect(
      console.errors == [
        "error: 2 notes' ids start with e621; type more of the one you mean: e621e “Heron”, "
          + "e621a “Wren”"
      ])
  }

  @Test func aScriptsFormatPrintsTheNoteAsARecord() async throws {
    try addTwoNotes()
    let (status, console) = await run(["show", "e621e1f8-c3", "--format", "jsonl"])
    #expect(status == 0)
    #expect(console.output.count == 1 && console.output[0].contains(#""title":"Heron""#))
  }

  @Test func anIDOfNoNoteOrNotAnIDIsRefused() async throws {
    try addTwoNotes()
    let (none, noneSaid) = await run(["show", "ffff"])
    #expect(none == 1 && noneSaid.errors == ["error: no note's id starts with ffff"])
    let (bad, badSaid) = await run(["show", "row2"])
    #expect(bad == 1 && badSaid.errors.first?.contains("is not a note's id") == true)
  }

  @Test(arguments: [
    (["show"], "show needs a note's id: fieldnotes show ID (ids are in --format json)"),
    (["show", "ab", "cd"], "show takes one id (“cd” is one word too many)"),
    (["show", "ab", "-c", "list"], "show can't be combined with --script or -c"),
  ])
  func badShowCommandLinesAreRefused(_ arguments: [String], _ message: String) {
    #expect(throws: UsageError(message)) { try LaunchOptions.parse(arguments) }
  }

  @Test func anUnknownCommandSaysWhichThereAre() {
    #expect(throws: UsageError.self) { try LaunchOptions.parse(["pni", "heron"]) }
    do {
      _ = try LaunchOptions.parse(["pni", "e621"])
    } catch {
      #expect(
        error.message.hasPrefix(
          "unknown command 'pni' (did you mean 'pin'?): the commands are add, show, ls, search, rm, "
            + "pin, unpin, mv, tag, restore, history, edit, notebooks, tags, trash, sync, import, "
            + "export and help;"))
    }
  }
}
