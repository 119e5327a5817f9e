import Dispatch
import FieldNotesTerminal
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Runs the REPL for a person at a terminal: a banner, a prompt naming where they are, line
/// editing with history and tab completion (libedit, where installed), Ctrl-C cancelling
/// background work or the line being typed, Ctrl-D or `quit` leaving.
@MainActor
struct InteractiveRunner {
  let session: AppSession
  let console: InteractiveConsole
  let environment: [String: String]

  func run() async -> Int32 {
    let editor = LineEditor.load(
      historyPath: Self.historyPath(environment), clearsLine: environment["NO_COLOR"] == nil)
    console.editor = editor
    editor?.completer = { [session] before, word in
      session.completions(lineBefore: before, word: word)
    }
    console.print("FieldNotes \(FieldNotesApp.version) — type `help` to see the commands.")
    let interrupts = SignalWatcher(signals: [SIGINT]) { [session, console] _ in
      if session.cancelBackgroundWork() {
        console.print("Cancelled.")
      } else if let editor = console.editor {
        editor.abandonLine()
      } else {
        console.print("^C (type `quit` or press Ctrl-D to leave)")
      }
    }
    let terminations = SignalWatcher(signals: [SIGTERM, SIGHUP]) { _ in
      // Every change is committed when it is made; leaving now loses nothing.
      exit(0)
    }
    defer {
      interrupts.cancel()
      terminations.cancel()
    }
    session.start()
    let plainInput = editor == nil ? LineInput(descriptor: 0) : nil
    while true {
      let line: ByteLineReader.Line?
      if let editor {
        line = await editor.readLine(prompt: session.prompt).map { .bytes(Array($0.utf8)) }
      } else {
        FileHandle.standardOutput.write(Data(session.prompt.utf8))
        line = await plainInput?.nextLine()
      }
      guard let line else {
        console.print("")
        return 0
      }
      do throws(AppError) {
        let outcome: AppSession.Outcome
        switch line {
        case .bytes(let bytes):
          if let text = String(validating: bytes, as: UTF8.self) { editor?.remember(text) }
          outcome = try await session.run(bytes: bytes)
        case .tooLong(let count):
          throw AppError.invalidInput(
            "the line is \(count) bytes long; the limit is \(InputLine.maximumBytes)")
        }
        if outcome == .quit { return 0 }
      } catch {
        console.printError("error: \(error.errorDescription ?? "failed")")
      }
    }
  }

  /// `$XDG_STATE_HOME/fieldnotes/history`, or `~/.local/state/fieldnotes/history`.
  static func historyPath(_ environment: [String: String]) -> String? {
    let base: String
    if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") {
      base = state
    } else if let home = environment["HOME"], home.hasPrefix("/") {
      base = home + "/.local/state"
    } else {
      return nil
    }
    let folder = base + "/fieldnotes"
    do {
      try FileManager.default.createDirectory(
        atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    } catch {
      return nil
    }
    return folder + "/history"
  }
}

/// The console of an interactive session: output that arrives while a line is being typed is
/// printed above it.
@MainActor
final class InteractiveConsole: ConsoleOutput {
  var editor: LineEditor?

  func print(_ line: String) {
    if let editor {
      editor.printAbovePrompt([line])
    } else {
      FileHandle.standardOutput.write(Data((line + "\n").utf8))
    }
  }

  func print(lines: [String]) {
    if let editor {
      editor.printAbovePrompt(lines)
    } else {
      FileHandle.standardOutput.write(Data(lines.map { $0 + "\n" }.joined().utf8))
    }
  }

  func printError(_ line: String) {
    FileHandle.standardError.write(Data((line + "\n").utf8))
  }
}
