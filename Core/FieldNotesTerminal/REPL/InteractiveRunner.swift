import Dispatch
import FieldNotesPlatform

/// Runs the REPL for a person at a terminal: a banner, a prompt naming where they are, line
/// editing with history and tab completion (libedit, where installed), Ctrl-C cancelling
/// background work or the line being typed, Ctrl-D or `quit` leaving.
@MainActor
public struct InteractiveRunner {
  let session: any LineSession
  let console: InteractiveConsole
  let banner: String
  let historyPath: String?
  let clearsLine: Bool
  let startup: BatchRunner.Source?

  /// Creates a runner.
  ///
  /// - Parameters:
  ///   - session: What runs the lines.
  ///   - console: The terminal's console.
  ///   - banner: The line printed first.
  ///   - historyPath: Where the line editor keeps its history, or `nil` for none.
  ///   - clearsLine: Whether the line editor may clear the line to print above it.
  ///   - startup: The lines of an init file, run before the first prompt as though typed
  ///     (an error names the file and line and the session goes on); none by default.
  public init(
    session: any LineSession, console: InteractiveConsole, banner: String, historyPath: String?,
    clearsLine: Bool, startup: BatchRunner.Source? = nil
  ) {
    self.session = session
    self.console = console
    self.banner = banner
    self.historyPath = historyPath
    self.clearsLine = clearsLine
    self.startup = startup
  }

  /// Reads and runs lines until `quit`, Ctrl-D, SIGTERM or SIGHUP.
  ///
  /// - Returns: The exit status: 0, or 1 when Ctrl-D left unsaved work that could not be kept.
  ///   A signal ends the process itself, with 128 plus the signal's number.
  public func run() async -> Int32 {
    let editor = LineEditor.load(historyPath: historyPath, clearsLine: clearsLine)
    console.editor = editor
    editor?.completer = { [weak session] before, word in
      session?.completions(lineBefore: before, word: word) ?? []
    }
    editor?.takesTabsAsText = { [weak session] in session?.takesLinesAsText ?? false }
    console.columns = { [weak session] in session?.terminal.columns }
    console.print(banner)
    // The handlers hold the session weakly: a watcher is held until it is cancelled, and the
    // session must go at the end of the run so what the app opened is closed.
    let interrupts = SignalWatcher(signals: [SIGINT]) { [weak session, console] _ in
      // Already used: it stopped the line that was running (an import).
      guard let session, !LineInterruption.process.tookInterrupt() else { return }
      if session.cancelBackgroundWork() {
        console.print("Cancelled.")
      } else if let message = session.interruptLineEntry() {
        // The text's `...>` gives way to the screen's own prompt at once, so the next line is
        // typed where it will run.
        console.editor?.abandonLine(newPrompt: session.prompt)
        console.print(message)
      } else if let editor = console.editor {
        editor.abandonLine()
      } else {
        console.print("^C (type `quit` or press Ctrl-D to leave)")
      }
    }
    let terminations = SignalWatcher(signals: SignalWatcher.stopping) {
      [weak session, console] signal in
      // The terminal goes back to how the user had it before the session ends. A line of a text
      // typed and not yet entered is a line of the text, kept with the rest; a command half
      // typed is not run.
      let typed = console.editor?.leaveTerminal() ?? ""
      Task { @MainActor in
        if let session, session.takesLinesAsText, !typed.isEmpty {
          _ = await session.runLine(Array(typed.utf8))
        }
        // Every saved change is committed when it is made; unsaved text is kept as a draft.
        // The status says a signal ended the session, as a script's does.
        session?.preserveUnsavedWork()
        exit(128 + signal)
      }
    }
    // Lines are laid out for the terminal's width, measured again when the window is resized;
    // a resize, or coming back after Ctrl-Z and `fg`, draws the line being typed again.
    session.terminal = TerminalContext(
      columns: TerminalSize.measureColumns(), rows: TerminalSize.measureRows(),
      style: TerminalStyle.wanted(), format: session.terminal.format)
    let redraws = SignalWatcher(signals: [SIGWINCH, SIGCONT]) { [weak session, console] _ in
      session?.terminal.columns = TerminalSize.measureColumns()
      session?.terminal.rows = TerminalSize.measureRows()
      console.editor?.redrawLine()
    }
    defer {
      interrupts.cancel()
      terminations.cancel()
      redraws.cancel()
    }
    session.start()
    if let startup {
      let lines = BatchRunner(session: session, console: console, echoes: false, bails: false)
      let style = session.terminal.style
      _ = await lines.run(lines: startup, bails: false, asInitFile: true, styled: style.error)
    }
    let plainInput = editor == nil ? LineInput(descriptor: 0) : nil
    while true {
      let line: ByteLineReader.Line?
      if let editor {
        line = await editor.readLine(prompt: session.prompt).map { .bytes(Array($0.utf8)) }
      } else {
        StandardStream.output.write(session.prompt)
        line = await plainInput?.nextLine()
      }
      guard let line else {
        console.print("")
        session.stopBackgroundWorkBeforeLeaving()
        return session.preserveUnsavedWork() ? 0 : 1
      }
      let outcome: LineOutcome
      switch line {
      case .bytes(let bytes):
        if session.remembersNextLine, let text = String(validating: bytes, as: UTF8.self) {
          editor?.remember(text)
        }
        // What a command prints is shown when it ends: through the pager when taller than
        // the window.
        console.collectOutput()
        outcome = await session.runLine(bytes)
        console.showCollectedOutput(rows: session.terminal.rows)
      case .tooLong(let count):
        outcome = .tooLong(count)
      }
      switch outcome {
      case .quit: return 0
      case .failed(let error):
        console.printError(session.terminal.style.error(MessageStyle.errorLine(error.message)))
      case .done: break
      }
    }
  }
}

/// The console of an interactive session: output that arrives while a line is being typed is
/// printed above it.
@MainActor
public final class InteractiveConsole: ConsoleOutput {
  var editor: LineEditor?
  /// The terminal's width now, which messages are broken to at spaces.
  var columns: () -> Int? = { nil }
  /// The lines printed by the command running now, while they are collected.
  private var collected: [String]?

  /// Creates the console; the runner gives it its line editor.
  public init() {}

  /// Starts collecting what is printed, until ``showCollectedOutput()``.
  func collectOutput() {
    collected = []
  }

  /// Shows what was collected: through the pager when it is taller than the window, else
  /// printed.
  ///
  /// - Parameter rows: The window's height, or `nil` when not known.
  func showCollectedOutput(rows: Int?) {
    guard let lines = collected else { return }
    collected = nil
    if let rows, lines.count >= rows, Pager.show(lines) { return }
    print(lines: lines)
  }

  /// Prints a line above the line being typed.
  ///
  /// - Parameter line: The line, without a newline.
  public func print(_ line: String) {
    print(lines: [line])
  }

  /// Prints lines above the line being typed.
  ///
  /// - Parameter lines: The lines, without newlines.
  public func print(lines: [String]) {
    // A message wider than the window breaks at a space, not wherever the terminal would.
    let lines = lines.flatMap { $0.brokenAtSpaces(toColumns: columns()) }
    if collected != nil {
      collected?.append(contentsOf: lines)
      return
    }
    if let editor {
      editor.printAbovePrompt(lines)
    } else {
      StandardStream.output.write(lines.map { $0 + "\n" }.joined())
    }
  }

  /// Prints a line to standard error, above the line being typed (an error from work that
  /// ended in the background, such as a failed upload, gets the prompt back after it).
  ///
  /// - Parameter line: The line, without a newline.
  public func printError(_ line: String) {
    let lines = line.brokenAtSpaces(toColumns: columns())
    if let editor {
      editor.printAbovePrompt(lines, toStandardError: true)
    } else {
      StandardStream.error.write(lines.map { $0 + "\n" }.joined())
    }
  }
}
