import Foundation
import Testing

@testable import FieldNotesTerminal

/// Ctrl-C stops a command's stoppable work (an import) while it holds the main actor, from
/// another thread, as the thread that reads signals does; nothing else is stopped so.
///
/// Each test interrupts interruptions of its own, not the process's, which every import that
/// tests run in this process registers with.
@MainActor
struct LineInterruptionTests {
  let interruptions = LineInterruption()

  /// The wait below ends when the other thread's interrupt arrives.
  ///
  /// The limit only bounds a mechanism that is broken. It is wide since the work waits for the main actor first, which
  /// in a full run other tests hold for minutes at a time (as `SignalWatcherTests` found).
  @Test(.timeLimit(.minutes(10)))
  func anInterruptStopsStoppableWorkThatHoldsTheMainActor() async {
    let interruptions = interruptions
    await LineInterruption.$current.withValue(interruptions) {
      let stopped = await LineInterruption.stoppable { () -> Bool in
        Thread.detachNewThread { interruptions.interrupt() }
        // Holds the main actor, as an import does, until its task is cancelled.
        while !Task.isCancelled { usleep(1_000) }
        return true
      }
      #expect(stopped)
      // The interrupt was used: the session's own handler of it does nothing more, once.
      #expect(interruptions.tookInterrupt())
      #expect(!interruptions.tookInterrupt())
      // The next stoppable work runs in a task of its own, not the cancelled one.
      #expect(await LineInterruption.stoppable { Task.isCancelled } == false)
    }
  }

  @Test func anInterruptWithNoStoppableWorkRunningStopsNothing() async {
    await LineInterruption.$current.withValue(interruptions) {
      #expect(!interruptions.interrupt())
      #expect(!interruptions.tookInterrupt())
      #expect(await LineInterruption.stoppable { Task.isCancelled } == false)
    }
  }

  @Test func whatStoppableWorkThrowsIsThrownAsItWas() async {
    struct Refusal: Error, Equatable {}
    await #expect(throws: Refusal()) {
      try await LineInterruption.stoppable { () throws(Refusal) -> Int in throw Refusal() }
    }
  }
}
