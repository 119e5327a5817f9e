import FieldNotesCommandLine
import FieldNotesCommands
import FieldNotesTerminal
import Foundation

/// A one-shot command of the daily loop (`fieldnotes rm ID`, `pin`, `mv`, `tag`, `restore`):
/// the note named by its id, then the REPL's own lines run once over its screens and view
/// models, quietly, so each rule and each answer is the REPL's.
@MainActor
enum OneShotCommand {
  /// Runs the command.
  ///
  /// - Parameters:
  ///   - command: The command, as read from the command line.
  ///   - format: What a list or a note prints as (`--format`).
  ///   - dependencies: What the app composed.
  ///   - console: Where to print.
  /// - Returns: 0 when it was done, 1 when it was refused (nothing changed then, and the
  ///   reason is on standard error).
  static func run(
    _ command: Subcommand, format: OutputFormat, dependencies: AppDependencies,
    console: any ConsoleOutput
  ) async -> Int32 {
    let notes = ShellNoteCommands(store: dependencies.store)
    let lines: [String]
    var output = console
    do throws(ShellCommandRefusal) {
      if let screen = command.linesNamingNoNote {
        lines = screen
      } else if command.name == .restore, command.version == nil {
        lines = ["trash", "restore \(try notes.trashRow(named: command.noteID))"]
      } else {
        let note = try notes.note(named: command.noteID)
        let id = note.id.uuidString.lowercased()
        switch command.name {
        case .tag:
          guard
            let tags = try notes.tags(
              of: note, adding: command.addedTags, removing: command.removedTags)
          else {
            console.print(
              "\u{201C}\(note.title.terminalSafe)\u{201D} has those tags already: "
                + (note.tags.isEmpty ? "none" : note.tags.map { "#" + $0 }.joined(separator: " "))
                + ".")
            return 0
          }
          lines = command.lines(id: id, tags: tags)
        case .rm:
          // The REPL's `undo` ends with the session; from the shell, `restore` puts it back.
          let short = notes.shortID(of: note.id)
          output = RewritingConsole(console) {
            $0.replacingOccurrences(
              of: "`undo` restores it.", with: "`fieldnotes restore \(short)` puts it back.")
          }
          lines = command.lines(id: id)
        case .history:
          // The page's hints are the REPL's; from the shell, a version comes back by `restore`.
          let short = notes.shortID(of: note.id)
          output = RewritingConsole(console) {
            $0.replacingOccurrences(
              of: "(`diff N` compares, `restore N` brings back)",
              with: "(`fieldnotes restore \(short) N` brings back)")
          }
          lines = command.lines(id: id)
        default:
          lines = command.lines(id: id)
        }
      }
    } catch {
      console.printError(MessageStyle.errorLine(error.message))
      return 1
    }
    let session = AppSession(dependencies: dependencies, output: output, isInteractive: false)
    session.drawsEveryChange = false
    session.terminal.format = format
    let status = await ShellNoteCommands.runQuietly(lines, in: session, console: output)
    // The composer says it saved; the tags it saved are what `tag` was asked about.
    if status == 0, command.name == .tag, let note = try? notes.note(named: command.noteID) {
      console.print(
        "Tags of \u{201C}\(note.title.terminalSafe)\u{201D}: "
          + (note.tags.isEmpty ? "none" : note.tags.map { "#" + $0 }.joined(separator: " ")) + ".")
    }
    return status
  }
}
