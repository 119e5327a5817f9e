import Foundation
import Testing

/// The init file at a terminal, through a real pseudo-terminal: an interactive session runs
/// the user's init file before its first prompt, unless told `--no-init`.
@MainActor
@Suite(.serialized, .enabled(if: TerminalDriver.isAvailable, "tmux is not installed"))
struct InteractiveInitFileTests {
  /// The user's init file, under the driver's home (its `XDG_CONFIG_HOME` is `home/config`).
  static let initFile = "config/fieldnotes/init"
  static let commands = "# Where I start\n\nopen Birds\nfrobnicate\nsearch heron\n"

  /// Its lines run as though typed; a failing one is reported with its line, the ones after it
  /// still run, the session goes on, and its exit status is not changed.
  @Test func anInteractiveSessionRunsTheUsersInitFileFirst() throws {
    let binary = try #require(BuiltProduct.fieldnotes, "the fieldnotes binary was not built")
    let terminal = try TerminalDriver(
      command: [binary.path, "--demo;", "echo", "exited:$?;", "sleep", "10"],
      files: [Self.initFile: Self.commands])
    defer { terminal.close() }

    try terminal.waitFor("Birds>", lastLineOnly: true)
    let screen = try terminal.screen()
    // The line is broken at a space to the window's width.
    let said = screen.replacingOccurrences(of: "\n", with: " ")
    #expect(
      said.contains(
        "error: unknown command 'frobnicate'; type `help` (line 4 of \(terminal.home)/"
          + "\(Self.initFile))"), "\(screen)")
    #expect(screen.contains("Showing: search “heron”"))
    try terminal.type("list", keys: ["Enter"])
    try terminal.waitFor("Birds · 1 note")
    try terminal.type("quit", keys: ["Enter"])
    try terminal.waitFor("exited:0")
  }

  /// `quit` in the user's init file is refused, naming the file and the line; the rest of the
  /// file runs and the session starts, rather than ending before its first prompt.
  @Test func quitInTheInitFileIsRefusedAndTheSessionStarts() throws {
    let binary = try #require(BuiltProduct.fieldnotes, "the fieldnotes binary was not built")
    let terminal = try TerminalDriver(
      command: [binary.path, "--demo"], columns: 250,
      files: [Self.initFile: "quit\nopen Birds\n"])
    defer { terminal.close() }

    try terminal.waitFor("Birds>", lastLineOnly: true)
    #expect(
      try terminal.screen().contains(
        "error: an init file can't end the session, which starts after it; take this line out "
          + "(line 1 of \(terminal.home)/\(Self.initFile))"))
    try terminal.type("quit", keys: ["Enter"])
    try terminal.waitForExit()
  }

  @Test func noInitSkipsTheUsersInitFile() throws {
    let binary = try #require(BuiltProduct.fieldnotes, "the fieldnotes binary was not built")
    let terminal = try TerminalDriver(
      command: [binary.path, "--demo", "--no-init"], files: [Self.initFile: Self.commands])
    defer { terminal.close() }

    try terminal.waitFor("fieldnotes>", lastLineOnly: true)
    let screen = try terminal.screen()
    #expect(!screen.contains("frobnicate"), "\(screen)")
    #expect(!screen.contains("Birds ·"))
  }

  /// A session with no init file of the user's starts as it always did, without a word.
  @Test func aMissingInitFileSaysNothing() throws {
    let binary = try #require(BuiltProduct.fieldnotes, "the fieldnotes binary was not built")
    let terminal = try TerminalDriver(command: [binary.path, "--demo"])
    defer { terminal.close() }

    try terminal.waitFor("fieldnotes>", lastLineOnly: true)
    let screen = try terminal.screen()
    #expect(!screen.contains("init"), "\(screen)")
    #expect(!screen.contains("error"))
  }
}
