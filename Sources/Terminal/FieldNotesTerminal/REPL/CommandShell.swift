/// A line-oriented shell over a stack of screens: it reads a line, runs an app-wide command or
/// hands the line to the screen on top, and draws what changed.
///
/// The shell has the commands every screen app needs (`help`, `quit`, `back`, `list`, `state`,
/// `trace`, `renders`); the app adds its own (such as `sync`) and a factory that makes a screen
/// from a route. Help, completion and "can't be used here" come from the screens' own command
/// tables, so the shell never parses a screen's words.
@MainActor
open class CommandShell<Route>: LineSession {
  /// The stack of screens.
  public let navigator: ScreenNavigator<Route>
  /// Where the shell and its commands print.
  public let output: any ConsoleOutput
  private let appName: String
  private var commands: [ShellCommand<Route>] = []
  /// The line `help` ends with, if any.
  let helpFooter: String?

  /// Creates a shell showing the root screen.
  ///
  /// - Parameters:
  ///   - appName: The prompt at the root, such as `fieldnotes`.
  ///   - title: The app's name in words, such as `FieldNotes`.
  ///   - helpFooter: The line `help` ends with; none by default.
  ///   - root: The route of the root screen.
  ///   - guides: Every kind of screen's commands.
  ///   - entries: Commands the app adds to screens, each opening another screen; none by default.
  ///   - isInteractive: Whether a person is typing.
  ///   - output: Where to print.
  ///   - makeScreen: Makes the screen of a route.
  public init(
    appName: String, title: String, helpFooter: String? = nil, root: Route,
    guides: [ScreenGuide], entries: [ScreenEntry<Route>] = [], isInteractive: Bool,
    output: any ConsoleOutput, makeScreen: @escaping (Route) -> any TerminalScreen<Route>
  ) {
    self.appName = appName
    self.helpFooter = helpFooter
    self.output = output
    navigator = ScreenNavigator(
      root: root, guides: guides, entries: entries, isInteractive: isInteractive,
      makeScreen: makeScreen,
      draw: { [output] in output.print(lines: $0) })
    commands = Self.builtInCommands(title: title)
  }

  /// Adds the app's own app-wide commands, listed by `help` after the shell's.
  ///
  /// - Parameter commands: The commands.
  public func add(_ commands: [ShellCommand<Route>]) {
    self.commands += commands
  }

  /// Whether a person is typing: background work then runs while the prompt comes back.
  public var isInteractive: Bool { navigator.isInteractive }

  /// Draws the first screen.
  open func start() {
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
    defer { navigator.settle() }
    if navigator.top.linePrompt != nil {
      do { try await navigator.takeLine(line, print: output.print(lines:)) } catch {
        throw error.lineError()
      }
      return .done
    }
    let words: [String]
    do { words = try CommandTokenizer.words(in: line) } catch { throw .invalidInput(error.reason) }
    guard let name = words.first else { return .done }
    let arguments = Array(words.dropFirst())
    guard let command = commands.first(where: { $0.names.contains(name.lowercased()) }) else {
      do { try await navigator.run(name, arguments, print: output.print(lines:)) } catch {
        throw error.lineError(suggestion: suggestion(for: name))
      }
      return .done
    }
    if !command.worksInModalScreens, let hint = navigator.top.blockingHint {
      throw .notHere(command: command.name, hint: hint)
    }
    return try await command.run(self, arguments)
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

  /// Runs one line for a runner, turning its error into words.
  ///
  /// - Parameter bytes: The line's bytes, without its newline.
  /// - Returns: What became of it.
  public func runLine(_ bytes: [UInt8]) async -> LineOutcome {
    do {
      return try await run(bytes: bytes) == .quit ? .quit : .done
    } catch {
      return .failed(error.message)
    }
  }

  /// Whether the next line typed may go into the history file: not on a screen that keeps its
  /// lines out (the composer).
  public var remembersNextLine: Bool { navigator.top.remembersTypedLines }

  /// Waits for background work the screens started (a summary), as a script does before its
  /// next line.
  open func waitForBackgroundWork() async {
    await navigator.waitForBackgroundWork()
    navigator.settle()
  }

  /// Keeps every screen's unsaved work safe before the program ends without the user leaving
  /// (its input ended, or a signal told it to stop), printing what was kept.
  public func preserveUnsavedWork() {
    for screen in navigator.screens.reversed() {
      let lines = screen.preserveUnsavedWork()
      if !lines.isEmpty { output.print(lines: lines) }
    }
  }

  /// Ends text entry on the screen on top without using it (Ctrl-C).
  ///
  /// - Returns: A line saying so, or `nil` when no text was being entered.
  public func interruptLineEntry() -> String? {
    defer { navigator.settle() }
    return navigator.top.interruptLineEntry()
  }

  /// Cancels the screens' background work (Ctrl-C).
  ///
  /// - Returns: Whether anything was running.
  @discardableResult
  open func cancelBackgroundWork() -> Bool {
    navigator.cancelBackgroundWork()
  }

  // MARK: - What is on screen

  /// The prompt naming where the user is, such as `Birds/compose> `.
  public var prompt: String { navigator.prompt(appName: appName) }

  /// How many times each view has been drawn, by view name.
  public var renderCounts: [String: Int] { navigator.renderCounts }

  // MARK: - Help and completion

  /// The commands usable here: the app-wide ones, then the screens' (top first).
  ///
  /// - Returns: Each group's heading and commands.
  public func commandsHere() -> [(heading: String, commands: [CommandHelp])] {
    let isModal = navigator.top.blockingHint != nil
    let appWide = commands.filter { !isModal || $0.worksInModalScreens }.map(\.help)
    return [("Anywhere", appWide)] + navigator.commandsHere()
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

  private func candidates(lineBefore: String, word: String) -> [String] {
    let words = (try? CommandTokenizer.words(in: lineBefore)) ?? []
    let candidates: [String]
    if navigator.top.linePrompt != nil {
      candidates = []
    } else if let name = words.first?.lowercased() {
      let previous = Array(words.dropFirst())
      let command = commands.first { $0.names.contains(name) }
      if command?.completesPaths == true, previous.isEmpty {
        return PathCompletion.candidates(for: word)
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

  private static func unquoted(_ word: String) -> String {
    word.first == "\"" || word.first == "'" ? String(word.dropFirst()) : word
  }
}

extension ScreenNavigator.Failure {
  /// The line's error.
  func lineError(suggestion: String? = nil) -> CommandLineError {
    switch self {
    case .unknownCommand(let name): .unknownCommand(name, suggestion: suggestion)
    case .notHere(let command, let hint): .notHere(command: command, hint: hint)
    case .screen(let error): CommandLineError(error)
    }
  }
}
