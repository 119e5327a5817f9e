import Foundation
import Synchronization

extension ChildProcess {
  /// What a child with piped streams wrote, and how it ended.
  public struct CollectedOutput: Equatable, Sendable {
    /// Its standard output.
    public var output: [UInt8]
    /// Its standard error.
    public var errors: [UInt8]
    /// How it ended.
    public var termination: Termination
  }

  /// Gives the child its input and reads what it writes, each on a thread of its own so neither
  /// pipe can fill and stall the other, then waits for it on this thread.
  ///
  /// Each piped end is closed here; a stream that isn't a pipe is neither written nor read.
  /// Writing stops early, without failing, if the child leaves its input unread; `SIGPIPE`
  /// must be ignored for that.
  ///
  /// - Parameter input: What to write to its standard input; nothing by default.
  /// - Returns: Its output, its errors, and how it ended.
  public func collectOutput(writing input: [UInt8] = []) -> CollectedOutput {
    let finished = DispatchSemaphore(value: 0)
    let errors = Collected()
    if let standardInput {
      Thread.detachNewThread {
        _ = Self.write(input, to: standardInput)
        close(standardInput)
        finished.signal()
      }
    }
    if let standardError {
      Thread.detachNewThread {
        errors.bytes.withLock { $0 = Self.readToEnd(standardError) }
        close(standardError)
        finished.signal()
      }
    }
    let output = standardOutput.map(Self.readToEnd) ?? []
    if let standardOutput { close(standardOutput) }
    for _ in [standardInput, standardError].compactMap({ $0 }) { finished.wait() }
    return CollectedOutput(
      output: output, errors: errors.bytes.withLock { $0 }, termination: waitUntilExit())
  }

  /// Bytes one thread collects for another.
  private final class Collected: Sendable {
    /// The bytes.
    let bytes = Mutex<[UInt8]>([])
  }

  /// Writes bytes to a descriptor, retrying short writes and interrupted calls.
  ///
  /// - Parameters:
  ///   - bytes: The bytes.
  ///   - descriptor: The descriptor, such as ``standardInput``.
  /// - Returns: Whether every byte was written; `false` when the reader has gone (`EPIPE`, with
  ///   `SIGPIPE` ignored) or the write failed.
  public static func write(_ bytes: [UInt8], to descriptor: Int32) -> Bool {
    bytes.withUnsafeBytes { buffer in
      var offset = 0
      while offset < buffer.count, let start = buffer.baseAddress {
        let written = Platform.write(descriptor, start + offset, buffer.count - offset)
        if written < 0, errno == EINTR { continue }
        guard written > 0 else { return false }
        offset += written
      }
      return true
    }
  }

  /// Reads a descriptor until its end, a chunk at a time as the bytes come.
  ///
  /// - Parameters:
  ///   - descriptor: The descriptor, such as ``standardOutput``.
  ///   - body: Given each chunk read.
  public static func read(_ descriptor: Int32, eachChunk body: ([UInt8]) -> Void) {
    var buffer = [UInt8](repeating: 0, count: 65_536)
    while true {
      let count = buffer.withUnsafeMutableBytes {
        Platform.read(descriptor, $0.baseAddress, $0.count)
      }
      if count < 0, errno == EINTR { continue }
      guard count > 0 else { return }
      body(Array(buffer[..<count]))
    }
  }

  /// Reads a descriptor until its end.
  ///
  /// - Parameter descriptor: The descriptor, such as ``standardOutput``.
  /// - Returns: Every byte read.
  public static func readToEnd(_ descriptor: Int32) -> [UInt8] {
    var bytes: [UInt8] = []
    read(descriptor) { bytes += $0 }
    return bytes
  }
}
