import FieldNotesTerminal

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
