import FieldNotesPlatform
import FieldNotesTerminalTesting
import Foundation
import Testing

@testable import FieldNotesApp
@testable import FieldNotesCommandLine

/// The init file in scripts: `--init FILE` is run first in any mode, and the user's own init
/// file never is, so what a script does can't depend on it.
@MainActor
@Suite struct InitFileTests {
  /// A home folder with an init file where the user's goes, and another file beside it.
  final class Scratch {
    let path = NSTemporaryDirectory() + "fieldnotes-init-" + UUID().uuidString
    var environment: [String: String] {
      ["HOME": path, "XDG_CONFIG_HOME": path + "/config", "TZ": "UTC", "NO_COLOR": "1"]
    }
    var userInitFile: String { path + "/config/fieldnotes/init" }

    init() throws {
      try FileManager.default.createDirectory(
        atPath: path + "/config/fieldnotes", withIntermediateDirectories: true)
    }
    deinit { try? FileManager.default.removeItem(atPath: path) }

    /// Writes a file and returns its path.
    func write(_ text: String, to file: String) throws -> String {
      try text.write(toFile: file, atomically: true, encoding: .utf8)
      return file
    }

    /// Runs FieldNotes over the demo library with these arguments.
    @MainActor func run(_ arguments: [String]) async -> (status: Int32, console: RecordingConsole) {
      let console = RecordingConsole()
      let status = await FieldNotesApp.run(
        arguments: ["--demo", "--quiet"] + arguments, environment: environment, console: console,
        input: nil)
      return (status, console)
    }
  }

  /// Blank and comment lines are passed over; a failing line names the file and its line, and
  /// the lines after it still run, then the run's own commands.
  @Test func anInitFileGivenIsRunFirstInACommandRun() async throws {
    let scratch = try Scratch()
    let file = try scratch.write(
      "# Where I start\n\nopen Birds\nfrobnicate\nsearch heron\n", to: scratch.path + "/start")

    let (status, console) = await scratch.run(["--init", file, "-c", "list"])

    #expect(
      console.errors == [
        "error: unknown command 'frobnicate'; type `help` (line 4 of \(file))"
      ])
    #expect(console.output.first == "Birds · 1 note · newest first")
    #expect(console.output.contains("Showing: search “heron”"))
    #expect(status == 1, "a failing line of a script's init file fails the run, as any line does")
  }

  @Test func anInitFileThatFailsNeverStopsTheRunEvenUnderBail() async throws {
    let scratch = try Scratch()
    let file = try scratch.write("frobnicate\nopen Birds\n", to: scratch.path + "/start")

    let (status, console) = await scratch.run(["--init", file, "--bail", "-c", "list"])

    #expect(console.output.first == "Birds · 3 notes · newest first")
    #expect(status == 1)
  }

  /// An init file is for settings, so `quit` (or `exit`) there can't end the session.
  ///
  /// It is refused, naming the file and the line, and the rest of the init file, the run's own
  /// commands and its exit status go on as after any failing line.
  @Test func quitInAnInitFileIsRefusedAndTheRunGoesOn() async throws {
    let scratch = try Scratch()
    let file = try scratch.write("quit\nopen Birds\nexit\n", to: scratch.path + "/start")

    let (status, console) = await scratch.run(["--init", file, "-c", "list"])

    let refusal =
      "error: an init file can't end the session, which starts after it; take this line out"
    #expect(
      console.errors == ["\(refusal) (line 1 of \(file))", "\(refusal) (line 3 of \(file))"])
    #expect(console.output.first == "Birds · 3 notes · newest first", "the -c command ran")
    #expect(status == 1, "a failing line of a script's init file fails the run, as any line does")
  }

  @Test func theUsersInitFileIsNotReadByACommandRunOrWithNoInit() async throws {
    let scratch = try Scratch()
    _ = try scratch.write("open Birds\n", to: scratch.userInitFile)

    for arguments in [["-c", "list"], ["--no-init", "-c", "list"]] {
      let (status, console) = await scratch.run(arguments)
      #expect(status == 0)
      #expect(console.errors.isEmpty)
      #expect(console.output.first?.hasPrefix("Notebooks") == true, "\(console.output)")
    }
  }

  @Test func aMissingInitFileGivenIsAUsageError() async throws {
    let scratch = try Scratch()
    let missing = scratch.path + "/missing"

    let (status, console) = await scratch.run(["--init", missing, "-c", "list"])

    #expect(status == FieldNotesApp.usageExitStatus)
    #expect(
      console.errors == [
        "error: cannot read the init file \(missing): no such file or directory; see "
          + "`fieldnotes --help`"
      ])
    #expect(console.output.isEmpty)
  }

  /// The user's init file is found from the environment FieldNotes is given, never the
  /// process's.
  @Test func theUsersInitFileIsPlacedByTheEnvironmentGiven() {
    let path = "/home/someone"
    #expect(
      StoreLocation.initFilePath(environment: ["HOME": path, "XDG_CONFIG_HOME": "/config"])
        == "/config/fieldnotes/init")
    for config in ["", "relative/config"] {
      #expect(
        StoreLocation.initFilePath(environment: ["HOME": path, "XDG_CONFIG_HOME": config])
          == "\(path)/.config/fieldnotes/init")
    }
    #expect(
      StoreLocation.initFilePath(environment: ["HOME": path]) == "\(path)/.config/fieldnotes/init")
  }
}
