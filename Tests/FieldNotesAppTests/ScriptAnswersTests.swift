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

/// `help` is for users first: the screen's commands, then the app's, and the commands that look
/// inside the app (`state`, `why`, `trace`, `renders`, `mode`) apart, at the end.
@MainActor
@Suite struct HelpOrderTests {
  @Test func helpListsWhatUsersDoFirstAndLooksInsideLast() async throws {
    let console = RecordingConsole()
    let status = await FieldNotesApp.run(
      arguments: ["--demo", "-c", "help"], environment: ["TZ": "UTC", "NO_COLOR": "1"],
      console: console, input: nil)
    #expect(status == 0, "\(console.errors)")
    let headings = console.output.filter { !$0.hasPrefix(" ") && $0.hasSuffix(":") }
    #expect(headings == ["Notebooks:", "Anywhere:", "Looking inside:"], "\(console.output)")
    let inside = console.output.drop { $0 != "Looking inside:" }.dropFirst()
      .prefix { $0.hasPrefix("  ") }.compactMap { $0.split(separator: " ").first.map(String.init) }
    #expect(inside == ["state", "why", "trace", "renders", "mode"])
  }
}
