/// Where a shell prints what is not a view of records: its messages, its commands' answers, and
/// the views that have no records (a menu, a question).
///
/// That is standard output, where a person reads it, except in a script's format (JSON, JSON
/// Lines, Markdown): standard output then holds the records alone, so a script can read it
/// whole, and everything else goes to standard error, as messages do in any program a pipe
/// reads.
@MainActor
final class MessageOutput: ConsoleOutput {
  /// The console both streams belong to.
  let console: any ConsoleOutput
  /// Whether messages go to standard error now: while a script's format is chosen.
  var goesAside: () -> Bool = { false }
  /// Writes what was printed before and is not written yet (a command's message and the view
  /// it drew, which the navigator writes together), so that nothing printed here comes first.
  var writeEarlierOutput: () -> Void = {}

  /// Creates the output of a console's messages.
  ///
  /// - Parameter console: The console.
  init(_ console: any ConsoleOutput) {
    self.console = console
  }

  /// Prints a message: on standard output, or on standard error in a script's format.
  ///
  /// - Parameter line: The line, without a newline.
  func print(_ line: String) {
    writeEarlierOutput()
    if goesAside() { console.printError(line) } else { console.print(line) }
  }

  /// Prints a message's lines at once.
  ///
  /// - Parameter lines: The lines, without newlines.
  func print(lines: [String]) {
    writeEarlierOutput()
    if goesAside() {
      for line in lines { console.printError(line) }
    } else {
      console.print(lines: lines)
    }
  }

  /// Prints a line about an error, on standard error.
  ///
  /// - Parameter line: The line, without a newline.
  func printError(_ line: String) {
    writeEarlierOutput()
    console.printError(line)
  }

  /// Prints an input line back, as the console does.
  ///
  /// - Parameters:
  ///   - line: The input line.
  ///   - prompt: The prompt it was typed at.
  func echo(_ line: String, prompt: String) {
    writeEarlierOutput()
    console.echo(line, prompt: prompt)
  }
}
