import FieldNotesModel
import FieldNotesPlatform
import FieldNotesServices
import FieldNotesTerminal
import FieldNotesTerminalTesting
import FieldNotesTesting
import Foundation
import Testing

@testable import FieldNotesApp
@testable import FieldNotesCommandLine

@Suite struct LaunchOptionsTests {
  @Test func defaultsToTheDefaultStoreAndStandardInput() throws {
    #expect(try LaunchOptions.parse([]) == LaunchOptions())
  }

  @Test func readsEveryOption() throws {
    let options = try LaunchOptions.parse([
      "--store", "/tmp/n.sqlite", "-c", "open all", "--command", "pin 1", "--echo", "--bail",
    ])
    #expect(options.store == .file("/tmp/n.sqlite"))
    #expect(options.commands == ["open all", "pin 1"])
    #expect(options.echoes && options.bails)
    #expect(try LaunchOptions.parse(["--store=/x"]).store == .file("/x"))
    #expect(try LaunchOptions.parse(["--demo"]).store == .demo)
    #expect(try LaunchOptions.parse(["--in-memory"]).store == .inMemory)
    #expect(try LaunchOptions.parse(["--script", "s.txt"]).scriptPath == "s.txt")
  }

  /// Global options go before the command or after it, as git's do: `--store S add T` is the
  /// same as `add T --store S`.
  @Test func globalOptionsComeBeforeOrAfterTheCommand() throws {
    let before = try LaunchOptions.parse(["--store", "/tmp/n.sqlite", "-q", "add", "Heron"])
    let after = try LaunchOptions.parse(["add", "Heron", "--store", "/tmp/n.sqlite", "-q"])
    #expect(before == after)
    #expect(before.addition?.title == "Heron" && before.store == .file("/tmp/n.sqlite"))
    #expect(before.isQuiet)
    #expect(
      try LaunchOptions.parse(["--in-memory", "add", "Heron", "--tag", "birds"]).addition?.tags == [
        "birds"
      ])
    let between = try LaunchOptions.parse(["add", "-q", "--store", "/tmp/n.sqlite", "Heron"])
    #expect(between.addition?.title == "Heron" && between.isQuiet, "options before the title")
    #expect(try LaunchOptions.parse(["add", "--", "-dash"]).addition?.title == "-dash")
    #expect(try LaunchOptions.parse(["show", "-q", "e621"]).shownNote == "e621")
    // A remote is set with `sync` or in a session, never quietly by a command that doesn't
    // sync (`ls` once did, remembering it for the store).
    for (command, arguments) in [
      ("add", ["add", "T"]), ("show", ["show", "e621"]), ("ls", ["ls", "-n", "1"]),
      ("search", ["search", "heron"]),
    ] {
      #expect(
        throws: UsageError(
          "\(command) can't be combined with --sync-remote or --sync-folder; set the remote "
            + "with `fieldnotes sync --sync-folder PATH`, or in a session (`sync folder PATH`)")
      ) { try LaunchOptions.parse(["--sync-folder", "/tmp/r.git"] + arguments) }
    }
    #expect(throws: UsageError("add can't be combined with --script or -c")) {
      try LaunchOptions.parse(["-c", "list", "add", "Heron"])
    }
  }

  @Test(arguments: [
    ["--store"], ["--frobnicate"], ["--demo", "--in-memory"], ["--script", "a", "-c", "b"],
    ["--store", ""], ["-c"], ["--script", "a", "--script", "b"],
  ])
  func refusesBadCommandLines(arguments: [String]) {
    #expect(throws: UsageError.self) { try LaunchOptions.parse(arguments) }
  }

  /// `--help` names the default store of the platform it runs on, as the store finds it.
  @Test(arguments: HostPlatform.allCases)
  func helpNamesThePlatformsDefaultStore(on platform: HostPlatform) {
    let line = "Default: " + StoreLocation.defaultPathShown(on: platform)
    #expect(LaunchOptions.help(on: platform).split(separator: "\n").contains { $0.hasSuffix(line) })
    let other = HostPlatform.allCases.first { $0 != platform }.map(StoreLocation.defaultPathShown)
    #expect(!LaunchOptions.help(on: platform).contains(other ?? "none"), "only its own")
    #expect(LaunchOptions.help == LaunchOptions.help(on: .current))
  }
}

@MainActor
@Suite struct CommandNameTests {
  /// A session over no notes, with a fixed clock.
  static var emptyLibrary: AppDependencies {
    .inMemory(
      NoteLibrary(), syncer: NoOpNoteSyncer(), summarizer: UnavailableSummaryGenerator(),
      now: .fixed(), ids: .incrementing(), timeZone: TimeZone(identifier: "UTC") ?? .current,
      editor: UnavailableTextEditor())
  }

  @Test func suggestsTheClosestCommandOfAnyScreen() {
    let session = AppSession(dependencies: Self.emptyLibrary, output: RecordingConsole())
    #expect(session.suggestion(for: "serch") == "search")
    #expect(session.suggestion(for: "notebok") == "notebook")
    #expect(session.suggestion(for: "qiut") == "quit")
    #expect(session.suggestion(for: "frobnicate") == nil)
  }

  @Test func noScreenListsANameTwiceOrHidesAnAppWideCommand() {
    let session = AppSession(dependencies: Self.emptyLibrary, output: RecordingConsole())
    // The app's commands: those listed under "Anywhere", and the ones that look inside.
    let globalNames = Set(
      session.commandsHere().filter { ["Anywhere", "Looking inside"].contains($0.heading) }
        .flatMap(\.commands).flatMap(\.names))
    #expect(globalNames.isSuperset(of: ["help", "quit", "sync", "mode"]))
    for guide in Screens.registrations.map(\.guide) {
      var seen: Set<String> = []
      for name in guide.commands.flatMap(\.names) {
        #expect(seen.insert(name).inserted, "\(guide.heading) lists \(name) twice")
        #expect(!globalNames.contains(name), "\(guide.heading) hides the app-wide \(name)")
      }
    }
  }

  /// An entry one screen adds to another (`tags` on the notebooks screen) takes no name its
  /// host's commands, an app-wide command or another entry has.
  ///
  /// On its host the host's command would win, and `help` would list the name twice.
  /// `new-feature` refuses the name of any command at all before it writes anything; this is
  /// what holds if one gets through.
  @Test func noEntryTakesTheNameOfItsHostsCommandOrAnotherEntry() {
    let session = AppSession(dependencies: Self.emptyLibrary, output: RecordingConsole())
    let globalNames = Set(
      session.commandsHere().filter { ["Anywhere", "Looking inside"].contains($0.heading) }
        .flatMap(\.commands).flatMap(\.names))
    var seen: Set<String> = []
    for entry in Screens.registrations.flatMap(\.entries) {
      let host = Screens.registrations.first { $0.shows(entry.host) }?.guide
      for name in entry.help.names {
        #expect(seen.insert(name).inserted, "two entries are called \(name)")
        #expect(!globalNames.contains(name), "the entry \(name) hides the app-wide \(name)")
        #expect(
          host?.commands.contains { $0.names.contains(name) } == false,
          "the entry \(name) has the name of a command of \(host?.heading ?? "no screen")")
      }
    }
    #expect(seen.contains("tags"))
  }
}
