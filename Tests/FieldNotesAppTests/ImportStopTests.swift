import FieldNotesFormats
import FieldNotesModel
import FieldNotesServices
import FieldNotesTerminal
import FieldNotesTerminalTesting
import FieldNotesTesting
import Foundation
import Testing

@testable import FieldNotesApp

/// `import` stopped by Ctrl-C: an interrupt that comes while the import writes stops it
/// (`LineInterruption`), and it saves nothing and says so; the same file imported again is
/// saved whole.
@Suite struct ImportStopTests {
  @MainActor
  @Test func anImportInterruptedWhileItWritesSavesNothingAndSaysSo() async throws {
    let path = NSTemporaryDirectory() + "fieldnotes-import-stop-\(UUID().uuidString).json"
    defer { try? FileManager.default.removeItem(atPath: path) }
    let notes = (0..<50).map { Note(title: "Heron \($0)", body: "At the weir, morning \($0).") }
    try LibraryArchive.json(NoteLibrary(notes: notes)).write(to: URL(fileURLWithPath: path))
    let repository = InMemoryNoteRepository(SampleData.library)
    // Ctrl-C as the tenth note is handed over, as the thread that reads signals interrupts;
    // interruptions of this test's own, so that no other test's import is stopped.
    let interruptions = LineInterruption()
    repository.whileStreaming { handedOver in
      if handedOver == 10 { interruptions.interrupt() }
    }
    let session = try Self.session(over: repository)
    let before = repository.savedLibrary
    await LineInterruption.$current.withValue(interruptions) {
      await #expect(
        throws: CommandLineError.refused(
          "Stopped before anything was saved. Nothing was imported.")
      ) {
        try await session.run("import \(path)")
      }
    }
    #expect(repository.savedLibrary == before)
    // The session's own handler of that Ctrl-C is told it was used.
    #expect(interruptions.tookInterrupt())
    repository.whileStreaming(nil)
    try await session.run("import \(path)")
    #expect(repository.savedLibrary.notes.count == before.notes.count + 50)
  }

  /// A session over a repository, as the app's tests drive one.
  @MainActor
  private static func session(over repository: InMemoryNoteRepository) throws -> AppSession {
    let now = DateProvider.fixed()
    let store = try NoteStore(repository: repository, syncer: NoOpNoteSyncer(), now: now)
    let session = AppSession(
      dependencies: AppDependencies(
        store: store, drafts: repository, searchIndex: repository,
        summarizer: UnavailableSummaryGenerator(), now: now, ids: .incrementing(),
        timeZone: TimeZone(identifier: "UTC") ?? .current, editor: UnavailableTextEditor()),
      output: RecordingConsole())
    session.start()
    return session
  }
}
