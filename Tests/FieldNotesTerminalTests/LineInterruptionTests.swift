import FieldNotesTerminalTesting
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

  @Test func anInterruptStopsStoppableWorkThatHoldsTheMainActor() async {
    let interruptions = interruptions
    await LineInterruption.$current.withValue(interruptions) {
      let stopped = await LineInterruption.stoppable { () -> Bool in
        // Another thread interrupts while this holds the main actor, as an import does.
        let interrupted = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
          interruptions.interrupt()
          interrupted.signal()
        }
        interrupted.wait()
        return Task.isCancelled
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

  /// A script whose line's work Ctrl-C stopped says so, then ends as Ctrl-C ends a script,
  /// keeping unsaved work first; the line after it is not run.
  @Test func aScriptEndsAfterTheLineWhoseWorkAnInterruptStopped() async {
    let session = StoppedSession(interruptions)
    let console = RecordingConsole()
    let status = await LineInterruption.$current.withValue(interruptions) {
      await BatchRunner(session: session, console: console, echoes: false, bails: false).run(
        .byteLines([Array("import".utf8), Array("after".utf8)], name: "-c"))
    }
    #expect(status == 128 + SIGINT)
    #expect(session.ran == ["import"])
    #expect(console.errors == ["error: stopped before anything was saved (line 1 of -c)"])
    #expect(session.keptUnsavedWork)
  }

  /// The same in a line of an init file: the run ends there, none of the script's lines run.
  @Test func aScriptEndsAfterTheInitFileLineWhoseWorkAnInterruptStopped() async {
    let session = StoppedSession(interruptions)
    let console = RecordingConsole()
    let status = await LineInterruption.$current.withValue(interruptions) {
      await BatchRunner(session: session, console: console, echoes: false, bails: false).run(
        .byteLines([Array("after".utf8)], name: "-c"),
        after: .byteLines([Array("import".utf8), Array("next".utf8)], name: "init"))
    }
    #expect(status == 128 + SIGINT)
    #expect(session.ran == ["import"])
    #expect(console.errors == ["error: stopped before anything was saved (line 1 of init)"])
    #expect(session.keptUnsavedWork)
  }

  @Test func whatStoppableWorkThrowsIsThrownAsItWas() async {
    struct Refusal: Error, Equatable {}
    await #expect(throws: Refusal()) {
      try await LineInterruption.stoppable { () throws(Refusal) -> Int in throw Refusal() }
    }
  }
}

/// A session whose `import` runs stoppable work that Ctrl-C stops as it starts, as the thread
/// that reads signals would, and which records the lines it ran.
@MainActor
private final class StoppedSession: LineSession {
  let interruptions: LineInterruption
  var ran: [String] = []
  var keptUnsavedWork = false

  init(_ interruptions: LineInterruption) { self.interruptions = interruptions }

  var prompt: String { "> " }
  var takesLinesAsText: Bool { false }
  var terminal = TerminalContext.plain
  var remembersNextLine: Bool { false }
  var unansweredQuestions: [String] { [] }

  func start() {}

  func runLine(_ bytes: [UInt8]) async -> LineOutcome {
    let line = String(decoding: bytes, as: UTF8.self)
    ran.append(line)
    guard line == "import" else { return .done }
    let interruptions = interruptions
    let stopped = await LineInterruption.stoppable { () -> Bool in
      interruptions.interrupt()
      return Task.isCancelled
    }
    return stopped ? .failed(.refused("Stopped before anything was saved.")) : .done
  }

  func stopBackgroundWorkBeforeLeaving() {}
  func preserveUnsavedWork() -> Bool {
    keptUnsavedWork = true
    return true
  }
  func finishRun() {}
  func reportUnansweredQuestions() -> Bool { true }
  func reportFailedRead() -> Bool { true }
  func withdrawQuestions() {}
  func waitForBackgroundWork() async {}
  func interruptLineEntry() -> String? { nil }
  func cancelBackgroundWork() -> Bool { false }
  func completions(lineBefore: String, word: String) -> [String] { [] }
}
