import Dispatch
import FieldNotesPlatform
import Foundation
import Synchronization
import Testing

/// A running `fieldnotes` process fed commands through a pipe, whose output lines can be awaited
/// as they come, and which can be killed at a chosen moment.
///
/// It is built on ``FieldNotesPlatform/ChildProcess`` and Dispatch alone, whose `Sendable`
/// annotations are the same on Linux and macOS (Foundation's `Process`, `Pipe`, `FileHandle` and
/// `NSCondition` are annotated differently by Apple's Foundation and swift-corelibs-foundation).
final class ProcessDriver: Sendable {
  private let child: ChildProcess
  /// Writes the child's standard input, in order, on a thread of its own, so a full pipe can't
  /// block the test and closing it never races a write.
  private let writer = DispatchQueue(label: "ProcessDriver.input")
  private let buffer = Buffer()
  /// Signalled whenever output comes, and at its end.
  private let arrivals = DispatchSemaphore(value: 0)
  /// Signalled once, when standard output has reached its end.
  private let outputEnded = DispatchSemaphore(value: 0)
  /// Signalled once standard error has been read to its end.
  private let errorsEnded = DispatchSemaphore(value: 0)

  /// What the process printed so far.
  private final class Buffer: Sendable {
    struct State {
      var output: [String] = []
      var errors: [String] = []
      /// Standard error's whole lines, and the part of a line after the last.
      var errorLines: [String] = []
      var errorPartial: [UInt8] = []
      var partial: [UInt8] = []
      /// Whether standard input was closed: nothing is written after that.
      var isInputClosed = false
    }

    let state = Mutex(State())
  }

  init(_ executable: URL, arguments: [String], environment: [String: String]) throws {
    child = try BuiltProduct.start(executable, arguments: arguments, environment: environment)
    let buffer = self.buffer
    let arrivals = self.arrivals
    let outputEnded = self.outputEnded
    let errorsEnded = self.errorsEnded
    if let output = child.standardOutput {
      Thread.detachNewThread {
        ChildProcess.read(output) { chunk in
          buffer.state.withLock { state in
            state.partial += chunk
            while let newline = state.partial.firstIndex(of: 0x0A) {
              state.output.append(String(decoding: state.partial[..<newline], as: UTF8.self))
              state.partial.removeSubrange(...newline)
            }
          }
          arrivals.signal()
        }
        close(output)
        outputEnded.signal()
        arrivals.signal()
      }
    }
    if let errors = child.standardError {
      Thread.detachNewThread {
        ChildProcess.read(errors) { chunk in
          buffer.state.withLock { state in
            state.errors.append(String(decoding: chunk, as: UTF8.self))
            state.errorPartial += chunk
            while let newline = state.errorPartial.firstIndex(of: 0x0A) {
              state.errorLines.append(
                String(decoding: state.errorPartial[..<newline], as: UTF8.self))
              state.errorPartial.removeSubrange(...newline)
            }
          }
          arrivals.signal()
        }
        close(errors)
        errorsEnded.signal()
        arrivals.signal()
      }
    }
  }

  /// Sends lines to the process, from a thread of its own so a full pipe can't block the test.
  func send(_ lines: [String]) {
    let bytes = Array((lines.joined(separator: "\n") + "\n").utf8)
    guard let input = child.standardInput else { return }
    let buffer = self.buffer
    writer.async {
      guard !buffer.state.withLock(\.isInputClosed) else { return }
      _ = ChildProcess.write(bytes, to: input)
    }
  }

  /// Closes the process's standard input, after what was sent: the end of its script.
  func finishInput() {
    guard let input = child.standardInput else { return }
    let buffer = self.buffer
    writer.async {
      let wasClosed = buffer.state.withLock { state in
        defer { state.isInputClosed = true }
        return state.isInputClosed
      }
      if !wasClosed { close(input) }
    }
  }

  deinit {
    finishInput()
  }

  var output: [String] { buffer.state.withLock { $0.output } }
  var errors: String { buffer.state.withLock { $0.errors.joined() } }

  /// Waits until `count` lines of standard output (or of standard error, for notices such as a
  /// sync's progress) satisfy `predicate`, for at most `seconds`.
  @discardableResult
  func waitForLines(
    count: Int, onStandardError: Bool = false, matching predicate: (String) -> Bool,
    seconds: Double = 30
  ) -> Bool {
    let deadline = DispatchTime.now() + seconds
    let lines = { [buffer] in
      buffer.state.withLock { onStandardError ? $0.errorLines : $0.output }
    }
    while lines().filter(predicate).count < count {
      guard arrivals.wait(timeout: deadline) == .success else { return false }
    }
    return true
  }

  /// Sends a signal, such as SIGTERM, without waiting.
  func send(signal number: Int32) {
    child.send(signal: number)
  }

  func kill() {
    child.send(signal: SIGKILL)
    child.waitUntilExit()
  }

  /// Waits for the process to exit and for the last of its output to be read: a process's
  /// exit can be seen before the reader has taken its last lines from the pipe.
  ///
  /// A process still running a minute on is stopped with SIGKILL and the test fails saying
  /// so, rather than waiting for ever: a signal it never acted on hangs no test run.
  ///
  /// - Returns: Its exit status; 128 plus the signal's number when a signal ended it.
  func waitForExit() -> Int32 {
    let exited = DispatchSemaphore(value: 0)
    let child = self.child
    Thread.detachNewThread {
      _ = child.waitUntilExit()
      exited.signal()
    }
    if exited.wait(timeout: .now() + 60) == .timedOut {
      Issue.record("the program was still running a minute after it was told to stop: killed")
      child.send(signal: SIGKILL)
    }
    let status = child.waitUntilExit().status
    // Both streams are read to their ends, so `output` and `errors` hold everything.
    if outputEnded.wait(timeout: .now() + 10) == .success { outputEnded.signal() }
    if errorsEnded.wait(timeout: .now() + 10) == .success { errorsEnded.signal() }
    return status
  }
}
