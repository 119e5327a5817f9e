import FieldNotesPlatform
import Foundation
import Synchronization

/// Kills a child that runs past its time limit, so a workload that a slow build of FieldNotes
/// can't finish in reasonable time is reported as such instead of holding the run for hours.
final class Watchdog: Sendable {
  /// Whether the child ended (or was given up on) before the limit: the watching thread stops.
  private let isFinished = Atomic(false)
  /// Whether the limit passed and the child was killed.
  private let isFired = Atomic(false)

  /// Starts watching a child on a thread of its own.
  ///
  /// - Parameters:
  ///   - child: The child to kill at the limit.
  ///   - seconds: The limit, from now.
  init(_ child: ChildProcess, seconds: Double) {
    let deadline = ContinuousClock.now + .milliseconds(Int(seconds * 1_000))
    Thread.detachNewThread { [self] in
      while ContinuousClock.now < deadline {
        if isFinished.load(ordering: .acquiring) { return }
        usleep(20_000)
      }
      guard !isFinished.load(ordering: .acquiring) else { return }
      isFired.store(true, ordering: .releasing)
      // A reaped child is never signalled (`send(signal:)` checks), so this can't reach a
      // process that has taken over its number.
      child.send(signal: SIGKILL)
    }
  }

  /// Stops watching, once the child has been waited for.
  ///
  /// - Returns: Whether the child was killed for passing the limit.
  func finish() -> Bool {
    isFinished.store(true, ordering: .releasing)
    return isFired.load(ordering: .acquiring)
  }
}
