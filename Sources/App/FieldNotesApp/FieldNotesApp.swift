import FieldNotesCommandLine
import FieldNotesCommands
import FieldNotesModel
import FieldNotesNavigation
import FieldNotesPersistence
import FieldNotesPlatform
import FieldNotesServices
import FieldNotesServicesLive
import FieldNotesTerminal
import Foundation

/// The `fieldnotes` program: reads the command line, composes the dependencies once, and runs
/// the REPL, interactively or over a script.
public enum FieldNotesApp {
  /// The version `--version` prints.
  public static let version = "0.1.0"
  /// The day this version was made, as the man page's header gives it.
  public static let releaseDate = "2026-12-06"

  /// Exit status for a bad command line (`EX_USAGE`).
  public static let usageExitStatus: Int32 = 64

  /// Runs the program.
  ///
  /// - Parameters:
  ///   - arguments: The arguments after the program name, each `nil` that isn't UTF-8 text
  ///     (a title typed in another encoding): the command line is then refused whole, rather
  ///     than saved with its bytes replaced.
  ///   - environment: The process environment.
  /// - Returns: The exit status: 0 when every line succeeded, 1 when one failed or the store
  ///   could not be opened, 64 for a bad command line.
  @MainActor
  public static func run(arguments: [String?], environment: [String: String]) async -> Int32 {
    await run(
      arguments: arguments.map { $0 ?? "" }, environment: environment,
      console: StandardConsole(), input: nil,
      unreadableArgument: arguments.firstIndex(of: nil).map { $0 + 1 })
  }

  /// Runs the program with its output captured and its input given, as tests do.
  ///
  /// - Parameters:
  ///   - arguments: The arguments after the program name.
  ///   - environment: The process environment (`TZ`, `FIELDNOTES_NOW` and `FIELDNOTES_IDS` are
  ///     honoured, so a run is reproducible).
  ///   - console: Where to print.
  ///   - input: The lines of standard input as bytes (so tests can send invalid UTF-8), or `nil`
  ///     to read the real one.
  ///   - unreadableArgument: Which argument, from 1, is not UTF-8 text, if one isn't.
  /// - Returns: The exit status.
  @MainActor
  public static func run(
    arguments: [String], environment: [String: String], console: any ConsoleOutput,
    input: [[UInt8]]?, unreadableArgument: Int? = nil
  ) async -> Int32 {
    // A completion script's question, answered before anything else is read or opened.
    if let request = CompletionRequest(arguments: arguments) {
      let lines = request.lines(
        of: StoreCompletionWords.read(
          request.kind?.rawValue, ofStoreAt: request.storePath(environment: environment)))
      if !lines.isEmpty { console.print(lines: lines) }
      return 0
    }
    let options: LaunchOptions
    do throws(UsageError) {
      if let position = unreadableArgument {
        throw UsageError("argument \(position) is not UTF-8 text; nothing was done")
      }
      options = try LaunchOptions.parse(arguments)
    } catch {
      console.printError("error: \(error.message); see `fieldnotes --help`")
      if arguments.contains(LaunchOption.addCommand) {
        StandardInput.giveBack(
          input, keepingOtherwiseIn: StoreLocation.unsavedInputFolder(environment: environment),
          console: console)
      }
      return usageExitStatus
    }
    if options.showsHelp {
      console.print(
        lines: lines(
          of: options.helpTopic.map(LaunchOptions.help(forCommand:)) ?? LaunchOptions.help))
      return 0
    }
    if options.showsVersion {
      console.print("fieldnotes \(version)")
      return 0
    }
    if let shell = options.completionShell {
      console.print(lines: lines(of: CompletionScript.script(for: shell)))
      return 0
    }
    if options.showsManual {
      console.print(
        lines: lines(
          of: ManualPage.text(version: version, date: releaseDate, commands: commandGroups())))
      return 0
    }
    let isInteractive =
      input == nil && options.scriptPath == nil && options.commands.isEmpty
      && options.listLines == nil && options.subcommand == nil && isatty(0) == 1
      && isatty(1) == 1
    let startup: BatchRunner.Source?
    do {
      startup = try InitFile.lines(
        for: options.initFile, isInteractive: isInteractive, environment: environment,
        warn: console.printError)
    } catch {
      console.printError(MessageStyle.errorLine(error.message) + "; see `fieldnotes --help`")
      return usageExitStatus
    }
    var dependencies: AppDependencies
    do {
      dependencies = try makeDependencies(options, environment: environment)
      dependencies.exportRecord = StoreLocation.exportRecord(environment: environment)
      dependencies.folderExportRecords = StoreLocation.folderExportRecords(
        environment: environment)
    } catch {
      console.printError(MessageStyle.errorLine(error.errorDescription ?? "no store"))
      if let addition = options.addition {
        StandardInput.giveBack(
          input, keepingOtherwiseIn: StoreLocation.unsavedInputFolder(environment: environment),
          note: addition.lines, console: console)
      }
      return 1
    }
    let screens = dependencies.screens(preferences: ScreenPreferences(noteListForm: .mvvm))
    if options.addition != nil || options.shownNote != nil {  // leftover edits kept, as at a start
      for warning in Screens.keepLeftoverEdits(screens) { console.printError(warning) }
    }
    if let addition = options.addition {
      guard
        let body = StandardInput.text(
          given: input,
          keepingOtherwiseIn: StoreLocation.unsavedInputFolder(environment: environment),
          console: console)
      else { return 1 }
      do {
        console.print(
          try Screens.addNote(
            addition.title, body, addition.tags, addition.notebook, screens))
        return 0
      } catch {
        console.printError(MessageStyle.errorLine(error.error.message) + "; nothing was saved")
        // The body came on standard input, read once: say where it was kept, or give it back.
        switch error.text {
        case .nothing: break
        case .kept(let line): console.printError(line)
        case .notKept(let reason, let work):
          console.printError(MessageStyle.errorLine(reason))
          for line in work { console.printError(line) }
        }
        return 1
      }
    }
    if let remote = options.syncRemote, let sync = dependencies.sync {
      do { _ = try await sync.use(remote) } catch {
        console.printError(MessageStyle.errorLine(SyncCommands.message(error)))
        return 1
      }
    }
    if let typed = options.shownNote {
      return showNote(typed, options: options, dependencies: dependencies, console: console)
    }
    if let command = options.subcommand {
      return await OneShotCommand.run(
        command, format: options.format, dependencies: dependencies, console: console)
    }
    if let lines = options.listLines {
      // `ls` and `search` are the REPL's own lines, run quietly: the list whole, and nothing
      // else; a search refused stops them, so no list is printed in place of the one asked for.
      let session = AppSession(dependencies: dependencies, output: console, isInteractive: false)
      session.drawsEveryChange = false
      session.terminal.format = options.format
      guard let limit = options.listedLimit else {
        return await ShellNoteCommands.runQuietly(lines, in: session, console: console)
      }
      // `-n N`: the REPL's lines check the search; the list is then drawn with N rows.
      let checked = await ShellNoteCommands.runQuietly(
        lines.dropLast(), in: session, console: console)
      guard checked == 0,
        let route = ShellNoteCommands(store: dependencies.store).firstRows(
          searching: options.listedSearch ?? "", order: options.listedOrder, count: limit,
          now: dependencies.now(), timeZone: dependencies.timeZone)
      else { return 1 }
      // The REPL's `more` ends with the session: from the shell, a larger -n shows more.
      let output = RewritingConsole(console) { line in
        guard line.hasPrefix("  … and "), let end = line.firstIndex(of: ";") else { return line }
        return line[..<end] + " (a larger -n shows them)."
      }
      return draw(route, format: options.format, dependencies: dependencies, console: output)
    }
    if isInteractive {
      let terminal = InteractiveConsole()
      let session = AppSession(dependencies: dependencies, output: terminal, isInteractive: true)
      session.terminal.format = options.format
      return await InteractiveRunner(
        session: session, console: terminal,
        banner: "FieldNotes \(version) — type `help` to see the commands.",
        historyPath: StoreLocation.historyPath(environment: environment),
        clearsLine: environment["NO_COLOR"] == nil, startup: startup
      ).run()
    }
    let session = AppSession(dependencies: dependencies, output: console, isInteractive: false)
    session.drawsEveryChange = !options.isQuiet
    session.printsScreenShownLast = true
    session.terminal.format = options.format
    let source: BatchRunner.Source
    if let scriptPath = options.scriptPath {
      let descriptor = open(scriptPath, O_RDONLY)
      guard descriptor >= 0 else {
        console.printError(
          "error: cannot read \(scriptPath.terminalSafe): \(String(cString: strerror(errno)))")
        return 1
      }
      source = .descriptor(descriptor, name: scriptPath)
    } else if !options.commands.isEmpty {
      source = .byteLines(options.commands.map { Array($0.utf8) }, name: "-c")
    } else if let input {
      source = .byteLines(input, name: "standard input")
    } else {
      source = .descriptor(0, name: "standard input")
    }
    let runner = BatchRunner(
      session: session, console: console, echoes: options.echoes, bails: options.bails)
    return await runner.run(source, after: startup)
  }

  /// `fieldnotes show ID`: the note a typed id names, drawn once as its page is in the REPL (or
  /// as a record, in a script's format).
  ///
  /// - Returns: 0, or 1 when the id names no one note (several are listed).
  @MainActor
  private static func showNote(
    _ typed: String, options: LaunchOptions, dependencies: AppDependencies,
    console: any ConsoleOutput
  ) -> Int32 {
    let note: Note
    do { note = try NoteIDs(store: dependencies.store).note(named: typed) } catch {
      console.printError(MessageStyle.errorLine(error.errorDescription ?? "no such note"))
      return 1
    }
    return draw(
      Route.noteDetail(note.id), format: options.format, dependencies: dependencies,
      console: console)
  }

  /// A place's screen, drawn once, as a script draws it (plain, in its format).
  @MainActor
  private static func draw(
    _ route: Route, format: OutputFormat, dependencies: AppDependencies,
    console: any ConsoleOutput
  ) -> Int32 {
    let screens = dependencies.screens(preferences: ScreenPreferences(noteListForm: .mvvm))
    let registry = ScreenRegistry(Screens.registrations, dependencies: screens)
    guard let screen = registry.makeScreen(for: route) else { return 1 }
    console.print(
      lines: screen.render(
        in: TerminalContext(columns: nil, rows: nil, style: .plain, format: format)))
    return 0
  }

  /// Text printed whole (a completion script, the man page) as the lines a console prints.
  private static func lines(of text: String) -> [String] {
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    if lines.last == "" { lines.removeLast() }
    return lines
  }

  /// The REPL's commands for the man page: the app-wide ones and the notebooks screen's, as
  /// `help` lists them there, then every other screen's.
  @MainActor
  static func commandGroups() -> [(heading: String, commands: [CommandHelp])] {
    var options = LaunchOptions()
    options.store = .inMemory
    options.disablesSummaries = true
    let guides = Screens.registrations.map(\.guide).map { ($0.heading, $0.commands) }
    guard let dependencies = try? makeDependencies(options, environment: [:]) else {
      return guides
    }
    let here = AppSession(dependencies: dependencies, output: StandardConsole()).commandsHere()
    return here + guides.filter { guide in !here.contains { $0.heading == guide.0 } }
  }

  @MainActor
  static func makeDependencies(_ options: LaunchOptions, environment: [String: String])
    throws(NoteStoreError) -> AppDependencies
  {
    let now = TestingSeams.dateProvider(environment) ?? .system
    let ids = TestingSeams.idGenerator(environment) ?? .random
    let timeZone = environment["TZ"].flatMap(TimeZone.init(identifier:)) ?? TimeZone.current
    let summarizer: any SummaryGenerating =
      options.disablesSummaries ? UnavailableSummaryGenerator() : ExtractiveSummaryGenerator()
    let network = options.networkProfile.flatMap(NetworkProfileSyncer.Profile.init(rawValue:))
      .map { NetworkSimulation($0, seed: options.seed) }
    // Each store's editor files go in a folder of their own, so a file left by a crash is
    // taken only by a session of the store it was written for.
    func editor(for owner: ExternalEditor.Owner) -> ExternalEditor {
      ExternalEditor(
        environment: environment, hasTerminal: isatty(0) == 1 && isatty(1) == 1,
        folder: StoreLocation.editingFolder(environment: environment)
          ?? NSTemporaryDirectory() + "fieldnotes-editing-\(getuid())", owner: owner)
    }
    switch options.store {
    case .inMemory:
      return try .memory(
        network: network, summarizer: summarizer, now: now, ids: ids, timeZone: timeZone,
        editor: editor(for: .inMemory))
    case .demo:
      return try .memory(
        DemoLibrary.make(now: now(), ids: ids), network: network, summarizer: summarizer, now: now,
        ids: ids, timeZone: timeZone, editor: editor(for: .inMemory))
    case .file, .defaultFile:
      let path: String
      do throws(StoreLocation.NoDefaultPath) {
        if case .file(let given) = options.store {
          path = given
        } else {
          path = try StoreLocation.defaultPath(environment: environment)
        }
      } catch {
        // With no home folder there is no default store to open.
        throw .persistence(.cannotOpen(path: error.path, reason: error.description))
      }
      return try .live(
        storePath: path, network: network, summarizer: summarizer, now: now, ids: ids,
        timeZone: timeZone, editor: editor(for: .store(path: path)))
    }
  }
}

/// Environment variables that make a run reproducible, for transcript tests:
/// `FIELDNOTES_NOW` fixes the clock (ISO 8601, such as `2026-11-29T12:00:00Z`) and
/// `FIELDNOTES_IDS=sequential` numbers new identifiers from 1.
enum TestingSeams {
  static func dateProvider(_ environment: [String: String]) -> DateProvider? {
    guard let text = environment["FIELDNOTES_NOW"],
      let date = try? Date.ISO8601FormatStyle().parse(text)
    else { return nil }
    return DateProvider { date }
  }

  static func idGenerator(_ environment: [String: String]) -> IDGenerator? {
    environment["FIELDNOTES_IDS"] == "sequential" ? .incrementing() : nil
  }
}
