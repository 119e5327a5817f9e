import FieldNotesTerminalTesting
import FieldNotesTesting
import Foundation
import Testing

@testable import FieldNotesApp

/// A sync's progress is said on standard error, as every notice is: a script's standard output
/// holds only what it asked for, even with `--quiet`.
@MainActor
@Suite struct SyncProgressStreamTests {
  @Test func aQuietScriptsSyncSaysItsProgressOnStandardErrorOnly() async throws {
    let folder = TemporaryStoreFile()
    let remote = (folder.path as NSString).deletingLastPathComponent + "/remote.git"
    let console = RecordingConsole()
    let status = await FieldNotesApp.run(
      arguments: ["--demo", "--quiet", "--no-summaries"],
      environment: ["TZ": "UTC", "NO_COLOR": "1", "HOME": NSTemporaryDirectory()],
      console: console,
      input: ["sync folder \(remote)", "sync"].map { Array($0.utf8) })
    #expect(status == 0, "\(console.errors)")
    #expect(!console.output.contains { $0.hasPrefix("sync:") }, "\(console.output)")
    #expect(console.errors.contains("sync: committing local changes…"), "\(console.errors)")
  }
}
