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
      first.output.last == "Kept the unsaved note as a draft; `new` (in `fieldnotes`) offers it "
        + "back.")

    let second = try BuiltProduct.run(
      binary, arguments: arguments, input: "open all\nnew\ndraft 1\nsave\nnew\n",
      environment: environment)
    #expect(second.status == 0, "\(second.errors)")
    #expect(second.output.contains("Saved \u{201C}From a script\u{201D}."))
    let notes = try SQLiteNoteRepository(path: folder + "/notes.sqlite").load().notes
    #expect(notes.map(\.title) == ["From a script"])
    #expect(
      second.output.filter { $0.hasPrefix("A draft of this note was kept") }.count == 1,
      "the second `new` has no draft to offer: the saved one is forgotten")
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
      binary, arguments: arguments, input: "open all\nnew\ndraft 1\nsave\n",
      environment: environment)
    #expect(next.output.contains("Saved \u{201C}Kept through SIGTERM\u{201D}."))
  }

  /// Lines of a body being typed (after a bare `body`, before the closing `.`) are unsaved text
  /// too: the end of input keeps them, for a note being edited as for a new one.
  @Test func theEndOfInputInTheMiddleOfABodyKeepsTheLinesTyped() throws {
    let binary = try #require(BuiltProduct.fieldnotes, "the fieldnotes binary was not built")
    let folder = NSTemporaryDirectory() + "fieldnotes-body-draft-" + UUID().uuidString
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let arguments = ["--store", folder + "/notes.sqlite"]
    let environment = ["HOME": folder, "TZ": "UTC"]
    let made = try BuiltProduct.run(
      binary, arguments: arguments, input: "open all\nnew\ntitle Wren\nsave\n",
      environment: environment)
    #expect(made.status == 0, "\(made.errors)")

    let stopped = try BuiltProduct.run(
      binary, arguments: arguments,
      input: "open all\nedit 1\nbody\nLoud for its size.\nNests in the ivy.\n",
      environment: environment)
    #expect(
      stopped.output.last
        == "Kept the unsaved change as a draft; editing the note again offers it back.")

    let next = try BuiltProduct.run(
      binary, arguments: arguments, input: "open all\nedit 1\ndraft 1\nsave\n",
      environment: environment)
    #expect(next.status == 0, "\(next.errors)")
    let notes = try SQLiteNoteRepository(path: folder + "/notes.sqlite").load().notes
    #expect(notes.map(\.body) == ["Loud for its size.\nNests in the ivy."])
  }

  /// Ctrl-C where a script runs (SIGINT), or any signal that would end the process, keeps the
  /// unsaved text first, as SIGTERM does.
  @Test(arguments: [SIGINT, SIGUSR1, SIGALRM])
  func aSignalThatWouldEndAScriptKeepsTheDraftFirst(_ signal: Int32) throws {
    let binary = try #require(BuiltProduct.fieldnotes, "the fieldnotes binary was not built")
    let folder = NSTemporaryDirectory() + "fieldnotes-signal-\(signal)-" + UUID().uuidString
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let arguments = ["--store", folder + "/notes.sqlite"]
    let environment = ["HOME": folder, "TZ": "UTC"]
    // Echoed lines show when the last one was read, typed into the body.
    let script = try ProcessDriver(
      binary, arguments: arguments + ["--echo"], environment: environment)
    script.send(["open all", "new", "title Kept through a signal", "body", "A line typed"])
    #expect(script.waitForLines(count: 1, matching: { $0.hasSuffix("> A line typed") }))

    script.send(signal: signal)

    #expect(script.waitForExit() == 128 + signal)
    #expect(script.output.last?.hasPrefix("Kept the unsaved note as a draft") == true)
    let next = try BuiltProduct.run(
      binary, arguments: arguments, input: "open all\nnew\ndraft 1\nsave\n",
      environment: environment)
    #expect(next.output.contains("Saved \u{201C}Kept through a signal\u{201D}."))
    let notes = try SQLiteNoteRepository(path: folder + "/notes.sqlite").load().notes
    #expect(notes.map(\.body) == ["A line typed"])
  }

  /// A session killed outright (SIGKILL: the out-of-memory killer, `kill -9`, a crash) keeps
  /// nothing as it ends, so the composer's text is held as it is typed, in a file of the store's
  /// editing folder whose lock the session holds: the next session keeps it as a draft.
  @Test func aSessionKilledOutrightLosesNothingTypedInTheComposer() throws {
    let binary = try #require(BuiltProduct.fieldnotes, "the fieldnotes binary was not built")
    let folder = NSTemporaryDirectory() + "fieldnotes-kill-draft-" + UUID().uuidString
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let arguments = ["--store", folder + "/notes.sqlite"]
    let environment = ["HOME": folder, "TZ": "UTC"]
    let script = try ProcessDriver(binary, arguments: arguments, environment: environment)
    script.send([
      "open all", "new", "title Kept through SIGKILL", "tags wren", "body", "A line typed",
      "Another line", ".",
    ])
    // The composer is drawn again once the body is taken, after its text is held.
    #expect(script.waitForLines(count: 1, matching: { $0.hasSuffix("    Another line") }))

    script.send(signal: SIGKILL)

    #expect(script.waitForExit() == 128 + SIGKILL)
    let next = try BuiltProduct.run(
      binary, arguments: arguments, input: "open all\nnew\ndraft 1\nsave\n",
      environment: environment)
    #expect(next.status == 0, "\(next.errors)")
    #expect(next.errors.contains { $0.hasPrefix("warning: FieldNotes stopped while ") })
    #expect(next.output.contains("Saved \u{201C}Kept through SIGKILL\u{201D}."))
    let notes = try SQLiteNoteRepository(path: folder + "/notes.sqlite").load().notes
    #expect(notes.map(\.body) == ["A line typed\nAnother line"])
    #expect(notes.map(\.tags) == [["wren"]])
  }

  /// Two sessions with unsaved text for a new note, one ended by SIGTERM and one by the end of
  /// its input: each is told its draft was kept, and each draft was.
  @Test func twoSessionsStoppedWithUnsavedTextKeepTwoDrafts() throws {
    let binary = try #require(BuiltProduct.fieldnotes, "the fieldnotes binary was not built")
    let folder = NSTemporaryDirectory() + "fieldnotes-two-drafts-" + UUID().uuidString
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let arguments = ["--store", folder + "/notes.sqlite"]
    let environment = ["HOME": folder, "TZ": "UTC"]
    let first = try ProcessDriver(binary, arguments: arguments, environment: environment)
    let second = try ProcessDriver(binary, arguments: arguments, environment: environment)
    first.send(["open all", "new", "title Wren", "body Loud for its size."])
    second.send(["open all", "new", "title Robin"])
    #expect(first.waitForLines(count: 1, matching: { $0.contains("Loud for its size.") }))
    #expect(second.waitForLines(count: 1, matching: { $0.contains("title: Robin") }))

    first.send(signal: SIGTERM)
    second.finishInput()

    #expect(first.waitForExit() == 128 + SIGTERM)
    #expect(second.waitForExit() == 0)
    for session in [first, second] {
      #expect(session.output.last?.hasPrefix("Kept the unsaved note as a draft") == true)
    }
    let next = try BuiltProduct.run(
      binary, arguments: arguments, input: "open all\nnew\n", environment: environment)
    #expect(next.output.contains { $0.hasPrefix("2 drafts of this note were kept") })
    for title in ["Wren", "Robin"] {
      #expect(next.output.contains { $0.contains("\u{201C}\(title)\u{201D}, kept ") }, "\(title)")
    }
  }
}
