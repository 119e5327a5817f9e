import Synchronization

/// A `Clock` whose time moves only when a test says so.
///
/// `sleep(until:)` suspends until ``advance(by:)`` moves the clock past the deadline, so code
/// that waits (a slow network profile, a retry delay) is tested without waiting.
public final class TestClock: Clock {
  /// A point in the test clock's time: how far it has been advanced.
  public struct Instant: InstantProtocol {
    /// The time since the clock started.
    public var offset: Duration

    /// Creates an instant at an offset from the clock's start.
    ///
    /// - Parameter offset: The time since the clock started.
    public init(offset: Duration) { self.offset = offset }

    /// Returns the instant a duration later.
    ///
    /// - Parameter duration: How far to move.
    /// - Returns: The later (or, for a negative duration, earlier) instant.
    public func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }

    /// Returns the duration from this instant to another.
    ///
    /// - Parameter other: The other instant.
    /// - Returns: `other` minus this instant.
    public func duration(to other: Instant) -> Duration { other.offset - offset }

    /// Orders instants by offset.
    ///
    /// - Parameters:
    ///   - lhs: An instant.
    ///   - rhs: Another instant.
    /// - Returns: Whether `lhs` comes first.
    public static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
  }

  private struct Sleeper {
    var deadline: Instant
    var continuation: CheckedContinuation<Void, any Error>
  }

  private struct State {
    var now = Instant(offset: .zero)
    var sleepers: [Int: Sleeper] = [:]
    var nextToken = 0
    var sleepWaiters: [CheckedContinuation<Void, Never>] = []
  }

  private let state = Mutex(State())

  /// Creates a clock at offset zero.
  public init() {}

  /// The current instant.
  public var now: Instant { state.withLock { $0.now } }

  /// The smallest step the clock distinguishes.
  public var minimumResolution: Duration { .zero }

  /// How many tasks are sleeping on the clock right now.
  public var sleeperCount: Int { state.withLock { $0.sleepers.count } }

  /// Returns once a task is sleeping on the clock: how a test knows the code under test has
  /// reached its wait, without polling.
  public func waitUntilSleeping() async {
    await withCheckedContinuation { (waiter: CheckedContinuation<Void, Never>) in
      let isSleeping = state.withLock { state in
        if !state.sleepers.isEmpty { return true }
        state.sleepWaiters.append(waiter)
        return false
      }
      if isSleeping { waiter.resume() }
    }
  }

  /// Suspends until the clock is advanced to `deadline`, or the task is cancelled.
  ///
  /// - Parameters:
  ///   - deadline: The instant to wake at.
  ///   - tolerance: Ignored.
  /// - Throws: `CancellationError` when the task is cancelled first.
  public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
    let token = state.withLock { state in
      defer { state.nextToken += 1 }
      return state.nextToken
    }
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation {
        (continuation: CheckedContinuation<Void, any Error>) in
        let (isDue, waiters) = state.withLock { state in
          if Task.isCancelled || deadline <= state.now {
            return (true, [CheckedContinuation<Void, Never>]())
          }
          state.sleepers[token] = Sleeper(deadline: deadline, continuation: continuation)
          defer { state.sleepWaiters = [] }
          return (false, state.sleepWaiters)
        }
        for waiter in waiters { waiter.resume() }
        if isDue {
          if Task.isCancelled {
            continuation.resume(throwing: CancellationError())
          } else {
            continuation.resume()
          }
        }
      }
    } onCancel: {
      let sleeper = state.withLock { $0.sleepers.removeValue(forKey: token) }
      sleeper?.continuation.resume(throwing: CancellationError())
    }
  }

  /// Moves the clock forward, waking every sleeper whose deadline has come.
  ///
  /// - Parameter duration: How far to move.
  public func advance(by duration: Duration) {
    let due = state.withLock { state in
      state.now = state.now.advanced(by: duration)
      let now = state.now
      let due = state.sleepers.filter { $0.value.deadline <= now }
      for token in due.keys { state.sleepers[token] = nil }
      return due.values.map(\.continuation)
    }
    for continuation in due { continuation.resume() }
  }
}
