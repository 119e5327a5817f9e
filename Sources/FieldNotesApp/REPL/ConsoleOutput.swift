import Foundation

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
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
  }

  /// Prints a line to standard error.
  ///
  /// - Parameter line: The line, without a newline.
  public func printError(_ line: String) {
    FileHandle.standardError.write(Data((line + "\n").utf8))
  }
}

/// Keeps everything printed, in order, for tests and transcripts.
@MainActor
public final class RecordingConsole: ConsoleOutput {
  /// One printed line and which stream it went to.
  public struct Line: Equatable, Sendable {
    /// The streams a line can go to.
    public enum Kind: Equatable, Sendable {
      /// Ordinary output.
      case output
      /// An error line.
      case error
      /// An input line printed back by `--echo`.
      case echo
    }

    /// The text.
    public var text: String
    /// Where it went.
    public var kind: Kind
  }

  /// Everything printed so far.
  public private(set) var lines: [Line] = []

  /// Creates an empty console.
  public init() {}

  /// The ordinary output lines.
  public var output: [String] { lines.filter { $0.kind == .output }.map(\.text) }

  /// The error lines.
  public var errors: [String] { lines.filter { $0.kind == .error }.map(\.text) }

  /// Records an ordinary line.
  ///
  /// - Parameter line: The line.
  public func print(_ line: String) { lines.append(Line(text: line, kind: .output)) }

  /// Records an error line.
  ///
  /// - Parameter line: The line.
  public func printError(_ line: String) { lines.append(Line(text: line, kind: .error)) }

  /// Records an echoed input line, without its prompt.
  ///
  /// - Parameters:
  ///   - line: The input line.
  ///   - prompt: The prompt it was typed at (not recorded).
  public func echo(_ line: String, prompt: String) {
    lines.append(Line(text: line, kind: .echo))
  }

  /// Forgets everything printed so far.
  public func clear() { lines.removeAll() }
}
