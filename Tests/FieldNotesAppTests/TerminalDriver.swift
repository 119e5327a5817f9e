import FieldNotesPlatform
import Foundation

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

  /// Starts the program in a new window, with a home folder of its own (and XDG folders in it)
  /// holding the files given.
  ///
  /// - Parameters:
  ///   - command: The program and its arguments, as a shell command's words.
  ///   - columns: The window's width.
  ///   - rows: The window's height.
  ///   - files: Files to write before it starts, by path under the home folder.
  /// - Throws: When a file can't be written or tmux can't start the window.
  init(
    command: [String], columns: Int = 100, rows: Int = 50, files: [String: String] = [:]
  ) throws {
    try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
    for (path, contents) in files {
      let url = URL(fileURLWithPath: home + "/" + path)
      try FileManager.default.createDirectory(
        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try contents.write(to: url, atomically: true, encoding: .utf8)
    }
    let environment =
      "env -u NO_COLOR HOME=\(home) XDG_STATE_HOME=\(home)/state "
      + "XDG_CONFIG_HOME=\(home)/config TERM=xterm TZ=UTC "
      + "GIT_CONFIG_NOSYSTEM=1 GIT_CONFIG_GLOBAL=/dev/null"
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

  /// Sends a signal to the program the window's shell runs, when the window runs a shell
  /// command of several (`program ; stty -a > file`): the shell's one child, read from `/proc`.
  func sendToShellsChild(signal number: Int32) throws {
    let listed = try run(["list-panes", "-t", "main", "-F", "#{pane_pid}"])
    guard let shell = Int32(listed.trimmingCharacters(in: .whitespacesAndNewlines)) else {
      throw Failure(status: -1)
    }
    let children = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
    for name in children {
      guard let pid = Int32(name),
        let stat = try? String(contentsOfFile: "/proc/\(name)/stat", encoding: .utf8),
        let close = stat.lastIndex(of: ")")
      else { continue }
      // After the name in parentheses: the state, then the parent's pid.
      let fields = stat[stat.index(after: close)...].split(separator: " ")
      if fields.count > 1, Int32(fields[1]) == shell {
        kill(pid, number)
        return
      }
    }
    throw Failure(status: -1)
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

  /// Runs tmux and waits for it.
  ///
  /// Its output goes through a file, not a pipe, and it gets no
  /// other descriptor of this process: the tmux server it starts lives on after it, and must
  /// not hold a pipe another test of this process reads to its end (that test would wait for
  /// ever, as Foundation's `Process` waits for every process holding its pipes).
  @discardableResult
  private func run(_ arguments: [String]) throws -> String {
    let outputPath = home + "/tmux-output-\(UUID().uuidString)"
    defer { try? FileManager.default.removeItem(atPath: outputPath) }
    let tmux = try ChildProcess(
      Self.tmux ?? "/usr/bin/tmux", arguments: ["-L", socket] + arguments,
      standardInput: .nullDevice, standardOutput: .file(outputPath), standardError: .nullDevice)
    let termination = tmux.waitUntilExit()
    guard termination == .exited(0) else { throw Failure(status: termination.status) }
    return String(
      decoding: FileManager.default.contents(atPath: outputPath) ?? Data(), as: UTF8.self)
  }
}
