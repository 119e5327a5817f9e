import Dispatch

/// Reads lines on a thread of their own, so the main actor stays free while waiting.
public final class LineInput: @unchecked Sendable {
  // Only the reading thread touches the reader, one read at a time.
  private let reader: ByteLineReader
  private let queue = DispatchQueue(label: "terminal.line-input")

  /// Creates a reader of a file descriptor.
  ///
  /// - Parameter descriptor: The file descriptor to read, such as 0 for standard input.
  public init(descriptor: Int32) {
    reader = ByteLineReader(descriptor: descriptor)
  }

  /// Reads the next line without blocking the caller's actor.
  ///
  /// - Returns: The next line, or `nil` at the end of input.
  public func nextLine() async -> ByteLineReader.Line? {
    await withCheckedContinuation { continuation in
      queue.async { continuation.resume(returning: self.reader.nextLine()) }
    }
  }
}
