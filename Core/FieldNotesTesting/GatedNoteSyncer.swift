import FieldNotesServices

/// A syncer that waits in the middle of a sync until the test lets it finish.
///
/// Use it to observe what a screen shows while a sync is in flight: start the refresh in a task,
/// ``waitUntilSyncing()`` to know it is in flight, assert the in-flight state, then ``succeed()``,
/// ``fail(with:)`` or cancel the task. No sleeps: every step is awaited.
public actor GatedNoteSyncer: NoteSyncing {
  private var gate: CheckedContinuation<Void, any Error>?
  private var waiters: [CheckedContinuation<Void, Never>] = []
  private var pendingOutcome: Result<Void, any Error>?

  /// How many syncs have started.
  public private(set) var startedCount = 0

  /// Creates a closed gate.
  public init() {}

  /// Waits until the test opens the gate, or the calling task is cancelled.
  ///
  /// - Throws: The error passed to ``fail(with:)``, or `CancellationError` when cancelled.
  public func sync() async throws {
    startedCount += 1
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        if let outcome = pendingOutcome {
          pendingOutcome = nil
          continuation.resume(with: outcome)
          return
        }
        gate = continuation
        for waiter in waiters { waiter.resume() }
        waiters.removeAll()
      }
    } onCancel: {
      Task { await self.cancelInFlight() }
    }
  }

  /// Returns once a sync is waiting at the gate.
  public func waitUntilSyncing() async {
    if gate != nil { return }
    await withCheckedContinuation { waiters.append($0) }
  }

  /// Lets the waiting sync succeed.
  public func succeed() { finish(.success(())) }

  /// Makes the waiting sync fail.
  ///
  /// - Parameter error: The error the sync throws.
  public func fail(with error: any Error) { finish(.failure(error)) }

  private func cancelInFlight() {
    guard gate != nil else { return }
    finish(.failure(CancellationError()))
  }

  private func finish(_ outcome: Result<Void, any Error>) {
    guard let gate else {
      pendingOutcome = outcome
      return
    }
    self.gate = nil
    gate.resume(with: outcome)
  }
}
