import FieldNotesTerminalTesting
import FieldNotesTesting
import Foundation
import Testing

@testable import FieldNotesApp

/// What a quiet script reads on standard output is what it asked for: notices — a sync's
/// progress and its account — go to standard error.
@MainActor
@Suite struct ScriptAnswersTests {
  let file = TemporaryStoreFile()

  @Test func aQuietSyncWritesNothingToStandardOutput() async throws {
    let remote = FileManager.default.temporaryDirectory
      .appendingPathComponent("fieldnotes-quiet-sync-" + UUID().uuidString).path
    defer { try? FileManager.default.removeItem(atPath: remote) }
    let console = RecordingConsole()
    let status = await FieldNotesApp.run(
      arguments: ["-q", "--store", file.path, "--sync-folder", remote, "-c", "sync"],
      environment: ["TZ": "UTC", "NO_COLOR": "1", "HOME": remote + "-home"],
      console: console, input: nil)
    #expect(status == 0, "\(console.errors)")
    #expect(console.output.isEmpty, "\(console.output)")
    #expect(console.errors.contains { $0.hasPrefix("Synced:") }, "\(console.errors)")
  }
}
