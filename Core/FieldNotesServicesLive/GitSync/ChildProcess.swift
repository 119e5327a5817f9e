import Foundation
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Starts a program with `posix_spawn`, its standard streams opened from files by the child
/// itself (so the parent holds no descriptor another thread could see reused), and waits for it
/// on a thread of its own, so no task's thread is held while it runs.
enum ChildProcess {
  #if canImport(Darwin)
    typealias Attributes = posix_spawnattr_t?
    typealias Actions = posix_spawn_file_actions_t?
  #else
    typealias Attributes = posix_spawnattr_t
    typealias Actions = posix_spawn_file_actions_t
  #endif

  /// Spawn attributes, and a file action, that close every file descriptor above standard
  /// error in the child: `POSIX_SPAWN_CLOEXEC_DEFAULT` on Darwin, glibc's
  /// `posix_spawn_file_actions_addclosefrom_np` (looked up at run time, since Swift's Glibc
  /// module doesn't declare it) on Linux.
  ///
  /// - Parameter actions: The file actions, to which the closing is added on Linux.
  /// - Returns: The attributes to spawn with; destroy them afterwards.
  static func attributesClosingOtherFiles(_ actions: inout Actions) -> Attributes {
    #if canImport(Darwin)
      var attributes: posix_spawnattr_t?
      posix_spawnattr_init(&attributes)
      posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_CLOEXEC_DEFAULT))
    #else
      var attributes = posix_spawnattr_t()
      posix_spawnattr_init(&attributes)
      typealias CloseFrom =
        @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32)
        -> Int32
      if let symbol = dlsym(nil, "posix_spawn_file_actions_addclosefrom_np") {
        _ = unsafeBitCast(symbol, to: CloseFrom.self)(&actions, 3)
      }
    #endif
    return attributes
  }

  /// Runs a program to its end.
  ///
  /// - Parameters:
  ///   - executable: The program's path.
  ///   - arguments: Its arguments, after its name.
  ///   - environment: Its whole environment.
  ///   - input: The file it reads as standard input.
  ///   - output: The file its standard output replaces.
  ///   - errors: The file its standard error replaces.
  /// - Returns: Its exit status; 128 plus the signal's number when a signal ended it.
  /// - Throws: ``SyncError/gitFailed(command:reason:)`` when it can't be started,
  ///   `CancellationError` when cancelled (the program is sent SIGTERM and waited for).
  static func run(
    _ executable: String, arguments: [String], environment: [String: String], input: String,
    output: String, errors: String
  ) async throws -> Int32 {
    // An opaque pointer on Darwin, a struct on Linux; `init` fills it in on both.
    #if canImport(Darwin)
      var actions: posix_spawn_file_actions_t?
    #else
      var actions = posix_spawn_file_actions_t()
    #endif
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, input, O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    posix_spawn_file_actions_addopen(&actions, 2, errors, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    // Git gets nothing else of this process: not the store's file, not a pipe another part of
    // the process is reading to its end (which a long-lived git, such as an automatic
    // `gc`, would otherwise hold open).
    var attributes = ChildProcess.attributesClosingOtherFiles(&actions)
    defer { posix_spawnattr_destroy(&attributes) }
    let argv = ([executable] + arguments).map { strdup($0) } + [nil]
    let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer { for pointer in argv + envp { free(pointer) } }
    var pid = pid_t()
    let started = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
    guard started == 0 else {
      throw SyncError.gitFailed(
        command: arguments.first ?? executable, reason: String(cString: strerror(started)))
    }
    let child = pid
    // Whether the child was reaped: after that its number may belong to another process.
    let reaped = Mutex(false)
    return await withTaskCancellationHandler {
      await withCheckedContinuation { continuation in
        let waiter = Thread {
          var status: Int32 = 0
          // Wait for it to end without reaping it, so its number stays its own while a
          // cancellation might still signal it; then reap it under the lock.
          var info = siginfo_t()
          while waitid(P_PID, id_t(child), &info, WEXITED | WNOWAIT) < 0, errno == EINTR {}
          reaped.withLock { isReaped in
            while waitpid(child, &status, 0) < 0, errno == EINTR {}
            isReaped = true
          }
          let signal = status & 0x7F
          continuation.resume(returning: signal == 0 ? (status >> 8) & 0xFF : 128 + signal)
        }
        waiter.start()
      }
    } onCancel: {
      reaped.withLock { isReaped in
        if !isReaped { kill(child, SIGTERM) }
      }
    }
  }
}
