import Foundation
import Synchronization

/// A running `fieldnotes` process fed commands through a pipe, whose output lines can be awaited
/// as they come, and which can be killed at a chosen moment.
final class ProcessDriver: Sendable {
  private let process: Process
  private let input: FileHandle
  private let buffer = Buffer()
  private let condition = NSCondition()

  /// What the process printed so far.
  private final class Buffer: Sendable {
    struct State {
      var output: [String] = []
      var errors: [String] = []
      var partial = Data()
      /// Whether standard output has reached its end.
      var isClosed = false
    }

    let state = Mutex(State())
  }

  init(_ executable: URL, arguments: [String], environment: [String: String]) throws {
    let (process, standardInput, standardOutput, standardError) = BuiltProduct.pipedProcess(
      executable, arguments: arguments, environment: environment)
    self.process = process
    self.input = standardInput.fileHandleForWriting
    try process.run()
    let buffer = self.buffer
    let condition = self.condition
    standardOutput.fileHandleForReading.readabilityHandler = { handle in
      let data = handle.availableData
      buffer.state.withLock { state in
        state.partial.append(data)
        while let newline = state.partial.firstIndex(of: 0x0A) {
          state.output.append(String(decoding: state.partial[..<newline], as: UTF8.self))
          state.partial.removeSubrange(...newline)
        }
        if data.isEmpty { state.isClosed = true }
      }
      condition.lock()
      condition.broadcast()
      condition.unlock()
      if data.isEmpty { handle.readabilityHandler = nil }
    }
    standardError.fileHandleForReading.readabilityHandler = { handle in
      let data = handle.availableData
      if data.isEmpty {
        handle.readabilityHandler = nil
        return
      }
      buffer.state.withLock { $0.errors.append(String(decoding: data, as: UTF8.self)) }
    }
  }

  /// Sends lines to the process, from a thread of its own so a full pipe can't block the test.
  func send(_ lines: [String]) {
    let data = Data((lines.joined(separator: "\n") + "\n").utf8)
    let input = self.input
    Thread.detachNewThread {
      try? input.write(contentsOf: data)
    }
  }

  /// Closes the process's standard input: the end of its script.
  func finishInput() {
    try? input.close()
  }

  var output: [String] { buffer.state.withLock { $0.output } }
  var errors: String { buffer.state.withLock { $0.errors.joined() } }

  /// Waits until `count` output lines satisfy `predicate`, for at most `seconds`.
  @discardableResult
  func waitForLines(count: Int, matching predicate: (String) -> Bool, seconds: Double = 30) -> Bool
  {
    let deadline = Date().addingTimeInterval(seconds)
    condition.lock()
    defer { condition.unlock() }
    while output.filter(predicate).count < count {
      guard condition.wait(until: deadline) else { return false }
    }
    return true
  }

  /// Sends a signal, such as SIGTERM, without waiting.
  func send(signal number: Int32) {
    Foundation.kill(process.processIdentifier, number)
  }

  func kill() {
    Foundation.kill(process.processIdentifier, SIGKILL)
    process.waitUntilExit()
  }

  /// Waits for the process to exit and for the last of its output to be read: a process's
  /// exit can be seen before the reader has taken its last lines from the pipe.
  func waitForExit() -> Int32 {
    process.waitUntilExit()
    let deadline = Date().addingTimeInterval(10)
    condition.lock()
    while !buffer.state.withLock({ $0.isClosed }) {
      guard condition.wait(until: deadline) else { break }
    }
    condition.unlock()
    return process.terminationStatus
  }
}
