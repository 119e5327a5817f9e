import FieldNotesTerminalTesting
import FieldNotesTesting
import Foundation
import Testing

@testable import FieldNotesApp

/// `quit` typed again after its warning leaves, keeping what the composer held as a draft,
/// offered by the next composer: leaving loses nothing typed.
@MainActor
@Suite struct QuitKeepsDraftTests {
  let file = TemporaryStoreFile()

  func run(_ lines: [String]) async -> (Int32, RecordingConsole) {
    let console = RecordingConsole()
    let status = await FieldNotesApp.run(
      arguments: ["--store", file.path, "--no-summaries"],
      environment: ["TZ": "UTC", "NO_COLOR": "1", "HOME": NSTemporaryDirectory()],
      console: console, input: lines.map { Array($0.utf8) })
    return (status, console)
  }

  @Test func quittingTwiceKeepsTheUnsavedNoteAsADraft() async {
    let (status, said) = await run(["open all", "new", "title Quit twice", "quit", "quit"])
    #expect(status == 0, "\(said.errors)")
    #expect(
      said.output.contains(
        "Kept the unsaved note as a draft; `new` (in `fieldnotes`) offers it back."),
      "\(said.output)")
    let (_, next) = await run(["open all", "new"])
    #expect(next.output.contains { $0.contains("Quit twice") }, "\(next.output)")
  }
}
