import FieldNotesModel
import FieldNotesServices
import FieldNotesTerminalTesting
import FieldNotesTesting
import Foundation
import Testing

@testable import FieldNotesApp

@Suite struct ExportTests {
  @MainActor
  func session() -> AppSession {
    let session = AppSession(
      dependencies: .inMemory(
        SampleData.library, syncer: NoOpNoteSyncer(), summarizer: UnavailableSummaryGenerator(),
        now: .fixed(), ids: .incrementing(), timeZone: TimeZone(identifier: "UTC") ?? .current,
        editor: UnavailableTextEditor()),
      output: RecordingConsole())
    session.start()
    return session
  }

  @MainActor
  @Test func exportFilesAreReadableByTheirOwnerOnly() async throws {
    let path = NSTemporaryDirectory() + "fieldnotes-export-\(UUID().uuidString).json"
    defer { try? FileManager.default.removeItem(atPath: path) }
    try await session().run("export \(path)")
    let permissions =
      try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
    #expect(permissions == 0o600)
  }
}
