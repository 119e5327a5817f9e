import FieldNotesPersistence
import Foundation
import Testing

/// A script that ends while the composer holds unsaved text keeps it as a draft; the next
/// composer offers it back.
@Suite struct DraftKeepingTests {
  @Test func theEndOfAScriptKeepsTheDraftForTheNextRun() throws {
    let binary = try #require(BuiltProduct.fieldnotes, "the fieldnotes binary was not built")
    let folder = NSTemporaryDirectory() + "fieldnotes-script-draft-" + UUID().uuidString
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let arguments = ["--store", folder + "/notes.sqlite"]
    let environment = ["HOME": folder, "TZ": "UTC"]

    let first = try BuiltProduct.run(
      binary, arguments: arguments, input: "open all\nnew\ntitle From a script\n",
      environment: environment)
    #expect(first.status == 0)
    #expect(
      first.output.last == "Kept the unsaved note as a draft; the next composer for it "
        + "offers it back.")

    let second = try BuiltProduct.run(
      binary, arguments: arguments, input: "open all\nnew\nyes\nsave\nnew\n",
      environment: environment)
    #expect(second.status == 0, "\(second.errors)")
    #expect(second.output.contains("Saved \u{201C}From a script\u{201D}."))
    let notes = try SQLiteNoteRepository(path: folder + "/notes.sqlite").load().notes
    #expect(notes.map(\.title) == ["From a script"])
    #expect(
      second.output.filter { $0.hasPrefix("A draft of this note was kept") }.count == 1,
      "the second `new` has no draft to offer")
  }

  @Test func aSignalWhileAScriptWaitsForInputKeepsTheDraft() throws {
    let binary = try #require(BuiltProduct.fieldnotes, "the fieldnotes binary was not built")
    let folder = NSTemporaryDirectory() + "fieldnotes-signal-draft-" + UUID().uuidString
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let arguments = ["--store", folder + "/notes.sqlite"]
    let environment = ["HOME": folder, "TZ": "UTC"]
    let script = try ProcessDriver(binary, arguments: arguments, environment: environment)
    script.send(["open all", "new", "title Kept through SIGTERM"])
    #expect(script.waitForLines(count: 1, matching: { $0.contains("title: Kept through SIGTERM") }))

    script.send(signal: SIGTERM)

    #expect(script.waitForExit() == 128 + SIGTERM)
    #expect(script.output.last?.hasPrefix("Kept the unsaved note as a draft") == true)
    let next = try BuiltProduct.run(
      binary, arguments: arguments, input: "open all\nnew\nyes\nsave\n", environment: environment)
    #expect(next.output.contains("Saved \u{201C}Kept through SIGTERM\u{201D}."))
  }
}
