import Synchronization

/// Ctrl-C during a line whose work holds the main actor, such as an import, which a handler of
/// SIGINT on the main actor would only run once the line had ended.
///
/// A command runs the part of its work that Ctrl-C may stop through ``stoppable(_:)``: work
/// that checks `Task.isCancelled` as it goes and, stopped, undoes itself (an import rolls its
/// one transaction back). It runs in a task of its own, which a SIGINT that comes meanwhile
/// cancels at once, from the thread that reads signals (``SignalWatcher``, through
/// ``process``); a later command gets a new task, not a cancelled one. The signal still
/// reaches the watchers on the main actor once the work has ended; ``tookInterrupt()`` tells
/// them it has been used.
///
/// Nothing else a line does is stopped so: other work goes on as it did, Ctrl-C reaching it
/// through the session's own handler.
public final class LineInterruption: Sendable {
  private struct State {
    /// What cancels each stoppable work running now, by number.
    var running: [Int: @Sendable () -> Void] = [:]
    /// The number the next work is given.
    var next = 0
    /// How many interrupts stopped work and have not yet been asked about.
    var unasked = 0
  }

  /// The process's interruptions: what SIGINT interrupts.
  public static let process = LineInterruption()

  /// The interruptions stoppable work registers with: the process's, unless a test runs its
  /// work with interruptions of its own, so that tests in one process don't stop each other's.
  @TaskLocal public static var current = process

  private let state = Mutex(State())

  /// Makes interruptions apart from the process's, for a test (see ``current``).
  public init() {}

  /// Runs work that Ctrl-C may stop, in a task of its own that an interrupt of ``current``
  /// while it runs cancels.
  ///
  /// - Parameter body: The work; it checks `Task.isCancelled` and undoes itself when stopped.
  /// - Returns: What `body` returns.
  /// - Throws: What `body` throws.
  @MainActor
  public static func stoppable<Success: Sendable, Failure: Error>(
    _ body: @escaping @MainActor () throws(Failure) -> Success
  ) async throws(Failure) -> Success {
    let interruptions = current
    let task = Task { @MainActor in Result { () throws(Failure) in try body() } }
    // Before the task can start: it runs once this function waits for it.
    let number = interruptions.state.withLock { state in
      defer { state.next += 1 }
      state.running[state.next] = { task.cancel() }
      return state.next
    }
    let result = await task.value
    interruptions.state.withLock { $0.running[number] = nil }
    return try result.get()
  }

  /// Stops every stoppable work running now; safe on any thread.
  ///
  /// - Returns: Whether any was stopped.
  @discardableResult
  public func interrupt() -> Bool {
    state.withLock { state in
      guard !state.running.isEmpty else { return false }
      for cancel in state.running.values { cancel() }
      state.unasked += 1
      return true
    }
  }

  /// Whether an interrupt stopped work and has not been asked about by ``tookInterrupt()``,
  /// without asking.
  public var hasUnaskedInterrupt: Bool { state.withLock { $0.unasked > 0 } }

  /// Whether an interrupt stopped work and has not been asked about: each such interrupt
  /// answers `true` once, so its handler on the main actor does nothing more.
  ///
  /// - Returns: Whether the interrupt handled now was used to stop work.
  public func tookInterrupt() -> Bool {
    state.withLock { state in
      guard state.unasked > 0 else { return false }
      state.unasked -= 1
      return true
    }
  }
}
