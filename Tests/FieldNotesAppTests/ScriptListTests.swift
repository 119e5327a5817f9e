import FieldNotesModel
import FieldNotesPersistence
import FieldNotesTerminal
import FieldNotesTerminalTesting
import FieldNotesTesting
import Foundation
import Testing

@testable import FieldNotesApp

/// A script's `list` prints every row of the list, however many it holds when it is drawn:
/// with a note another process saved after the line before, a list longer than a page is
/// printed whole, in every format.
@MainActor
@Suite struct ScriptListTests {
  let file = TemporaryStoreFile()

  @Test(arguments: [OutputFormat.text, .jsonl])
  func aNoteAnotherProcessSavedIsListed(format: OutputFormat) async throws {
    let other = try SQLiteNoteRepository(path: file.path)
    try other.commit(
      (0..<201).map {
        .saveNote(Note(title: "Note \($0)", createdAt: SampleData.date(minutes: $0)))
      })
    let console = RecordingConsole()
    let session = AppSession(
      dependencies: try AppDependencies.live(storePath: file.path), output: console,
      isInteractive: false)
    session.drawsEveryChange = false
    session.printsScreenShownLast = true
    session.terminal.format = format
    try await session.run("open all")
    console.clear()

    // Another process saves a note between the lines: the list, 201 rows when it was drawn
    // (one past a page), holds 202.
    try other.commit([.saveNote(Note(title: "Added", createdAt: SampleData.date(minutes: 999)))])
    try await session.run("list")

    let printed = console.output.joined(separator: "\n")
    for title in ["Added", "Note 0", "Note 200"] {
      #expect(printed.contains(title), "\(format): \(title) in\n\(printed)")
    }
    #expect(!printed.contains("more"), "\(format): every row, none left for `more`")
  }
}
