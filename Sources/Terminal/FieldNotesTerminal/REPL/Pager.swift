import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Shows output longer than the terminal through a pager, as `git` and `psql` do: `PAGER` if it
/// is set, else `less -R` where it is installed.
///
/// Only an interactive session pages, and only output taller than the window; scripts and pipes
/// never do. Leaving the pager early (`q`) is fine: the rest of the output is dropped, not
/// written into a closed pipe.
@MainActor
public enum Pager {
  /// The pager's command line, or `nil` when there is none: `PAGER` (empty means none), else
  /// `less -R` when `less` is on `PATH`.
  public static var command: String? {
    if let pager = getenv("PAGER") {
      let command = String(cString: pager)
      return command.allSatisfy { $0 == " " } ? nil : command
    }
    let path = getenv("PATH").map { String(cString: $0) } ?? "/usr/bin:/bin"
    let hasLess = path.split(separator: ":").contains { access("\($0)/less", X_OK) == 0 }
    return hasLess ? "less -R" : nil
  }

  /// Shows lines through the pager, waiting until the reader leaves it.
  ///
  /// - Parameter lines: The lines, without newlines.
  /// - Returns: `false` when there is no pager or it could not be started; the caller prints
  ///   the lines itself then.
  public static func show(_ lines: [String]) -> Bool {
    guard let command else { return false }
    var ends: [Int32] = [0, 0]
    guard pipe(&ends) == 0 else { return false }
    #if canImport(Darwin)
      var actions: posix_spawn_file_actions_t?
      var attributes: posix_spawnattr_t?
    #else
      var actions = posix_spawn_file_actions_t()
      var attributes = posix_spawnattr_t()
    #endif
    posix_spawn_file_actions_init(&actions)
    posix_spawnattr_init(&attributes)
    defer {
      posix_spawn_file_actions_destroy(&actions)
      posix_spawnattr_destroy(&attributes)
    }
    posix_spawn_file_actions_adddup2(&actions, ends[0], 0)
    posix_spawn_file_actions_addclose(&actions, ends[1])
    // The session ignores some signals while it watches them; the pager gets the defaults.
    var defaults = sigset_t()
    sigemptyset(&defaults)
    for signal in [SIGINT, SIGQUIT, SIGPIPE, SIGTERM, SIGHUP, SIGTSTP, SIGWINCH, SIGCONT] {
      sigaddset(&defaults, signal)
    }
    posix_spawnattr_setsigdefault(&attributes, &defaults)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF))
    let words: [String] = ["/bin/sh", "-c", command]
    let argv = words.map { strdup($0) } + [nil]
    defer { for argument in argv { free(argument) } }
    // The process's own environment, passed on explicitly (`environ` is not exposed on Darwin).
    let environment =
      ProcessInfo.processInfo.environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer { for variable in environment { free(variable) } }
    var pid = pid_t()
    let started = posix_spawn(&pid, "/bin/sh", &actions, &attributes, argv, environment)
    close(ends[0])
    guard started == 0 else {
      close(ends[1])
      return false
    }
    // A reader who leaves early closes the pipe: the write then fails instead of killing us.
    let previous = signal(SIGPIPE, SIG_IGN)
    var text = Array(lines.map { $0 + "\n" }.joined().utf8)
    text.withUnsafeMutableBytes { buffer in
      var offset = 0
      while offset < buffer.count, let start = buffer.baseAddress {
        let written = write(ends[1], start + offset, buffer.count - offset)
        if written < 0, errno == EINTR { continue }
        guard written > 0 else { break }
        offset += written
      }
    }
    close(ends[1])
    signal(SIGPIPE, previous)
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0, errno == EINTR {}
    return true
  }
}
