import FieldNotesCommands
import FieldNotesModel
import FieldNotesNavigation
import FieldNotesServices
import FieldNotesTerminal

/// The error a line of the REPL ends with: the terminal shell's, as FieldNotes words it.
public typealias AppError = CommandLineError

/// One REPL session: the terminal shell, composed with FieldNotes' screens and commands.
///
/// A session is a ``FieldNotesTerminal/CommandShell``; this is how FieldNotes sets one up.
public typealias AppSession = CommandShell<Route>

extension CommandShell where Route == FieldNotesNavigation.Route {
  /// Creates a session showing the notebooks screen.
  ///
  /// Everything comes in through ``AppDependencies``; it prints through a
  /// ``FieldNotesTerminal/ConsoleOutput``, so tests drive it line by line without a terminal.
  ///
  /// - Parameters:
  ///   - dependencies: Everything the screens and commands need.
  ///   - output: Where to print.
  ///   - isInteractive: Whether a person is typing; `false` for scripts and pipes.
  public convenience init(
    dependencies: AppDependencies, output: any ConsoleOutput, isInteractive: Bool = false
  ) {
    let preferences = ScreenPreferences(noteListForm: .mvvm)
    let screens = dependencies.screens(preferences: preferences)
    self.init(
      appName: "fieldnotes", title: "FieldNotes", records: "lists, notes and tags",
      helpFooter:
        "N is a row number as last shown. Text and names ending a line are taken as typed; "
        + "quote a name with spaces before them: notebook rename \"Old name\" New name.",
      root: .notebooks,
      registry: ScreenRegistry(Screens.registrations, dependencies: screens),
      isInteractive: isInteractive, output: output)
    let sync = SyncCommands(store: dependencies.store, connection: dependencies.sync)
    add(Self.sessionCommands(preferences: preferences))
    add(sync.commands(for: Route.self))
    add(backgroundWork: sync)
    // What runs in the background is a sync (this command's) or a summary (a note's page's).
    stoppedWorkMessage =
      "Stopped what was still running (a sync or a summary) before leaving; a sync left "
      + "unfinished is finished by the next one."
    add(
      LibraryCommands(
        store: dependencies.store, searchIndex: dependencies.searchIndex,
        storePath: dependencies.storePath,
        timeZone: dependencies.timeZone, exportRecord: dependencies.exportRecord,
        folderExportRecords: dependencies.folderExportRecords
      )
      .commands(for: Route.self))
    dataRevision = { [store = dependencies.store] in store.changeCount }
    add(catchingUp: { [store = dependencies.store] in
      do throws(NoteStoreError) {
        try store.reload()
        return nil
      } catch {
        return "warning: the notes shown are as they were; reading the store again failed: "
          + (error.errorDescription ?? "\(error)")
      }
    })
    notices =
      Self.notices(about: dependencies.store, searchIndex: dependencies.searchIndex)
      + Screens.keepLeftoverEdits(screens)
    // Progress is a notice, not an answer: a script's goes to standard error, so its output is
    // what it asked for alone; a person at a terminal reads it in line with the rest.
    dependencies.sync?.progress.print = { [weak self] line in
      if isInteractive { self?.output.print(line) } else { self?.output.printError(line) }
    }
  }

  /// A warning for each note the store could not read (or that they could not be listed), and
  /// for a search index it rebuilt.
  private static func notices(about store: NoteStore, searchIndex: any SearchIndexUpkeep)
    -> [String]
  {
    let unreadable: [UnreadableNote]
    var notices: [String] = []
    do { unreadable = try store.journal.unreadableNotes() } catch {
      unreadable = []
      notices.append(
        "warning: the notes that could not be read could not be listed: "
          + (error.errorDescription ?? "the store could not be read"))
    }
    notices += unreadable.prefix(10).map { note in
      "warning: a note could not be read (\(note.reason)) and is left as it is in the store"
        + (note.id.map { ": \($0.uuidString)" } ?? "")
    }
    if unreadable.count > 10 {
      notices.append("warning: … and \(unreadable.count - 10) more notes that could not be read")
    }
    return notices + searchIndex.searchIndexRebuilds.map { "warning: \($0.warning.terminalSafe)" }
  }

  /// The commands about this session: `mode` and `notebooks`.
  private static func sessionCommands(preferences: ScreenPreferences) -> [ShellCommand<Route>] {
    [
      ShellCommand(
        ["mode"], arguments: CommandArguments([.optional(.choice(["mv", "mvvm"]))]),
        summary: "show or switch the note list's form, MV or MVVM"
      ) { shell, arguments, _ throws(AppError) in
        // The declaration lets through only a form's name.
        guard let form = arguments.first.flatMap({ NoteListForm(rawValue: $0.lowercased()) })
        else {
          shell.output.print(
            "The note list is in its \(preferences.noteListForm.rawValue.uppercased()) form; "
              + "`mode mv` or `mode mvvm` switches it.")
          return .done
        }
        let name = form.rawValue.uppercased()
        guard form != preferences.noteListForm else {
          shell.output.print("The note list is already in its \(name) form.")
          return .done
        }
        // Every open list swaps itself for its twin in the other form (its `replacement` capability).
        preferences.noteListForm = form
        shell.navigator.replaceScreensThatAsk()
        shell.output.print("The note list is now in its \(name) form.")
        return .done
      }
      .inspecting(),
      ShellCommand(
        ["notebooks", "home"], arguments: .none, summary: "go to the notebooks screen",
        worksInModalScreens: false
      ) { shell, _, _ throws(AppError) in
        if shell.navigator.screens.count == 1 {
          shell.output.print("This is the notebooks screen.")
        }
        shell.navigator.goHome()
        return .done
      },
    ]
  }
}
