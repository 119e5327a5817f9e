import FieldNotesTerminalTesting
import Foundation
import Testing

@testable import FieldNotesApp
@testable import FieldNotesCommandLine

/// `--format FORMAT` and the REPL's `output FORMAT`: lists, a note's page and the tags print
/// as records a script can read, the same fields everywhere.
@MainActor
@Suite struct OutputFormatCommandTests {
  static let environment = [
    "TZ": "UTC", "NO_COLOR": "1", "FIELDNOTES_NOW": "2026-11-29T12:00:00Z",
    "FIELDNOTES_IDS": "sequential",
  ]

  /// Runs lines over the demo library.
  static func run(_ arguments: [String], _ lines: [String]) async -> (Int32, RecordingConsole) {
    let console = RecordingConsole()
    let status = await FieldNotesApp.run(
      arguments: ["--demo"] + arguments, environment: environment, console: console,
      input: lines.map { Array($0.utf8) })
    return (status, console)
  }

  /// Once the format is a script's, what `output` says goes to standard error, as every
  /// message does then: standard output holds records alone.
  @Test func outputAloneSaysTheFormatAndAnUnknownOneIsRefused() async {
    let (status, console) = await Self.run(
      ["--quiet"], ["output", "output json", "output", "output yaml"])
    #expect(
      console.output == [
        "Lists, notes and tags print as text; `output [json|jsonl|markdown|text]` changes it."
      ])
    #expect(
      console.errors == [
        "Lists, notes and tags print as JSON; `output [json|jsonl|markdown|text]` changes it.",
        "error: usage: output [json|jsonl|markdown|text] (line 4 of standard input)",
      ])
    #expect(status == 1)
  }

  /// Every line `--format jsonl` prints for a list, a note and the tags is one JSON object
  /// with the documented fields; nothing else is printed.
  @Test func formatJSONLinesPrintsOnlyRecords() async throws {
    let (status, console) = await Self.run(
      ["--format", "jsonl"], ["open Birds", "list", "show 2", "list", "notebooks", "tags", "list"])
    #expect(status == 0)
    #expect(console.errors.isEmpty)
    let objects = try console.output.map {
      try #require(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any], "\($0)")
    }
    let notes = objects.filter { $0["id"] != nil }
    #expect(notes.count == 4, "three rows, then the note shown")
    for note in notes {
      #expect(
        Set(note.keys) == [
          "id", "title", "body", "tags", "notebook", "pinned", "created", "updated",
        ])
      #expect(note["notebook"] as? String == "Birds")
    }
    #expect(notes[3]["title"] as? String == notes[1]["title"] as? String, "show 2 is row 2")
    let tags = objects.filter { $0["tag"] != nil }
    #expect(tags.count == objects.count - notes.count)
    #expect(tags.first?["tag"] as? String == "birds")
    #expect(tags.first?["count"] as? Int == 3)
  }

  /// Runs lines over a store in memory holding `count` notes, saved by the script first.
  static func runOverNotes(_ count: Int, _ arguments: [String], _ lines: [String]) async -> (
    Int32, RecordingConsole
  ) {
    let saving = (1...count).flatMap { ["new", "title Note \($0)", "save"] }
    let console = RecordingConsole()
    let status = await FieldNotesApp.run(
      arguments: ["--in-memory"] + arguments, environment: environment, console: console,
      input: (["open all"] + saving + lines).map { Array($0.utf8) })
    return (status, console)
  }

  /// A script asking for a list in a script's format gets every note of it, not the 200 rows
  /// a screen shows; the README's `list`, `more`, `more` gives each note once, and `more` says
  /// on standard error that there is nothing more.
  @Test(arguments: ["json", "jsonl"])
  func aListInAScriptsFormatIsWhole(format: String) async throws {
    let (status, console) = await Self.runOverNotes(
      287, ["--format", format], ["list", "more", "more"])

    #expect(status == 0, "\(console.errors)")
    let text = console.output.joined(separator: "\n")
    let records =
      format == "json"
      ? try #require(
        try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]], "\(text)")
      : try console.output.map {
        try #require(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any], "\($0)")
      }
    #expect(Set(records.compactMap { $0["title"] as? String }).count == 287)
    #expect(records.count == 287)
    #expect(console.errors.filter { $0.hasPrefix("Saved ") }.count == 287, "not in the stream")
    #expect(
      console.errors.filter { !$0.hasPrefix("Saved ") }
        == Array(repeating: "Every note of the list is shown.", count: 2),
      "the answers to `more` are not in the stream either")
  }

  /// The same in a quiet script's text, in both forms of the list: `list` prints every row,
  /// numbered, with no line promising more.
  @Test(arguments: ["mvvm", "mv"])
  func aListInAQuietScriptIsWhole(form: String) async throws {
    let (status, console) = await Self.runOverNotes(287, ["--quiet"], ["mode \(form)", "list"])

    #expect(status == 0)
    let rows = console.output.filter { $0.drop(while: { $0 == " " }).first?.isNumber == true }
    #expect(rows.count == 287)
    #expect(rows.last?.hasPrefix("287") == true)
    #expect(!console.output.contains { $0.contains("`more`") })
  }

  /// Nothing but records goes to standard output in a script's format: what commands answer,
  /// `help`, and screens that have no records (the notebooks, the trash) go to standard error.
  @Test func onlyRecordsGoToStandardOutputInAScriptsFormat() async throws {
    let (status, console) = await Self.run(
      ["--format", "jsonl"],
      [
        "open Birds", "pin 2", "list", "output", "help", "show 1", "delete", "notebooks", "list",
        "trash", "list",
      ])

    #expect(status == 0, "\(console.errors)")
    for line in console.output {
      #expect(
        (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any] != nil,
        "\(line)")
    }
    #expect(console.output.count == 3, "the list of three notes; `show 1` draws only on `list`")
    #expect(console.errors.contains("Pinned \u{201C}Wren in the hedge\u{201D}."))
    #expect(console.errors.contains { $0.hasPrefix("Lists, notes and tags print as JSON Lines") })
    #expect(console.errors.contains("Notebooks"), "the notebooks screen, which has no records")
    #expect(console.errors.contains { $0.hasPrefix("Trash") }, "the trash, which has none")
    #expect(console.errors.contains { $0.hasPrefix("Deleted \u{201C}") })
  }

  /// `--format` implies `--quiet`: nothing is printed until `list` asks.
  @Test func formatImpliesQuiet() throws {
    let options = try LaunchOptions.parse(["--format", "markdown"])
    #expect(options.format == .markdown)
    #expect(options.isQuiet)
    #expect(throws: UsageError("--format takes json, jsonl, markdown or text")) {
      try LaunchOptions.parse(["--format", "yaml"])
    }
  }

  /// In a script `output FORMAT` prints nothing, so the script's output is only what it asked.
  @Test func outputInAScriptIsSilentAndJSONIsOneArray() async throws {
    let (status, console) = await Self.run(["--quiet"], ["open Birds", "output json", "list"])
    #expect(status == 0)
    let text = console.output.joined(separator: "\n")
    let array = try #require(
      try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]], "\(text)")
    #expect(array.count == 3)
  }

  /// Markdown: the list's title as a heading, each note under its own (its facts opening with
  /// the short id the list shows), a note's page as one note, the tags as a list. (Not in a
  /// transcript, whose `#` lines are its comments.)
  @Test func markdownPrintsHeadingsPerNote() async {
    let (status, console) = await Self.run(
      ["--format", "markdown"],
      ["open Birds", "search heron", "list", "show 1", "list", "notebooks", "tags", "list"])
    #expect(status == 0)
    let facts = "Birds · #birds #lake · pinned · created 2026-11-26T12:00:00.000Z*"
    let text = [
      "", "A grey heron stood in the shallows for twenty minutes, still as a post.",
      "It caught two small fish.",
    ]
    #expect(
      console.output == ["# Birds", "", "## Heron at the lake", "", "*`a004` · " + facts] + text
        + ["# Heron at the lake", "", "*" + facts] + text
        + ["# Tags", "", "- #birds (3 notes)", "- #garden (1 note)", "- #kit (1 note)"]
        + ["- #lake (1 note)", "- #moss (1 note)", "- #plans (1 note)", "- #plants (2 notes)"]
        + ["- #river (2 notes)"])
  }
}
