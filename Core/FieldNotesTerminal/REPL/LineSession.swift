/// What a REPL runs lines through: the app's session, seen by the runners that read the lines.
@MainActor
public protocol LineSession: AnyObject {
  /// The prompt naming where the user is.
  var prompt: String { get }

  /// Whether the next line is text for the screen on top (a line of a text), not a command.
  var takesLinesAsText: Bool { get }

  /// The terminal the session draws for: its size and style, set by the runner.
  var terminal: TerminalContext { get set }

  /// Draws the first screen.
  func start()

  /// Runs one line given as raw bytes.
  ///
  /// - Parameter bytes: The line's bytes, without its newline.
  /// - Returns: What became of it.
  func runLine(_ bytes: [UInt8]) async -> LineOutcome

  /// Whether the next line typed may go into the history file.
  var remembersNextLine: Bool { get }

  /// Stops work still running in the background as the session ends, saying so.
  func stopBackgroundWorkBeforeLeaving()

  /// Keeps unsaved work safe before the program ends without the user leaving (its input
  /// ended, or a signal told it to stop).
  ///
  /// - Returns: Whether all of it was kept; when some wasn't, the program ends with a failure.
  @discardableResult
  func preserveUnsavedWork() -> Bool

  /// Prints what a run of lines still owes its reader as its input ends (a script's answer).
  func finishRun()

  /// Says which questions the run asked and left unanswered as its input ends (a deletion
  /// waiting for `yes`, `keep` or `no`), each an error: what it asked for was not done.
  ///
  /// - Returns: Whether every question was answered; when one wasn't, the run fails.
  func reportUnansweredQuestions() -> Bool

  /// Says, as the run's input ends, that the screen it ends on could not read what it shows,
  /// as an error: a script asking for a list got none.
  ///
  /// - Returns: Whether the screen read what it shows; when it didn't, the run fails.
  func reportFailedRead() -> Bool

  /// The questions asked and not answered yet, top screen first.
  var unansweredQuestions: [String] { get }

  /// Withdraws every question no one answered, doing nothing of what each asked about.
  func withdrawQuestions()

  /// Waits for background work a line started, as a script does before its next line.
  func waitForBackgroundWork() async

  /// Ends text entry on the screen on top without using it (Ctrl-C).
  ///
  /// - Returns: A line saying so, or `nil` when no text was being entered.
  func interruptLineEntry() -> String?

  /// Cancels background work (Ctrl-C).
  ///
  /// - Returns: Whether anything was running.
  func cancelBackgroundWork() -> Bool

  /// The words that could complete what is being typed.
  ///
  /// - Parameters:
  ///   - lineBefore: The line before the word being completed.
  ///   - word: The part of the word typed so far.
  /// - Returns: The candidates.
  func completions(lineBefore: String, word: String) -> [String]
}

/// What became of one line.
public enum LineOutcome: Equatable, Sendable {
  /// It was handled (or was blank or a comment).
  case done
  /// The user asked to leave.
  case quit
  /// It did nothing, for the reason given: the shell's error, which prints as one `error:`
  /// line.
  case failed(CommandLineError)

  /// The outcome of a line too long to read.
  ///
  /// - Parameter count: The line's length in bytes.
  /// - Returns: The failure.
  static func tooLong(_ count: Int) -> LineOutcome {
    .failed(
      .invalidInput("the line is \(count) bytes long; the limit is \(InputLine.maximumBytes)"))
  }
}
