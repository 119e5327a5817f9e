import FieldNotesPlatform
import Foundation
import Testing

/// The interactive path, through a real pseudo-terminal: tmux runs `fieldnotes` and the test
/// types keys into it, as a person would.
@MainActor
@Suite(.serialized, .enabled(if: TerminalDriver.isAvailable, "tmux is not installed"))
struct InteractiveSessionTests {
  @Test func historyCompletionAndCtrlCDuringASlowSync() throws {
    let binary = try #require(BuiltProduct.fieldnotes, "the fieldnotes binary was not built")
    let remote = NSTemporaryDirectory() + "fieldnotes-slow-sync-" + UUID().uuidString
    defer { try? FileManager.default.removeItem(atPath: remote) }
    let terminal = try TerminalDriver(command: [
      binary.path, "--demo", "--network-profile", "slow", "--sync-folder", remote,
    ])
    defer { terminal.close() }
    try terminal.waitFor("fieldnotes>")

    // Tab completes a notebook name.
    try terminal.type("open Bi", keys: ["Tab"])
    try terminal.waitFor("open Birds")
    try terminal.type("", keys: ["Enter"])
    try terminal.waitFor("Birds · 3 notes")

    // Arrow-up brings back the previous line.
    try terminal.type("pin 2", keys: ["Enter"])
    try terminal.waitFor("  2 * Heron at the lake")
    try terminal.type("", keys: ["Up"])
    try terminal.waitFor("Birds> pin 2", lastLineOnly: true)
    try terminal.type("", keys: ["C-u"])

    // Ctrl-C cancels a slow sync, which goes back to where it was.
    try terminal.type("sync", keys: ["Enter"])
    try terminal.waitFor("Syncing…")
    try terminal.type("", keys: ["C-c"])
    try terminal.waitFor("Cancelled.")
    let screen = try terminal.screen()
    let afterCancel = screen.components(separatedBy: "Syncing…").last ?? ""
    #expect(afterCancel.contains("Birds · 3 notes"))
    #expect(!afterCancel.contains("Sync failed"))

    // Ctrl-C with nothing running clears the line and keeps the session.
    // The line must be on the prompt before Ctrl-C: sent too early, it reaches the session
    // while no line is being read.
    try terminal.type("half a comm", keys: [])
    try terminal.waitFor("Birds> half a comm", lastLineOnly: true)
    try terminal.type("", keys: ["C-c"])
    try terminal.waitFor("^C")
    try terminal.type("quit", keys: ["Enter"])
    try terminal.waitForExit()
    // libedit's history file escapes spaces as \040.
    let history = try String(
      contentsOfFile: terminal.home + "/state/fieldnotes/history", encoding: .utf8
    )
    .replacingOccurrences(of: "\\040", with: " ")
    #expect(history.contains("pin 2"))
    #expect(!history.contains("half a comm"))
  }

  @Test func aNotesTextStaysOutOfTheHistoryFileWhichOnlyItsOwnerCanRead() throws {
    let binary = try #require(BuiltProduct.fieldnotes, "the fieldnotes binary was not built")
    let terminal = try TerminalDriver(command: [binary.path, "--demo"])
    defer { terminal.close() }
    try terminal.waitFor("fieldnotes>")

    for line in ["open Birds", "new", "title Secret heron", "body A private line", "cancel"] {
      try terminal.type(line, keys: ["Enter"])
    }
    try terminal.waitFor("Discard your changes?")
    try terminal.type("yes", keys: ["Enter"])
    try terminal.waitFor("Birds>", lastLineOnly: true)
    try terminal.type("quit", keys: ["Enter"])
    try terminal.waitForExit()

    let path = terminal.home + "/state/fieldnotes/history"
    let history = try String(contentsOfFile: path, encoding: .utf8)
      .replacingOccurrences(of: "\\040", with: " ")
    #expect(history.contains("open Birds"))
    #expect(history.contains("new"))
    #expect(!history.contains("Secret"), "\(history)")
    #expect(!history.contains("private"))
    let permissions = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions]
    #expect(permissions as? Int == 0o600)
  }

  /// Tab offers only what fits the command: file paths for `export`, nothing for a title.
  @Test func tabCompletesPathsForExportAndNeverFileNamesElsewhere() throws {
    let binary = try #require(BuiltProduct.fieldnotes, "the fieldnotes binary was not built")
    let terminal = try TerminalDriver(command: [binary.path, "--demo"])
    defer { terminal.close() }
    try FileManager.default.createDirectory(
      atPath: terminal.home + "/exports", withIntermediateDirectories: true)
    #expect(
      FileManager.default.createFile(atPath: terminal.home + "/titleworthy.txt", contents: Data()))
    try terminal.waitFor("fieldnotes>")

    try terminal.type("export \(terminal.home)/exp", keys: ["Tab"])
    try terminal.waitFor("export \(terminal.home)/exports/", lastLineOnly: true)
    try terminal.type("", keys: ["C-u"])
    // A folder with a space completes quoted, with `~`, and a name typed after it goes inside.
    try FileManager.default.createDirectory(
      atPath: terminal.home + "/my exports", withIntermediateDirectories: true)
    try terminal.type("export ~/my", keys: ["Tab"])
    try terminal.waitFor("export \"~/my exports/\"", lastLineOnly: true)
    try terminal.type("notes.json", keys: ["Enter"])
    try terminal.waitFor("Exported")
    #expect(FileManager.default.fileExists(atPath: terminal.home + "/my exports/notes.json"))
    try terminal.type("open Birds", keys: ["Enter"])
    try terminal.type("new", keys: ["Enter"])
    try terminal.waitFor("New note in Birds")
    // Started in the home folder, file-name completion would offer titleworthy.txt here.
    try terminal.type("title title", keys: ["Tab", "Enter"])
    try terminal.waitFor("title: title")
    #expect(!(try terminal.screen()).contains("titleworthy"))
  }

  /// A name with a space completes inside the quote the user opened, and the quote is closed.
  @Test func aQuotedNameCompletesInsideItsQuote() throws {
    let binary = try #require(BuiltProduct.fieldnotes, "the fieldnotes binary was not built")
    let terminal = try TerminalDriver(command: [binary.path, "--demo"])
    defer { terminal.close() }
    try terminal.waitFor("fieldnotes>")

    try terminal.type("open \"Fi", keys: ["Tab"])
    try terminal.waitFor("fieldnotes> open \"Field trips\"", lastLineOnly: true)
    try terminal.type("", keys: ["Enter"])
    try terminal.waitFor("Field trips>", lastLineOnly: true)
  }

  /// Leaving closes the store, so SQLite folds its journal back in and removes `-wal`/`-shm`.
  @Test func quittingClosesTheStoreCleanly() throws {
    let binary = try #require(BuiltProduct.fieldnotes, "the fieldnotes binary was not built")
    let folder = NSTemporaryDirectory() + "fieldnotes-clean-exit-" + UUID().uuidString
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let terminal = try TerminalDriver(command: [binary.path, "--store", folder + "/notes.sqlite"])
    defer { terminal.close() }
    try terminal.waitFor("fieldnotes>")

    try terminal.type("notebook new Birds", keys: ["Enter"])
    try terminal.waitFor("Birds")
    try terminal.type("quit", keys: ["Enter"])
    try terminal.waitForExit()

    #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["notes.sqlite"])
  }

  /// A half-typed line survives a sync that redraws the list several times while it runs.
  @Test func aHalfTypedLineSurvivesEveryRedrawOfAnAsynchronousSync() throws {
    let binary = try #require(BuiltProduct.fieldnotes, "the fieldnotes binary was not built")
    let folder = NSTemporaryDirectory() + "fieldnotes-sync-redraw-" + UUID().uuidString
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let terminal = try TerminalDriver(command: [
      binary.path, "--demo", "--network-profile", "slow", "--sync-folder", folder,
    ])
    defer { terminal.close() }
    try terminal.waitFor("fieldnotes>")
    try terminal.type("open Birds", keys: ["Enter"])
    try terminal.waitFor("Birds · 3 notes")

    try terminal.type("sync", keys: ["Enter"])
    try terminal.waitFor("Syncing…")
    try terminal.type("search kingf", keys: [])
    try terminal.waitFor("Synced")

    try terminal.waitFor("Birds> search kingf", lastLineOnly: true)
    try terminal.type("", keys: ["Enter"])
    try terminal.waitFor("Showing: search \"kingf\"")
  }

  /// Typed accented, CJK and emoji text is kept, and a notebook with such a name can be
  /// opened (its name becomes the prompt), whatever locale the terminal was started in.
  @Test(arguments: ["LANG=C.UTF-8", "LANG=C", "LC_ALL=C"])
  func internationalTextIsTypedSavedAndShownInThePrompt(_ locale: String) throws {
    let binary = try #require(BuiltProduct.fieldnotes, "the fieldnotes binary was not built")
    let terminal = try TerminalDriver(command: ["env", locale, binary.path, "--in-memory"])
    defer { terminal.close() }
    try terminal.waitFor("fieldnotes>")

    for line in ["notebook new Café", "open Café", "new", "title 鳥 🐦 naïve"] {
      try terminal.type(line, keys: ["Enter"])
    }
    try terminal.waitFor("title: 鳥 🐦 naïve")
    try terminal.type("save", keys: ["Enter"])
    try terminal.waitFor("Saved \u{201C}鳥 🐦 naïve\u{201D}.")
    try terminal.waitFor("Café>", lastLineOnly: true)
    try terminal.type("quit", keys: ["Enter"])
    try terminal.waitForExit()
  }

  /// At 40 columns, wide characters are counted as two, names stay aligned and rows are cut to
  /// the width; resizing, and stopping and continuing (Ctrl-Z, `fg`), draw the typed line again.
  @Test func aNarrowTerminalGetsAlignedCutLinesAndResizingKeepsTheTypedLine() throws {
    let binary = try #require(BuiltProduct.fieldnotes, "the fieldnotes binary was not built")
    let terminal = try TerminalDriver(
      command: ["env", "LANG=C.UTF-8", binary.path, "--in-memory"], columns: 40)
    defer { terminal.close() }
    try terminal.waitFor("fieldnotes>")
    for line in [
      "notebook new 鳥の観察ノート", "notebook new Café", "open Café", "new",
      "title 鳥が二羽、池のほとりで静かに羽を休めていた長い午後",
      "body Two birds resting by the pond for the whole long afternoon.",
      "save",
    ] {
      try terminal.type(line, keys: ["Enter"])
    }
    try terminal.waitFor("Saved")
    try terminal.type("back", keys: ["Enter"])
    try terminal.waitFor("No Notebook     0 notes")
    let notebooks = try terminal.screen().split(separator: "\n").map(String.init)
    let expected = [
      "  1  All Notes       1 note",
      "  2  Café            1 note",
      "  3  鳥の観察ノート  0 notes",
      "  4  No Notebook     0 notes",
    ]
    let last = try #require(notebooks.lastIndex(of: "Notebooks"))
    #expect(Array(notebooks[(last + 1)...].prefix(4)) == expected)

    try terminal.type("open Café", keys: ["Enter"])
    try terminal.waitFor("Café · 1 note")
    let rows = try terminal.screen().split(separator: "\n").map(String.init)
    let heading = try #require(rows.lastIndex { $0.hasPrefix("Café · 1 note") })
    let list = Array(rows[(heading + 1)...].prefix(2))
    #expect(
      list == [
        "  1   鳥が二羽、池のほとりで… · just now",
        "      Two birds resting by the pond for…",
      ])

    try terminal.type("search 鳥", keys: [])
    try terminal.resize(columns: 60)
    try terminal.waitFor("Café> search 鳥", lastLineOnly: true)
    try terminal.send(signal: SIGTSTP)
    try terminal.send(signal: SIGCONT)
    try terminal.waitFor("Café> search 鳥", lastLineOnly: true)
    try terminal.type("が", keys: ["Enter"])
    try terminal.waitFor("Showing: search \"鳥が\"")
  }

  /// Ctrl-R finds an earlier line, and Enter runs it at once, as in sqlite3's shell.
  @Test func reverseSearchThenEnterRunsTheLineFound() throws {
    let binary = try #require(BuiltProduct.fieldnotes, "the fieldnotes binary was not built")
    let terminal = try TerminalDriver(command: ["env", "LANG=C.UTF-8", binary.path, "--demo"])
    defer { terminal.close() }
    try terminal.waitFor("fieldnotes>")
    try terminal.type("open Plants", keys: ["Enter"])
    try terminal.waitFor("Plants · 2 notes")
    try terminal.type("back", keys: ["Enter"])
    try terminal.waitFor("fieldnotes>", lastLineOnly: true)
    try terminal.type("", keys: ["C-r"])
    try terminal.type("Pla", keys: [])
    // A person's pace: the search reads these keys itself.
    usleep(300_000)
    try terminal.type("", keys: ["Enter"])
    try terminal.waitFor("Plants>", lastLineOnly: true)
  }

  /// Colour at a terminal (dim dates, highlighted matches, red errors); none under `NO_COLOR`
  /// or `TERM=dumb`.
  @Test(arguments: [("", true), ("NO_COLOR=1", false), ("TERM=dumb", false)])
  func colourOnlyWhereWanted(_ setting: String, _ coloured: Bool) throws {
    let binary = try #require(BuiltProduct.fieldnotes, "the fieldnotes binary was not built")
    let command =
      ["env", "LANG=C.UTF-8"] + (setting.isEmpty ? [] : [setting]) + [binary.path, "--demo"]
    let terminal = try TerminalDriver(command: command)
    defer { terminal.close() }
    try terminal.waitFor("fieldnotes>")
    try terminal.type("open Birds", keys: ["Enter"])
    try terminal.type("search heron", keys: ["Enter"])
    try terminal.waitFor("Showing: search \"heron\"")
    try terminal.type("bogus", keys: ["Enter"])
    try terminal.waitFor("unknown command 'bogus'")
    let screen = try terminal.screenWithEscapes()
    #expect(screen.contains("\u{1B}[2m") == coloured, "dim dates")
    #expect(screen.contains("\u{1B}[1m\u{1B}[33mHeron") == coloured, "the match")
    #expect(screen.contains("\u{1B}[31merror:") == coloured, "the error")
  }

  /// Output taller than the window goes through `PAGER`; shorter output, and every script,
  /// is printed as it is.
  @Test func longOutputIsPagedAtATerminalAndNeverInAScript() throws {
    let binary = try #require(BuiltProduct.fieldnotes, "the fieldnotes binary was not built")
    let pager = "PAGER=sed 's/^/paged: /'"
    let terminal = try TerminalDriver(
      command: ["env", "\"\(pager)\"", binary.path, "--demo"], rows: 30)
    defer { terminal.close() }
    try terminal.waitFor("fieldnotes>")
    try terminal.type("open Birds", keys: ["Enter"])
    try terminal.waitFor("Birds · 3 notes")
    #expect(try !terminal.screen().contains("paged:"), "a short list is printed")
    try terminal.type("help", keys: ["Enter"])
    try terminal.waitFor("paged: Anywhere:")
    try terminal.waitFor("Birds>", lastLineOnly: true)

    let script = try BuiltProduct.run(
      binary, arguments: ["--demo"], input: "help\n",
      environment: ["PAGER": "sed 's/^/paged: /'", "LINES": "5"])
    #expect(script.output.contains("Anywhere:"))
    #expect(!script.output.contains { $0.hasPrefix("paged:") })
  }

  @Test(arguments: [SIGTERM, SIGHUP])
  func aSignalKeepsTheUnsavedNoteAsADraftOfferedBackNextTime(_ signal: Int32) throws {
    let binary = try #require(BuiltProduct.fieldnotes, "the fieldnotes binary was not built")
    let folder = NSTemporaryDirectory() + "fieldnotes-draft-" + UUID().uuidString
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let store = folder + "/notes.sqlite"
    let first = try TerminalDriver(command: [binary.path, "--store", store])
    defer { first.close() }
    try first.waitFor("fieldnotes>")
    for line in ["open all", "new", "title Kept through a signal"] {
      try first.type(line, keys: ["Enter"])
    }
    try first.waitFor("title: Kept through a signal")

    try first.send(signal: signal)
    try first.waitForExit()

    let second = try TerminalDriver(command: [binary.path, "--store", store])
    defer { second.close() }
    try second.waitFor("fieldnotes>")
    try second.type("open all", keys: ["Enter"])
    try second.type("new", keys: ["Enter"])
    try second.waitFor("A draft of this note was kept when FieldNotes stopped")
    #expect(try second.screen().contains("“Kept through a signal”, kept "))
    #expect(try second.screen().contains(" at /dev/"), "the session is named by its terminal")
    try second.type("draft 1", keys: ["Enter"])
    try second.waitFor("title: Kept through a signal")
  }
}

/// Drives a program inside a detached tmux session on a private socket.
final class TerminalDriver {
  static let tmux = ["/usr/bin/tmux", "/usr/local/bin/tmux", "/opt/homebrew/bin/tmux"]
    .first { FileManager.default.isExecutableFile(atPath: $0) }
  static var isAvailable: Bool { tmux != nil }

  let socket = "fieldnotes-test-\(UUID().uuidString)"
  let home = NSTemporaryDirectory() + "fieldnotes-terminal-" + UUID().uuidString

  struct Timeout: Error, CustomStringConvertible {
    var expected: String
    var screen: String
    var description: String {
      "timed out waiting for \"\(expected)\"; the screen shows:\n\(screen)"
    }
  }

  init(command: [String], columns: Int = 100, rows: Int = 50) throws {
    try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
    let environment = "env -u NO_COLOR HOME=\(home) XDG_STATE_HOME=\(home)/state TERM=xterm TZ=UTC"
    try run([
      "new-session", "-d", "-x", "\(columns)", "-y", "\(rows)", "-s", "main", "-c", home,
      environment + " " + command.joined(separator: " "),
    ])
  }

  /// Makes the window this many columns wide, as dragging a terminal's edge does.
  func resize(columns: Int) throws {
    try run(["resize-window", "-t", "main", "-x", "\(columns)"])
  }

  func type(_ text: String, keys: [String]) throws {
    if !text.isEmpty { try run(["send-keys", "-t", "main", "-l", text]) }
    for key in keys { try run(["send-keys", "-t", "main", key]) }
  }

  /// The screen with its colours, as escape sequences.
  func screenWithEscapes() throws -> String {
    try run(["capture-pane", "-t", "main", "-p", "-e", "-S", "-200"])
  }

  func screen() throws -> String {
    try run(["capture-pane", "-t", "main", "-p", "-S", "-200"])
  }

  /// Polls the screen of the other process until the text appears (the one wait a test of a
  /// separate process can't avoid), for at most ten seconds.
  func waitFor(_ text: String, lastLineOnly: Bool = false) throws {
    let deadline = Date().addingTimeInterval(10)
    var shown = ""
    while Date() < deadline {
      shown = try screen()
      let lines = shown.split(separator: "\n").map(String.init).filter {
        !$0.trimmingCharacters(in: .whitespaces).isEmpty
      }
      let haystack = lastLineOnly ? (lines.last ?? "") : shown
      if haystack.contains(text) { return }
      usleep(20_000)
    }
    throw Timeout(expected: text, screen: shown)
  }

  /// Sends a signal to the program, as a closed terminal (SIGHUP) or `kill` (SIGTERM) does.
  func send(signal number: Int32) throws {
    let listed = try run(["list-panes", "-t", "main", "-F", "#{pane_pid}"])
    guard let pid = Int32(listed.trimmingCharacters(in: .whitespacesAndNewlines)) else {
      throw Failure(status: -1)
    }
    kill(pid, number)
  }

  func waitForExit() throws {
    let deadline = Date().addingTimeInterval(10)
    while Date() < deadline {
      if (try? run(["has-session", "-t", "main"])) == nil { return }
      usleep(20_000)
    }
    throw Timeout(expected: "the program to exit", screen: (try? screen()) ?? "")
  }

  func close() {
    // Ending the session ends the server with it. (`kill-server` alone answers success but, in
    // tmux 3.3a, can leave the server and the program in its pane running after the test.)
    _ = try? run(["kill-session", "-t", "main"])
    _ = try? run(["kill-server"])
    try? FileManager.default.removeItem(atPath: home)
  }

  struct Failure: Error { var status: Int32 }

  /// Runs tmux and waits for it with `posix_spawn` and `waitpid`. (Foundation's `Process`
  /// would wait for every process holding its pipes, and the tmux server it starts holds them
  /// for ever.)
  @discardableResult
  private func run(_ arguments: [String]) throws -> String {
    let outputPath = home + "/tmux-output-\(UUID().uuidString)"
    defer { try? FileManager.default.removeItem(atPath: outputPath) }
    // An opaque pointer on Darwin, a struct on Linux; `init` fills it in on both.
    #if canImport(Darwin)
      var actions: posix_spawn_file_actions_t?
    #else
      var actions = posix_spawn_file_actions_t()
    #endif
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    // The tmux server lives on after this client: it must not hold a pipe another test of this
    // process reads to its end (that test would wait for ever). Close everything else.
    #if os(Linux)
      typealias CloseFrom =
        @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32)
        -> Int32
      if let symbol = dlsym(nil, "posix_spawn_file_actions_addclosefrom_np") {
        _ = unsafeBitCast(symbol, to: CloseFrom.self)(&actions, 3)
      }
    #endif
    let argv =
      ([Self.tmux ?? "/usr/bin/tmux", "-L", socket] + arguments).map { strdup($0) } + [nil]
    defer { for argument in argv { free(argument) } }
    // The process's own environment, passed on explicitly (`environ` is not exposed on Darwin).
    let environment =
      ProcessInfo.processInfo.environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer { for variable in environment { free(variable) } }
    var pid = pid_t()
    let spawned = posix_spawn(&pid, Self.tmux ?? "/usr/bin/tmux", &actions, nil, argv, environment)
    guard spawned == 0 else { throw Failure(status: spawned) }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    let exitCode = (status >> 8) & 0xFF
    guard status & 0x7F == 0, exitCode == 0 else { throw Failure(status: exitCode) }
    return String(
      decoding: FileManager.default.contents(atPath: outputPath) ?? Data(), as: UTF8.self)
  }
}
