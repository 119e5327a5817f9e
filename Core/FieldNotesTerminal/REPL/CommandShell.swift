/// A line-oriented shell over a stack of screens: it reads a line, runs an app-wide command or
/// hands the line to the screen on top, and draws what changed.
///
/// The shell has the commands every screen app needs (`help`, `quit`, `back`, `list`, `state`,
/// `trace`, `renders`); the app adds its own (such as `upload`) and registers its screens. Help,
/// completion and "can't be used here" come from the screens' own command tables, so the shell
/// never parses a screen's words. The app composes a shell; it never subclasses one.
@MainActor
public final class CommandShell<Route: Equatable>: LineSession {
  /// The stack of screens.
  public let navigator: ScreenNavigator<Route>
  /// Where the shell and its commands print their messages and answers: standard output, or
  /// standard error in a script's format, whose standard output holds records alone (see
  /// ``ScreenCapabilities/drawsRecords``).
  public var output: any ConsoleOutput { messages }
  private let messages: MessageOutput
  private let appName: String
  private var commands: [ShellCommand<Route>] = []
  private var backgroundWork: [any ShellBackgroundWork] = []
  private var catchingUp: [() -> String?] = []
  /// The last line but `why`, and the view on screen as it was drawn before it: what `why`
  /// explains, against the view as it is when `why` is asked.
  private var lastLine: (command: String, before: DrawExplanation.Snapshot?)?
  /// The line `help` ends with, if any.
  let helpFooter: String?
  /// What the screens that draw records show, as `output` names them.
  let records: String

  /// Creates a shell showing the screen of the root route.
  ///
  /// - Parameters:
  ///   - appName: The prompt at the root: the program's name, as it is typed.
  ///   - title: The app's name in words, as `quit`'s summary says it.
  ///   - records: What the screens that draw records show, in the plural, as `output` names
  ///     them (`show or choose how records print`); `records` by default.
  ///   - helpFooter: The line `help` ends with; none by default.
  ///   - root: The route of the root screen.
  ///   - registry: Every kind of screen, and how each is made.
  ///   - isInteractive: Whether a person is typing.
  ///   - output: Where to print: views on its standard output, messages there too or, in a
  ///     script's format, on its standard error.
  public init(
    appName: String, title: String, records: String = "records", helpFooter: String? = nil,
    root: Route,
    registry: ScreenRegistry<Route>, isInteractive: Bool, output: any ConsoleOutput
  ) {
    self.appName = appName
    self.helpFooter = helpFooter
    self.records = records
    let messages = MessageOutput(output)
    self.messages = messages
    navigator = ScreenNavigator(
      root: root, registry: registry, isInteractive: isInteractive,
      draw: { [output] in output.print(lines: $0) },
      drawAside: { [messages] in messages.print(lines: $0) })
    messages.goesAside = { [unowned navigator] in navigator.terminal.format.isForScripts }
    messages.writeEarlierOutput = { [unowned navigator] in navigator.writeUnwritten() }
    commands = Self.builtInCommands(title: title, records: records)
  }

  /// Lines printed to standard error when the session starts, before the first screen: what the
  /// app found wrong while opening (a file it could not read).
  public var notices: [String] = []

  /// Adds the app's own app-wide commands, listed by `help` after the shell's.
  ///
  /// - Parameter commands: The commands.
  public func add(_ commands: [ShellCommand<Route>]) {
    self.commands += commands
  }

  /// Adds work the app's commands run in the background (an upload), which a script waits for and
  /// Ctrl-C cancels along with the screens'.
  ///
  /// - Parameter work: The work.
  public func add(backgroundWork work: any ShellBackgroundWork) {
    backgroundWork.append(work)
  }

  /// Adds a step the shell takes after every line, before it draws what changed: the app
  /// catches up there with what other processes saved, so each view drawn shows what they
  /// share as it is now.
  ///
  /// After the line, not before it: a row number a line names stands for the row as the user
  /// last saw it drawn, never for one that changed unseen in between.
  ///
  /// - Parameter step: The step; what it returns is printed to standard error as a warning.
  public func add(catchingUp step: @escaping () -> String?) {
    catchingUp.append(step)
  }

  /// The terminal the screens are drawn for.
  public var terminal: TerminalContext {
    get { navigator.terminal }
    set { navigator.terminal = newValue }
  }

  /// Whether each view is printed when what it shows changes, or only when `list` asks (see
  /// ``ScreenNavigator/drawsEveryChange``): `--quiet` scripts print only what commands answer.
  public var drawsEveryChange: Bool {
    get { navigator.drawsEveryChange }
    set { navigator.drawsEveryChange = newValue }
  }

  /// Whether a script that prints a view only where `list` asks (``drawsEveryChange`` off)
  /// prints, as it ends, the screen it ends on when a command showed it and `list` has not
  /// printed it since (see ``finishRun()``): a script's answer is what it last looked at.
  ///
  /// A line shows something when it changes the view on top, or brings another on top, to
  /// other than what was printed last, without changing the app's data (``dataRevision``) and
  /// without failing: a command that
  /// opens a screen or narrows a list does; one that saves or changes a record answers in a
  /// line of its own. Off by default, as for a one-shot command run as the REPL's lines, which
  /// prints only where `list` asks.
  public var printsScreenShownLast = false

  /// A count that changes whenever the app's data does (a save, an upload), read before and
  /// after each line: a line that changes it is no line that only showed something.
  public var dataRevision: () -> Int = { 0 }

  /// Whether the screen on top was shown by a line and not printed since.
  private var owesScreen = false

  /// Whether what is printed is for a script to read.
  ///
  /// It is in a script's format, and in a quiet script, which prints a view only where `list`
  /// asks. A list `list` draws then is whole.
  public var printsForAScript: Bool { !drawsEveryChange || terminal.format.isForScripts }

  /// Whether a person is typing: background work then runs while the prompt comes back.
  public var isInteractive: Bool { navigator.isInteractive }

  /// What the last line but `why` did to the view on screen: the view as it was drawn before
  /// the line, against the view and the values it is drawn from now, read as this is asked.
  ///
  /// - Returns: The explanation, or `nil` before any line.
  public func explanationOfLastLine() -> DrawExplanation? {
    guard let lastLine, let before = lastLine.before else { return nil }
    return DrawExplanation(
      command: lastLine.command, before: before, after: navigator.explanationSnapshot())
  }

  /// Prints the ``notices``, then draws the first screen.
  public func start() {
    for notice in notices { output.printError(notice) }
    navigator.settle()
  }

  // MARK: - Running lines

  /// Runs one line typed by the user.
  ///
  /// - Parameter line: The line, without its newline.
  /// - Returns: Whether the session goes on.
  /// - Throws: ``CommandLineError`` saying why the line did nothing; the session goes on.
  @discardableResult
  public func run(_ line: String) async throws(CommandLineError) -> ShellOutcome {
    // `why` explains the line before it, against the view as it was drawn before that line,
    // which the navigator kept as it drew it; nothing is read for it until `why` is asked.
    if line.trimmingCharacters(in: .whitespaces).lowercased() != "why" {
      lastLine = (line, navigator.lastDrawn)
    }
    // What the line changes is drawn once, as it ends.
    let wasRunningLine = navigator.isRunningLine
    navigator.isRunningLine = true
    let before = (
      withheld: navigator.withheldDrawings, printed: navigator.printedDrawings,
      revision: dataRevision()
    )
    var hasFailed = true
    defer {
      for step in catchingUp { if let warning = step() { output.printError(warning) } }
      navigator.settle()
      navigator.isRunningLine = wasRunningLine
      if navigator.printedDrawings != before.printed || hasFailed {
        owesScreen = false
      } else if navigator.withheldDrawings != before.withheld {
        owesScreen = dataRevision() == before.revision && !navigator.showsWhatWasPrinted
      }
    }
    let outcome = try await runCommand(in: line)
    hasFailed = false
    return outcome
  }

  /// Prints what a run of lines still owes its reader as it ends: with
  /// ``printsScreenShownLast``, the screen a line showed and `list` has not printed since,
  /// whole, as `list` prints it in a script.
  public func finishRun() {
    guard printsScreenShownLast, !drawsEveryChange, owesScreen else { return }
    owesScreen = false
    navigator.redraw(whole: true)
    navigator.settle()
  }

  /// Says which questions the run asked and left unanswered as its input ends, each as an
  /// error line on standard error.
  ///
  /// - Returns: Whether every question was answered.
  public func reportUnansweredQuestions() -> Bool {
    let questions = navigator.unansweredQuestions
    for question in questions {
      output.printError(
        MessageStyle.errorLine(
          "nothing was done: \u{201C}\(question)\u{201D} was asked, and no line answered it "
            + "(the command after a question answers it)"))
    }
    return questions.isEmpty
  }

  /// Says, as the run's input ends, that the screen it ends on could not read what it shows,
  /// as an error line on standard error: a script asking for a list got none, and no empty
  /// answer may pass for one.
  ///
  /// - Returns: Whether the screen read what it shows.
  public func reportFailedRead() -> Bool {
    guard let failure = navigator.failedRead else { return true }
    output.printError(MessageStyle.errorLine(failure))
    return false
  }

  /// The questions asked and not answered yet, top screen first.
  public var unansweredQuestions: [String] { navigator.unansweredQuestions }

  /// Withdraws every question no one answered, doing nothing of what each asked about.
  public func withdrawQuestions() { navigator.withdrawQuestions() }

  /// Runs a line as a command, or hands it to the screen on top as text.
  private func runCommand(in line: String) async throws(CommandLineError) -> ShellOutcome {
    if navigator.linePrompt != nil {
      try await navigator.takeLine(line)
      return .done
    }
    let typed: (name: String, rest: Substring)
    do throws(InputError) {
      guard let line = try CommandTokenizer.commandName(in: line) else { return .done }
      typed = line
    } catch {
      throw .invalidInput(error.reason)
    }
    guard let command = commands.first(where: { $0.names.contains(typed.name.lowercased()) })
    else {
      do {
        try await navigator.run(typed.name, rest: typed.rest)
      } catch {
        // No screen knows the word: perhaps one of the app's commands or a screen's was meant.
        guard case .unknownCommand(let name, _) = error else { throw error }
        throw .unknownCommand(name, suggestion: suggestion(for: name))
      }
      return .done
    }
    let arguments: [String]
    do throws(InputError) {
      arguments = try CommandTokenizer.arguments(in: typed.rest, form: command.argumentForm)
    } catch {
      throw .invalidInput(error.reason)
    }
    if !command.worksInModalScreens, case .modal(let whatToFinish) = navigator.topModality {
      throw .notHere(command: command.name, hint: whatToFinish)
    }
    return try await command.run(self, arguments, CommandContext(isInteractive: isInteractive))
  }

  /// Runs one line given as raw bytes, refusing bytes that are not a line of text.
  ///
  /// - Parameter bytes: The line's bytes, without its newline.
  /// - Returns: Whether the session goes on.
  /// - Throws: ``CommandLineError``; the session goes on.
  @discardableResult
  public func run(bytes: some Collection<UInt8>) async throws(CommandLineError) -> ShellOutcome {
    let line: String
    do { line = try InputLine.text(from: bytes) } catch { throw .invalidInput(error.reason) }
    return try await run(line)
  }

  /// Runs one line for a runner.
  ///
  /// - Parameter bytes: The line's bytes, without its newline.
  /// - Returns: What became of it: a failure as the shell's error, which the runner prints.
  public func runLine(_ bytes: [UInt8]) async -> LineOutcome {
    do {
      return try await run(bytes: bytes) == .quit ? .quit : .done
    } catch {
      return .failed(error)
    }
  }

  /// Whether the next line typed may go into the history file: not on a screen that keeps its
  /// lines out (see ``ModalWork/remembersTypedLines``).
  public var remembersNextLine: Bool { navigator.remembersTypedLines }

  /// Waits for background work the app's commands and the screens started (an upload, a
  /// search), as a script does before its next line.
  public func waitForBackgroundWork() async {
    for work in backgroundWork { await work.waitForBackgroundWork() }
    await navigator.waitForBackgroundWork()
    navigator.settle()
  }

  /// What is printed when the session ends with work still running in the background, which
  /// it stops: a plain sentence unless the app says what the work was and what becomes of it.
  public var stoppedWorkMessage = "Stopped what was still running before leaving."

  /// Stops work still running in the background (an upload, a search) as the session ends, by
  /// `quit` or Ctrl-D, and says so (``stoppedWorkMessage``) rather than leaving without a word.
  public func stopBackgroundWorkBeforeLeaving() {
    guard cancelBackgroundWork() else { return }
    output.print(stoppedWorkMessage)
  }

  /// Keeps every screen's unsaved work safe before the program ends without the user leaving
  /// (its input ended, or a signal told it to stop), printing what was kept.
  ///
  /// Work that could not be kept is printed in full to standard error after the reason, the
  /// last place it can go.
  ///
  /// - Returns: Whether every screen's work was kept (or there was none).
  @discardableResult
  public func preserveUnsavedWork() -> Bool {
    var allKept = true
    for work in navigator.preserveUnsavedWork() {
      switch work {
      case .nothing: break
      case .kept(let line): output.print(line)
      case .notKept(let reason, let lines):
        allKept = false
        output.printError(MessageStyle.errorLine(reason))
        for line in lines { output.printError(line) }
      }
    }
    return allKept
  }

  /// Ends text entry on the screen on top without using it (Ctrl-C).
  ///
  /// - Returns: A line saying so, or `nil` when no text was being entered.
  public func interruptLineEntry() -> String? {
    defer { navigator.settle() }
    return navigator.interruptLineEntry()
  }

  /// Cancels the screens' background work (Ctrl-C).
  ///
  /// - Returns: Whether anything was running.
  @discardableResult
  public func cancelBackgroundWork() -> Bool {
    let cancelled = backgroundWork.reduce(false) { $1.cancelBackgroundWork() || $0 }
    return navigator.cancelBackgroundWork() || cancelled
  }

  // MARK: - What is on screen

  /// The prompt naming where the user is, such as `Attic/edit> `.
  public var prompt: String { navigator.prompt(appName: appName) }

  /// Whether the next line is text for the screen on top (a line of a text), not a command.
  public var takesLinesAsText: Bool { navigator.linePrompt != nil }

  /// How many times each view has been drawn, by view name.
  public var renderCounts: [String: Int] { navigator.renderCounts }

  // MARK: - Help and completion

  /// The commands usable here: the app-wide ones, then the screens' (top first).
  ///
  /// - Returns: Each group's heading and commands.
  public func commandsHere() -> [(heading: String, commands: [CommandHelp])] {
    let isModal = navigator.topModality != .modeless
    let appWide = commands.filter { !isModal || $0.worksInModalScreens }.map(\.help)
    // What the user came to do first: the screens' commands, then the app's; the commands
    // that look inside the app last, apart.
    let inside = appWide.filter(\.isInspection)
    return navigator.commandsHere() + [("Anywhere", appWide.filter { !$0.isInspection })]
      + (inside.isEmpty ? [] : [("Looking inside", inside)])
  }

  /// The closest command name to a mistyped word, among every screen's and the app's.
  ///
  /// - Parameter word: The word typed.
  /// - Returns: The name, or `nil` when none is close.
  public func suggestion(for word: String) -> String? {
    let names =
      commands.flatMap(\.names) + navigator.guides.flatMap { $0.commands.flatMap(\.names) }
      + navigator.entries.flatMap(\.help.names)
    return CommandSuggestion.closest(to: word, among: names)
  }

  /// The words that could complete what is being typed, for tab completion: the names of the
  /// commands usable here, then what each command takes.
  ///
  /// - Parameters:
  ///   - lineBefore: The line before the word being completed.
  ///   - word: The part of the word typed so far.
  /// - Returns: The candidates that start with `word`, ignoring case, sorted.
  public func completions(lineBefore: String, word: String) -> [String] {
    // A name holding a control character (another tool's import can make one) is never
    // offered: it can't be typed, and listing it would send it to the terminal raw.
    completionsOfAnyText(lineBefore: lineBefore, word: word).filter { $0.terminalSafe == $0 }
  }

  private func completionsOfAnyText(lineBefore: String, word: String) -> [String] {
    if let found = textCompletions(lineBefore: lineBefore, word: word) { return found }
    // Inside an opening quote (`open "Fi`), the line editor hands over the word after the quote:
    // complete it as an argument, and close the quote rather than open another.
    var before = lineBefore
    let isInsideQuote =
      (try? CommandTokenizer.words(in: before)) == nil
      && (before.last == "\"" || before.last == "'")
    if isInsideQuote { before.removeLast() }
    let found = candidates(lineBefore: before, word: word)
    guard isInsideQuote else { return found }
    return found.map { $0.first == "\"" ? String($0.dropFirst()) : $0 + "\"" }
  }

  /// The completions of a word inside the text a command takes (`find in:Att`), or `nil` for
  /// another command: its completer is handed the text typed before the word, exactly as typed
  /// (an open quote and all), as the only element of its arguments, and what it offers is
  /// matched against the word as the line editor hands it over.
  private func textCompletions(lineBefore: String, word: String) -> [String]? {
    guard navigator.linePrompt == nil, let typed = try? CommandTokenizer.commandName(in: lineBefore)
    else { return nil }
    let name = typed.name.lowercased()
    let command = commands.first { $0.names.contains(name) }
    guard
      case .text(afterWords: 0) = command?.argumentForm
        ?? navigator.argumentForm(ofCommandNamed: name)
    else { return nil }
    let before = [String(typed.rest.drop(while: \.isWhitespace))]
    let offered =
      command?.complete(self, before) ?? navigator.completions(forCommand: name, after: before)
      ?? []
    // Quotes are passed over in matching, so `in:Fi` finds `in:"Field trips"`.
    let bare = { (text: String) in text.lowercased().replacingOccurrences(of: "\"", with: "") }
    return Set(offered.filter { bare($0).hasPrefix(bare(word)) }).sorted()
  }

  private func candidates(lineBefore: String, word: String) -> [String] {
    let words = (try? CommandTokenizer.words(in: lineBefore)) ?? []
    let candidates: [String]
    if navigator.linePrompt != nil {
      candidates = []
    } else if let name = (words.first ?? (try? CommandTokenizer.commandName(in: lineBefore))?.name)?
      .lowercased()
    {
      let previous = Array(words.dropFirst())
      let command = commands.first { $0.names.contains(name) }
      if command?.completesPaths == true, previous.isEmpty {
        return PathCompletion.candidates(for: word)
      }
      // A name ending the line is taken as typed, spaces and all: its words typed so far
      // (`open Field t`, or `open "Field t` inside a quote) and the one being completed are
      // matched against whole names, and the rest of the name is offered from the word being
      // completed (`trips`, or `trips"` to close the quote).
      if case .name(let count) = command?.argumentForm
        ?? navigator.argumentForm(ofCommandNamed: name),
        let typed = try? CommandTokenizer.commandName(in: lineBefore),
        let parts = try? CommandTokenizer.arguments(in: typed.rest, form: .text(afterWords: count)),
        parts.count >= count
      {
        let leading = Array(parts.prefix(count))
        var nameSoFar = parts.count > count ? parts[count] : ""
        let isQuoted = nameSoFar.first == "\"" || nameSoFar.first == "'"
        if isQuoted { nameSoFar.removeFirst() }
        let names =
          (command?.complete(self, leading)
          ?? navigator.completions(forCommand: name, after: leading) ?? []).map(Self.unquotedWhole)
        let wanted = (nameSoFar + Self.unquoted(word)).lowercased()
        return Set(
          names.filter { $0.lowercased().hasPrefix(wanted) }.map {
            String($0.dropFirst(nameSoFar.count)) + (isQuoted ? "\"" : "")
          }
        ).sorted()
      }
      candidates =
        command?.complete(self, previous)
        ?? navigator.completions(forCommand: name, after: previous) ?? []
    } else {
      candidates = commandsHere().flatMap { $0.commands.map(\.names[0]) }
    }
    let folded = Self.unquoted(word).lowercased()
    return Set(candidates.filter { Self.unquoted($0).lowercased().hasPrefix(folded) }).sorted()
  }

  /// A name a completer quoted (`"Field trips"`), as typed without its quotes.
  private static func unquotedWhole(_ name: String) -> String {
    guard name.count >= 2, let first = name.first, first == "\"" || first == "'", name.last == first
    else { return name }
    return String(name.dropFirst().dropLast()).replacingOccurrences(of: "\\\"", with: "\"")
  }

  private static func unquoted(_ word: String) -> String {
    word.first == "\"" || word.first == "'" ? String(word.dropFirst()) : word
  }
}

/// Work an app-wide command runs in the background, such as an upload: a script waits for it
/// before its next line, and Ctrl-C cancels it.
@MainActor
public protocol ShellBackgroundWork: AnyObject {
  /// Waits for the work.
  func waitForBackgroundWork() async

  /// Cancels the work.
  ///
  /// - Returns: Whether anything was running.
  func cancelBackgroundWork() -> Bool
}
