import FieldNotesTerminalTesting
import FieldNotesTesting
import Foundation
import Testing

@testable import FieldNotesApp
@testable import FieldNotesCommandLine

/// What a quiet script reads on standard output is what it asked for: notices — a sync's
/// progress and its account — go to standard error.
@MainActor
@Suite struct ScriptAnswersTests {
  let file = TemporaryStoreFile()

  @Test func aQuietSyncWritesNothingToStandardOutput() async throws {
    let remote = FileManager.default.temporaryDirectory
      .appendingPathComponent("fieldnotes-quiet-sync-" + UUID().uuidString).path
    defer { try? FileManager.default.removeItem(atPath: remote) }
    let console = RecordingConsole()
    let status = await FieldNotesApp.run(
      arguments: ["-q", "--store", file.path, "--sync-folder", remote, "-c", "sync"],
      environment: ["TZ": "UTC", "NO_COLOR": "1", "HOME": remote + "-home"],
      console: console, input: nil)
    #expect(status == 0, "\(console.errors)")
    #expect(console.output.isEmpty, "\(console.output)")
    #expect(console.errors.contains { $0.hasPrefix("Synced:") }, "\(console.errors)")
  }
}

/// A list printed, then synced with nothing new: the list, which showed the sync while it ran,
/// shows what was printed, and is not printed again at the end.
@MainActor
@Suite struct ScriptAnswerAfterSyncTests {
  let file = TemporaryStoreFile()

  @Test func aSyncThatChangesNothingPrintsTheListOnce() async throws {
    let remote = FileManager.default.temporaryDirectory
      .appendingPathComponent("fieldnotes-sync-once-" + UUID().uuidString).path
    defer { try? FileManager.default.removeItem(atPath: remote) }
    let console = RecordingConsole()
    let status = await FieldNotesApp.run(
      arguments: [
        "-q", "--store", file.path, "--sync-folder", remote, "-c", "open all", "-c", "list", "-c",
        "sync",
      ],
      environment: ["TZ": "UTC", "NO_COLOR": "1", "HOME": remote + "-home"],
      console: console, input: nil)
    #expect(status == 0, "\(console.errors)")
    #expect(console.output.filter { $0.hasPrefix("All Notes") }.count == 1, "\(console.output)")
  }
}

/// A script's answer: in a quiet script or a script's format, the screen a script ends on is
/// printed once, whole, when its last commands showed it (`open`, `search`, `show`, `tags`…);
/// `list` prints a screen where it stands, and what it printed is not printed again.
@MainActor
@Suite struct ScriptAnswerTests {
  /// The same fixed clock, ids and plain output as the format tests'.
  static let environment = OutputFormatCommandTests.environment

  /// Runs `-c` lines over the demo library.
  static func run(_ arguments: [String], _ lines: [String]) async -> (Int32, RecordingConsole) {
    let console = RecordingConsole()
    let status = await FieldNotesApp.run(
      arguments: ["--demo"] + arguments + lines.flatMap { ["-c", $0] }, environment: environment,
      console: console, input: nil)
    return (status, console)
  }

  /// The titles of the records a JSON or JSON Lines output holds, in order.
  static func titles(_ output: [String], json: Bool) throws -> [String] {
    let records =
      json
      ? try #require(
        try JSONSerialization.jsonObject(with: Data(output.joined(separator: "\n").utf8))
          as? [[String: Any]], "\(output)")
      : try output.map {
        try #require(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any], "\($0)")
      }
    return records.compactMap { $0["title"] as? String }
  }

  @Test func openAllInJSONPrintsTheListAsOneArray() async throws {
    let (status, console) = await Self.run(["--format", "json"], ["open all"])
    #expect(status == 0, "\(console.errors)")
    #expect(try Self.titles(console.output, json: true).count == 7, "\(console.output)")
  }

  @Test func aQuietSearchPrintsItsMatchesAlone() async throws {
    let (status, console) = await Self.run(["--quiet"], ["open all", "search heron"])
    #expect(status == 0, "\(console.errors)")
    #expect(console.output.first == "All Notes · 1 note · newest first", "\(console.output)")
    #expect(console.output.filter { $0.hasPrefix("All Notes") }.count == 1)
    #expect(console.output.contains { $0.contains("«heron»") }, "\(console.output)")
  }

  /// Commands that narrow one list are one question: the list they end on is printed once.
  @Test func aListNarrowedStepByStepIsPrintedOnce() async throws {
    let (status, console) = await Self.run(
      ["--format", "jsonl"], ["open all", "search heron OR wren", "filter pinned"])
    #expect(status == 0, "\(console.errors)")
    #expect(try Self.titles(console.output, json: false) == ["Heron at the lake"])
  }

  @Test func showAndTagsPrintWhatTheyShow() async throws {
    let (shown, shownSaid) = await Self.run(["--format", "jsonl"], ["open Birds", "show 1"])
    #expect(shown == 0, "\(shownSaid.errors)")
    #expect(try Self.titles(shownSaid.output, json: false) == ["Heron at the lake"])
    let (tags, tagsSaid) = await Self.run(["--format", "jsonl"], ["tags"])
    #expect(tags == 0, "\(tagsSaid.errors)")
    #expect(tagsSaid.output.first == #"{"tag":"birds","count":3}"#, "\(tagsSaid.output)")
    let (text, textSaid) = await Self.run(["-q"], ["open Birds", "show 1"])
    #expect(text == 0 && textSaid.output.first == "Heron at the lake", "\(textSaid.output)")
  }

  /// `list` prints where it stands, and a script that asks several questions gets each answer;
  /// what `list` printed is not printed again at the end.
  @Test func listPrintsWhereItStandsAndNeverTwice() async throws {
    let (status, console) = await Self.run(
      ["--format", "jsonl"], ["open all", "search heron", "list"])
    #expect(status == 0)
    #expect(try Self.titles(console.output, json: false) == ["Heron at the lake"])
    let (both, bothSaid) = await Self.run(
      ["--format", "json"], ["open Birds", "list", "back", "open Plants"])
    #expect(both == 0, "\(bothSaid.errors)")
    let arrays = bothSaid.output.split(separator: "]", omittingEmptySubsequences: true)
    #expect(arrays.count == 2, "one answer each: \(bothSaid.output)")
  }

  /// A command that changes the notes answers in a line: the list it changed is not printed
  /// for it, nor is the notebooks screen a script starts on.
  @Test func aChangeAnswersInALineAndPrintsNoScreen() async throws {
    let (status, console) = await Self.run(["-q"], ["open Birds", "pin 2"])
    #expect(status == 0, "\(console.errors)")
    #expect(console.output == ["Pinned \u{201C}Wren in the hedge\u{201D}."], "\(console.output)")
    let (nothing, nothingSaid) = await Self.run(["-q"], ["output"])
    #expect(nothing == 0)
    #expect(nothingSaid.output.count == 1, "output's answer alone: \(nothingSaid.output)")
  }

  /// A search refused prints no list in place of the one asked for.
  @Test func aFailedCommandPrintsNoScreenInPlaceOfTheAnswer() async throws {
    let (status, console) = await Self.run(
      ["--format", "jsonl"], ["open all", "search in:Nowhere"])
    #expect(status == 1)
    #expect(console.output.isEmpty, "\(console.output)")
    #expect(console.errors.first?.hasPrefix("error: there is no notebook called") == true)
  }

  /// Every command README's "FieldNotes in scripts" shows is understood, and each script there
  /// runs over the sample library and answers on standard output (a sync, with a remote of its
  /// own, on standard error alone).
  @Test func theReadmesScriptsRunAndAnswer() async throws {
    let commands = try ReadmeCommands.inSection("FieldNotes in scripts")
    #expect(commands.count >= 10, "\(commands)")
    for words in commands {
      #expect(throws: Never.self, "\(words)") { try LaunchOptions.parse(words) }
    }
    let folder = NSTemporaryDirectory() + "fieldnotes-readme-scripts-" + UUID().uuidString
    defer { try? FileManager.default.removeItem(atPath: folder) }
    for words in commands where words.contains("-c") {
      let syncs = words.contains("sync")
      let console = RecordingConsole()
      let status = await FieldNotesApp.run(
        arguments: words
          + (syncs
            ? ["--store", folder + "/notes.sqlite", "--sync-folder", folder + "/remote"]
            : ["--demo"]),
        environment: Self.environment.merging(["HOME": folder]) { $1 }, console: console,
        input: nil)
      #expect(status == 0, "\(words): \(console.errors)")
      #expect(console.output.isEmpty == syncs, "\(words): \(console.output)")
    }
  }

  /// `more` in a script prints nothing itself: the list a script prints is whole already.
  @Test func moreAddsNothingToAWholeList() async throws {
    let (status, console) = await OutputFormatCommandTests.runOverNotes(
      250, ["--format", "jsonl"], ["more"])
    #expect(status == 0, "\(console.errors)")
    #expect(try Self.titles(console.output, json: false).count == 250)
  }
}

/// `help` is for users first: the screen's commands, then the app's, and the commands that look
/// inside the app (`state`, `why`, `trace`, `renders`, `mode`) apart, at the end.
@MainActor
@Suite struct HelpOrderTests {
  @Test func helpListsWhatUsersDoFirstAndLooksInsideLast() async throws {
    let console = RecordingConsole()
    let status = await FieldNotesApp.run(
      arguments: ["--demo", "-c", "help"], environment: ["TZ": "UTC", "NO_COLOR": "1"],
      console: console, input: nil)
    #expect(status == 0, "\(console.errors)")
    let headings = console.output.filter { !$0.hasPrefix(" ") && $0.hasSuffix(":") }
    #expect(headings == ["Notebooks:", "Anywhere:", "Looking inside:"], "\(console.output)")
    let inside = console.output.drop { $0 != "Looking inside:" }.dropFirst()
      .prefix { $0.hasPrefix("  ") }.compactMap { $0.split(separator: " ").first.map(String.init) }
    #expect(inside == ["state", "why", "trace", "renders", "mode"])
  }
}
