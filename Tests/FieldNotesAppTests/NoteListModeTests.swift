import FieldNotesModel
import FieldNotesServices
import FieldNotesTerminalTesting
import FieldNotesTesting
import Foundation
import Testing

@testable import FieldNotesApp

/// Switching the note list between its forms in a session changes nothing on screen
/// (`NoteListScreenTests` proves the two forms alike over generated stores).
@MainActor
@Suite struct NoteListModeTests {
  @Test func switchingFormsKeepsTheOutputIdentical() async throws {
    let console = RecordingConsole()
    let session = AppSession(
      dependencies: .inMemory(
        SampleData.library, syncer: NoOpNoteSyncer(), summarizer: UnavailableSummaryGenerator(),
        now: .fixed(), ids: .incrementing(), timeZone: TimeZone(identifier: "UTC") ?? .current,
        editor: UnavailableTextEditor()),
      output: console)
    session.start()
    try await session.run("open all")
    try await session.run("search lake")
    try await session.run("sort title")
    console.clear()

    try await session.run("list")
    let mvvm = console.output
    console.clear()
    try await session.run("mode mv")
    let mv = Array(console.output.dropFirst())

    #expect(mv == mvvm)
    #expect(mvvm.count > 2)
  }
}
