#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Where the REPL prints: ordinary output, and error lines.
@MainActor
public protocol ConsoleOutput: AnyObject {
  /// Prints a line of ordinary output.
  ///
  /// - Parameter line: The line, without a newline.
  func print(_ line: String)

  /// Prints a line about an error.
  ///
  /// - Parameter line: The line, without a newline.
  func printError(_ line: String)

  /// Prints several lines of ordinary output at once, such as a view.
  ///
  /// - Parameter lines: The lines, without newlines.
  func print(lines: [String])

  /// Prints an input line back, as `--echo` does.
  ///
  /// - Parameters:
  ///   - line: The input line.
  ///   - prompt: The prompt it was typed at.
  func echo(_ line: String, prompt: String)
}

extension ConsoleOutput {
  /// Prints the lines one by one.
  ///
  /// - Parameter lines: The lines, without newlines.
  public func print(lines: [String]) {
    for line in lines { print(line) }
  }

  /// Prints the prompt and the line as one line of ordinary output.
  ///
  /// - Parameters:
  ///   - line: The input line.
  ///   - prompt: The prompt it was typed at.
  public func echo(_ line: String, prompt: String) {
    print(prompt + line)
  }
}

/// Prints to standard output and standard error, flushing each line so the two interleave in
/// the order they were written.
@MainActor
public final class StandardConsole: ConsoleOutput {
  /// Creates the console.
  public init() {}

  /// Prints a line to standard output.
  ///
  /// - Parameter line: The line, without a newline.
  public func print(_ line: String) {
    StandardStream.output.write(line + "\n")
  }

  /// Prints a line to standard error.
  ///
  /// - Parameter line: The line, without a newline.
  public func printError(_ line: String) {
    StandardStream.error.write(line + "\n")
  }
}

/// Standard output or standard error, written to whole: a closed pipe or a full disk drops the
/// text rather than stopping the program.
public enum StandardStream: Int32, Sendable {
  /// Standard output.
  case output = 1
  /// Standard error.
  case error = 2

  /// Writes text, retrying short writes and interrupted calls.
  ///
  /// - Parameter text: The text, newlines included.
  public func write(_ text: String) {
    var bytes = Array(text.utf8)[...]
    while !bytes.isEmpty {
      let written = bytes.withUnsafeBytes { buffer in
        #if canImport(Glibc)
          Glibc.write(rawValue, buffer.baseAddress, buffer.count)
        #else
          Darwin.write(rawValue, buffer.baseAddress, buffer.count)
        #endif
      }
      if written < 0, errno == EINTR { continue }
      guard written > 0 else { return }
      bytes = bytes.dropFirst(written)
    }
  }
}
