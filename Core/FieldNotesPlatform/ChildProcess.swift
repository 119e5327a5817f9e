import Foundation
import Synchronization

/// A program started as a child of this process: the one way FieldNotes starts one, for git, the
/// pager, the benchmark's runs and the tests' own children alike.
///
/// The child gets its three standard streams — each from a file, this process's own, or a pipe
/// whose other end this process holds (``Stream``) — and no other descriptor of this process:
/// every one above standard error is closed in the child, so a long-lived child (a git
/// garbage collection, a tmux server) can't hold the store's file or another reader's pipe
/// open. It starts with every signal's default disposition and none blocked, whatever this
/// process ignores or watches. Waiting for it ignores stops (a stopped child hasn't ended), and
/// no signal is sent to it once it is reaped, when its number may be another process's.
public final class ChildProcess: Sendable {
  /// The child's process ID.
  public let identifier: pid_t
  /// This process's end of the child's standard input when it is a ``Stream/pipe``: the caller
  /// writes to it (with `SIGPIPE` ignored, for a child that stops reading) and closes it.
  public let standardInput: Int32?
  /// This process's end of the child's standard output when it is a ``Stream/pipe``: the caller
  /// reads it to its end and closes it.
  public let standardOutput: Int32?
  /// This process's end of the child's standard error when it is a ``Stream/pipe``: the caller
  /// reads it to its end and closes it.
  public let standardError: Int32?
  /// How the child ended, once it has been reaped.
  private let ending = Mutex<Ending?>(nil)

  /// How a reaped child ended, and what it used.
  private struct Ending: Sendable {
    /// How it ended.
    var termination: Termination
    /// Its peak memory in bytes, where the system said.
    var peakResidentBytes: Int?
  }

  /// Starts a program.
  ///
  /// - Parameters:
  ///   - executable: The program: a path, or a name looked up in the environment's `PATH` (see
  ///     ``executablePath(named:environment:)``).
  ///   - arguments: Its arguments, after its name.
  ///   - environment: Its whole environment; this process's by default.
  ///   - standardInput: Where it reads; this process's standard input by default.
  ///   - standardOutput: Where it writes; this process's standard output by default.
  ///   - standardError: Where it writes errors; this process's standard error by default.
  ///   - workingDirectory: The folder it starts in; this process's by default. Paths of
  ///     ``Stream/file(_:)`` streams are opened before it changes folder.
  /// - Throws: ``ChildProcessError`` when the program isn't found or can't be started.
  public convenience init(
    _ executable: String, arguments: [String] = [],
    environment: [String: String] = ProcessInfo.processInfo.environment,
    standardInput: Stream = .inherited, standardOutput: Stream = .inherited,
    standardError: Stream = .inherited, workingDirectory: String? = nil
  ) throws(ChildProcessError) {
    try self.init(
      executable, arguments: arguments, environment: environment,
      streams: [standardInput, standardOutput, standardError], workingDirectory: workingDirectory,
      closesEachOpenDescriptor: false)
  }

  /// Starts a program, closing this process's other descriptors in the child one by one, as a
  /// glibc without `posix_spawn_file_actions_addclosefrom_np` must, when asked.
  ///
  /// - Parameters:
  ///   - executable: The program.
  ///   - arguments: Its arguments.
  ///   - environment: Its whole environment.
  ///   - streams: Its standard input, output and error.
  ///   - workingDirectory: The folder it starts in, or `nil` for this process's.
  ///   - closesEachOpenDescriptor: Whether to close each descriptor found open rather than ask
  ///     the system to close them all (for testing the fallback where the system can do both).
  /// - Throws: ``ChildProcessError`` when the program isn't found or can't be started.
  package init(
    _ executable: String, arguments: [String], environment: [String: String],
    streams: [Stream], workingDirectory: String?, closesEachOpenDescriptor: Bool
  ) throws(ChildProcessError) {
    guard let path = Self.executablePath(named: executable, environment: environment) else {
      throw .notFound(program: executable)
    }
    var pipes = PipeEnds()
    defer { pipes.closeChildEnds() }
    for (descriptor, stream) in zip(Int32(0)..., streams) where stream == .pipe {
      try pipes.make(for: descriptor)
    }
    let spawned = Self.spawn(
      path, argumentZero: executable, arguments: arguments, environment: environment,
      streams: streams, pipes: pipes, workingDirectory: workingDirectory,
      closesEachOpenDescriptor: closesEachOpenDescriptor)
    switch spawned {
    case .success(let identifier):
      self.identifier = identifier
      standardInput = pipes.parentEnds[0]
      standardOutput = pipes.parentEnds[1]
      standardError = pipes.parentEnds[2]
    case .failure(let error):
      pipes.closeParentEnds()
      throw error
    }
  }

  // MARK: - Signals

  /// Sends the child a signal, unless it has been reaped (its number may be another process's
  /// by then).
  ///
  /// - Parameter signal: The signal, such as `SIGTERM`.
  public func send(signal: Int32) {
    ending.withLock { ending in
      if ending == nil { _ = kill(identifier, signal) }
    }
  }

  /// Asks the child to end: `SIGTERM`, then `SIGCONT`, so a stopped child gets it too (a stopped
  /// process keeps every signal but `SIGKILL` pending until it is continued).
  public func stop() {
    ending.withLock { ending in
      guard ending == nil else { return }
      _ = kill(identifier, SIGTERM)
      _ = kill(identifier, SIGCONT)
    }
  }

  // MARK: - Waiting

  /// Waits on this thread until the child ends, and reaps it; a stop doesn't count as an end.
  ///
  /// - Returns: How it ended; the same answer to every call.
  @discardableResult
  public func waitUntilExit() -> Termination {
    if let ended = ending.withLock({ $0 }) { return ended.termination }
    // Wait for the end without reaping, so the number stays the child's while `send(signal:)`
    // or `stop()` might still use it; then reap under the lock they take.
    _ = Self.waitForEnd(look: { Self.look(at: identifier) }, pause: { usleep(20_000) })
    return ending.withLock { ending in
      if let ending { return ending.termination }
      var status: Int32 = 0
      var usage = rusage()
      var reaped: pid_t
      repeat { reaped = wait4(identifier, &status, 0, &usage) } while reaped < 0 && errno == EINTR
      let ended =
        reaped == identifier
        ? Ending(
          termination: Termination(waitStatus: status),
          peakResidentBytes: HostPlatform.current.bytes(
            ofMaximumResidentSize: Int(usage.ru_maxrss)))
        : Ending(termination: .lost, peakResidentBytes: nil)
      ending = ended
      return ended.termination
    }
  }

  /// Waits, on a thread of its own, until the child ends, and reaps it, without holding the
  /// task's thread; cancelling the task stops the child (``stop()``) and still waits for it, so
  /// no child outlives the wait.
  ///
  /// - Returns: How it ended.
  @discardableResult
  public func termination() async -> Termination {
    await withTaskCancellationHandler {
      await withCheckedContinuation { continuation in
        Thread.detachNewThread { continuation.resume(returning: self.waitUntilExit()) }
      }
    } onCancel: {
      stop()
    }
  }

  /// The child's peak memory in bytes, once it has been reaped.
  public var peakResidentBytes: Int? { ending.withLock { $0?.peakResidentBytes } }

  /// Starts a program and waits for it, on a thread of its own; cancelling the task stops it.
  ///
  /// - Parameters:
  ///   - executable: The program: a path, or a name looked up in the environment's `PATH`.
  ///   - arguments: Its arguments, after its name.
  ///   - environment: Its whole environment; this process's by default.
  ///   - standardInput: Where it reads; this process's standard input by default.
  ///   - standardOutput: Where it writes; this process's standard output by default.
  ///   - standardError: Where it writes errors; this process's standard error by default.
  /// - Returns: How it ended.
  /// - Throws: ``ChildProcessError`` when it isn't found or can't be started.
  public static func run(
    _ executable: String, arguments: [String] = [],
    environment: [String: String] = ProcessInfo.processInfo.environment,
    standardInput: Stream = .inherited, standardOutput: Stream = .inherited,
    standardError: Stream = .inherited
  ) async throws(ChildProcessError) -> Termination {
    let child = try ChildProcess(
      executable, arguments: arguments, environment: environment, standardInput: standardInput,
      standardOutput: standardOutput, standardError: standardError)
    return await child.termination()
  }
}
