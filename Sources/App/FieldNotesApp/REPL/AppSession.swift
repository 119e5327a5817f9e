import FieldNotesCommands
import FieldNotesNavigation
import FieldNotesServices
import FieldNotesTerminal

/// The error a line of the REPL ends with: the terminal shell's, as FieldNotes words it.
public typealias AppError = CommandLineError

/// One REPL session: the terminal shell over FieldNotes' screens, with FieldNotes' app-wide
/// commands (`mode`, `notebooks`, `sync`, `export`, `import`, `reindex`).
///
/// The session never parses a screen's words: the shell hands each line to the screen on top,
/// and the screens are made by ``ScreenFactory``. Everything comes in through
/// ``AppDependencies``; it prints through a ``FieldNotesTerminal/ConsoleOutput``, so tests drive
/// it line by line without a terminal.
@MainActor
public final class AppSession: CommandShell<Route> {
  let dependencies: AppDependencies
  let factory: ScreenFactory
  var syncTask: Task<String?, Never>?

  /// Creates a session showing the notebooks screen.
  ///
  /// - Parameters:
  ///   - dependencies: Everything the screens need.
  ///   - output: Where to print.
  ///   - isInteractive: Whether a person is typing; `false` for scripts and pipes.
  public init(dependencies: AppDependencies, output: any ConsoleOutput, isInteractive: Bool = false)
  {
    let factory = ScreenFactory(dependencies: dependencies)
    self.dependencies = dependencies
    self.factory = factory
    super.init(
      appName: "fieldnotes", title: "FieldNotes",
      helpFooter:
        "N is a row number as last shown. Quote words with spaces: notebook new \"Field trip\".",
      root: .notebooks, guides: ScreenFactory.guides, entries: ScreenFactory.entries,
      isInteractive: isInteractive,
      output: output, makeScreen: factory.makeScreen(for:))
    add(appCommands())
    add(
      LibraryCommands(store: dependencies.store, storePath: dependencies.storePath)
        .commands(for: Route.self))
    dependencies.sync?.progress.print = { [weak self] line in self?.output.print(line) }
  }

  /// Draws the first screen, after warnings for unreadable notes and a rebuilt search index.
  override public func start() {
    let unreadable = dependencies.store.unreadableNotes
    for note in unreadable.prefix(10) {
      output.printError(
        "warning: a note could not be read (\(note.reason)) and is left as it is in the store"
          + (note.id.map { ": \($0.uuidString)" } ?? ""))
    }
    if unreadable.count > 10 {
      output.printError("warning: … and \(unreadable.count - 10) more notes that could not be read")
    }
    for rebuild in dependencies.store.searchIndexRebuilds {
      output.printError("warning: \(rebuild.warning.terminalSafe)")
    }
    super.start()
  }

  /// Waits for background work a command started (a sync, a summary), as a script does
  /// before its next line.
  override public func waitForBackgroundWork() async {
    _ = await syncTask?.value
    await super.waitForBackgroundWork()
  }

  /// Cancels whatever runs in the background (Ctrl-C): a sync in flight returns to its
  /// previous state.
  ///
  /// - Returns: Whether anything was running.
  @discardableResult
  override public func cancelBackgroundWork() -> Bool {
    var cancelled = super.cancelBackgroundWork()
    if let syncTask, !syncTask.isCancelled {
      syncTask.cancel()
      cancelled = true
    }
    return cancelled
  }

  /// FieldNotes' own app-wide commands, listed by `help` after the shell's.
  private func appCommands() -> [ShellCommand<Route>] {
    [
      ShellCommand(
        ["mode"], usage: "mode [mv|mvvm]",
        summary: "show or switch the note list's form, MV or MVVM"
      ) { [unowned self] _, arguments throws(AppError) in
        switch arguments.count {
        case 0: output.print(factory.noteListForm)
        case 1: output.print(try factory.switchNoteListForm(to: arguments[0]))
        default: throw .usage("mode [mv|mvvm]")
        }
        return .done
      }
      .completing { _, previous in previous.isEmpty ? ["mv", "mvvm"] : [] },
      ShellCommand(
        ["notebooks", "home"], usage: "notebooks", summary: "go to the notebooks screen",
        worksInModalScreens: false
      ) { [unowned self] _, arguments throws(AppError) in
        guard arguments.isEmpty else { throw .usage("notebooks") }
        if navigator.screens.count == 1 { output.print("This is the notebooks screen.") }
        navigator.goHome()
        return .done
      },
      ShellCommand(
        ["sync"], usage: "sync", summary: "sync with the remote (`sync remote URL` sets it)",
        worksInModalScreens: false
      ) { [unowned self] _, arguments throws(AppError) in
        try await syncCommand(arguments)
        return .done
      },
    ]
  }
}
