import FieldNotesPlatform

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

/// Standard output or standard error, written to whole.
///
/// When standard output is a pipe whose reader has gone (`app … | head -1`), the program
/// ends quietly with the status a shell expects of a program killed by `SIGPIPE` (141), even
/// where `SIGPIPE` is ignored (`trap '' PIPE`) and the write fails with `EPIPE` instead. Other
/// failed writes (a full disk, a closed standard error) drop the text.
public enum StandardStream: Int32, Sendable {
  /// Standard output.
  case output = 1
  /// Standard error.
  case error = 2

  /// The exit status after standard output's reader went away: 128 + `SIGPIPE`.
  public static let brokenPipeStatus = 128 + SIGPIPE

  /// Writes text, retrying short writes and interrupted calls.
  ///
  /// - Parameter text: The text, newlines included.
  public func write(_ text: String) {
    var bytes = Array(text.utf8)[...]
    while !bytes.isEmpty {
      let written = bytes.withUnsafeBytes { buffer in
        Platform.write(rawValue, buffer.baseAddress, buffer.count)
      }
      if written < 0, errno == EINTR { continue }
      if written < 0, errno == EPIPE, self == .output { exit(Self.brokenPipeStatus) }
      guard written > 0 else { return }
      bytes = bytes.dropFirst(written)
    }
  }
}
