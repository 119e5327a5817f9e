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

  @Test func outputAloneSaysTheFormatAndAnUnknownOneIsRefused() async {
    let (status, console) = await Self.run(
      ["--quiet"], ["output", "output json", "output", "output yaml"])
    #expect(
      console.output == [
        "Lists, notes and tags print as text; `output [json|jsonl|markdown|text]` changes it.",
        "Lists, notes and tags print as JSON; `output [json|jsonl|markdown|text]` changes it.",
      ])
    #expect(
      console.errors == [
        "error: usage: output [json|jsonl|markdown|text] (line 4 of standard input)"
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

  /// Markdown: the list's title as a heading, each note under its own, a note's page as one
  /// note, the tags as a list. (Not in a transcript, whose `#` lines are its comments.)
  @Test func markdownPrintsHeadingsPerNote() async {
    let (status, console) = await Self.run(
      ["--format", "markdown"],
      ["open Birds", "search heron", "list", "show 1", "list", "notebooks", "tags", "list"])
    #expect(status == 0)
    let page = [
      "*Birds · #birds #lake · pinned · created 2026-11-26T12:00:00.000Z*", "",
      "A grey heron stood in the shallows for twenty minutes, still as a post.",
      "It caught two small fish.",
    ]
    #expect(
      console.output == ["# Birds", "", "## Heron at the lake", ""] + page
        + ["# Heron at the lake", ""] + page
        + ["# Tags", "", "- #birds (3 notes)", "- #garden (1 note)", "- #kit (1 note)"]
        + ["- #lake (1 note)", "- #moss (1 note)", "- #plans (1 note)", "- #plants (2 notes)"]
        + ["- #river (2 notes)"])
  }
}
