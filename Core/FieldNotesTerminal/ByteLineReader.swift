import FieldNotesPlatform

/// Reads lines as raw bytes from a file descriptor, so invalid UTF-8 can be reported rather
/// than silently replaced, and an endless line can't exhaust memory.
public final class ByteLineReader {
  /// One line read.
  public enum Line: Equatable, Sendable {
    /// The line's bytes, without the newline (or a trailing carriage return).
    case bytes([UInt8])
    /// A line longer than the limit; its bytes were discarded.
    case tooLong(byteCount: Int)
  }

  private let descriptor: Int32
  private let maximumBytes: Int
  private var buffer: [UInt8] = []
  private var start = 0
  private var isAtEnd = false

  /// Creates a reader.
  ///
  /// - Parameters:
  ///   - descriptor: The file descriptor to read, such as 0 for standard input.
  ///   - maximumBytes: The longest line kept; longer ones are reported, not read into memory.
  public init(descriptor: Int32, maximumBytes: Int = InputLine.maximumBytes) {
    self.descriptor = descriptor
    self.maximumBytes = maximumBytes
  }

  /// Reads the next line.
  ///
  /// - Returns: The next line, or `nil` at the end of input.
  public func nextLine() -> Line? {
    var overlong = 0
    while true {
      if let newline = buffer[start...].firstIndex(of: 0x0A) {
        var line = Array(buffer[start..<newline])
        start = newline + 1
        compact()
        if overlong > 0 { return .tooLong(byteCount: overlong + line.count) }
        if line.last == 0x0D { line.removeLast() }
        return .bytes(line)
      }
      if buffer.count - start > maximumBytes {
        overlong += buffer.count - start
        buffer.removeAll(keepingCapacity: true)
        start = 0
      }
      guard !isAtEnd, fill() else {
        isAtEnd = true
        guard start < buffer.count || overlong > 0 else { return nil }
        let line = Array(buffer[start...])
        buffer.removeAll()
        start = 0
        if overlong > 0 { return .tooLong(byteCount: overlong + line.count) }
        return .bytes(line)
      }
    }
  }

  private func fill() -> Bool {
    var chunk = [UInt8](repeating: 0, count: 65_536)
    while true {
      let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count < 0, errno == EINTR { continue }
      guard count > 0 else { return false }
      buffer.append(contentsOf: chunk[..<count])
      return true
    }
  }

  private func compact() {
    if start > 65_536 {
      buffer.removeFirst(start)
      start = 0
    }
  }
}
