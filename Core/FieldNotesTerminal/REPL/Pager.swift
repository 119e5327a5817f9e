import FieldNotesPlatform
import Foundation

/// Shows output longer than the terminal through a pager, as `git` and `psql` do: `PAGER` if it
/// is set, else `less -R` where it is installed.
///
/// Only an interactive session pages, and only output taller than the window; scripts and pipes
/// never do. Leaving the pager early (`q`) is fine: the rest of the output is dropped, not
/// written into a closed pipe.
@MainActor
public enum Pager {
  /// The pager's command line, or `nil` when there is none.
  ///
  /// `PAGER` (empty means none), else `less -R` when `less` is on `PATH`; either runs with
  /// ``environment(_:)``'s `LESS`.
  public static var command: String? {
    if let pager = getenv("PAGER") {
      let command = String(cString: pager)
      return command.allSatisfy { $0 == " " } ? nil : command
    }
    let environment = ProcessInfo.processInfo.environment
    return ChildProcess.executablePath(named: "less", environment: environment) == nil
      ? nil : "less -R"
  }

  /// Shows lines through the pager, waiting until the reader leaves it.
  ///
  /// The pager has the terminal as its output, and the signals' default dispositions (the
  /// session ignores some while it watches them), so Ctrl-Z and resizing work in it.
  ///
  /// - Parameter lines: The lines, without newlines.
  /// - Returns: `false` when there is no pager or it could not be started; the caller prints
  ///   the lines itself then.
  public static func show(_ lines: [String]) -> Bool {
    guard let command,
      let pager = try? ChildProcess(
        "/bin/sh", arguments: ["-c", command], environment: environment(), standardInput: .pipe),
      let input = pager.standardInput
    else { return false }
    // A reader who leaves early closes the pipe: the write then fails instead of killing us.
    let previous = signal(SIGPIPE, SIG_IGN)
    _ = ChildProcess.write(Array(lines.map { $0 + "\n" }.joined().utf8), to: input)
    close(input)
    signal(SIGPIPE, previous)
    // A pager the shell can't find or run read nothing: the caller prints the lines instead.
    switch pager.waitUntilExit() {
    case .exited(126), .exited(127): return false
    default: return true
    }
  }

  /// The pager's environment, git's way: `LESS=FRX` unless `LESS` is set — `less` then leaves
  /// output shorter than the window as it is (`F`), shows colours rather than their escape
  /// codes (`R`), and leaves what was shown on the screen after `q` (`X`), so the row numbers
  /// the next command takes are still in view — and `LV=-c` for `lv`.
  ///
  /// - Parameter environment: This process's environment.
  /// - Returns: The pager's.
  static func environment(
    _ environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> [String: String] {
    var paging = environment
    if paging["LESS"] == nil { paging["LESS"] = "FRX" }
    if paging["LV"] == nil { paging["LV"] = "-c" }
    return paging
  }
}
