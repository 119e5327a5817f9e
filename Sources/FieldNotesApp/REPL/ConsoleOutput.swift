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
  /// One printed line and whether it was an error line.
  public struct Line: Equatable, Sendable {
    /// The text.
    public var text: String
    /// Whether it went to the error stream.
    public var isError: Bool
  }

  /// Everything printed so far.
  public private(set) var lines: [Line] = []

  /// Creates an empty console.
  public init() {}

  /// The ordinary output lines.
  public var output: [String] { lines.filter { !$0.isError }.map(\.text) }

  /// The error lines.
  public var errors: [String] { lines.filter(\.isError).map(\.text) }

  /// Records an ordinary line.
  ///
  /// - Parameter line: The line.
  public func print(_ line: String) { lines.append(Line(text: line, isError: false)) }

  /// Records an error line.
  ///
  /// - Parameter line: The line.
  public func printError(_ line: String) { lines.append(Line(text: line, isError: true)) }

  /// Forgets everything printed so far.
  public func clear() { lines.removeAll() }
}
