import FieldNotesModel
import FieldNotesServices
import FieldNotesTesting
import Foundation
import Synchronization
import Testing

/// What the exhaustive kit says for each change a test leaves out, word for word.
///
/// It is kept in `Transcripts/exhaustive.transcript`: a test failing in this mode prints these
/// lines, and docs/Class.md shows one of them. `scripts/regenerate` writes the file again.
@MainActor
@Suite struct ExhaustiveTranscriptTests {
  /// The messages of the issues the kit recorded, collected from `withKnownIssue`'s matcher.
  final class Said: Sendable {
    let lines = Mutex<[String]>([])

    func take(_ issue: Issue) -> Bool {
      lines.withLock { $0 += issue.comments.map(\.rawValue) }
      return true
    }
  }

  static let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Transcripts/exhaustive.transcript")

  /// The small model of ``ExhaustiveTestTests``, whose state is the store's note count.
  let kit = ExhaustiveTestTests()
  var heron: Note { kit.heron }

  func makeCounter() throws -> (ExhaustiveTestTests.Counter, InMemoryNoteRepository) {
    try kit.makeCounter()
  }

  /// Each kind of change left out once, and what the kit said about it.
  func everyMessage() async throws -> [String] {
    var transcript: [String] = []
    func leaveOut(_ what: String, _ work: (Said) async throws -> Void) async rethrows {
      let said = Said()
      try await work(said)
      transcript.append("# \(what)")
      transcript += said.lines.withLock { $0 }
    }
    let writes: [[RepositoryChange]] = [[.expectNote(heron.id, nil), .saveNote(heron)]]

    try await leaveOut("a state") { said in
      let (counter, repository) = try makeCounter()
      let test = ExhaustiveTest(counter, \.state, repository: repository)
      try withKnownIssue {
        try test.step("add the heron", { try counter.add(heron) }, states: [], writes: writes)
      } matching: {
        said.take($0)
      }
    }
    try await leaveOut("a store write") { said in
      let (counter, repository) = try makeCounter()
      let test = ExhaustiveTest(counter, \.state, repository: repository)
      try withKnownIssue {
        try test.step("add the heron", { try counter.add(heron) }, states: [1])
      } matching: {
        said.take($0)
      }
    }
    try await leaveOut("a sync") { said in
      let (counter, _) = try makeCounter()
      let syncer = RecordingNoteSyncer()
      let test = ExhaustiveTest(counter, \.state, syncer: syncer)
      try await withKnownIssue {
        try await test.step("refresh", { try await syncer.sync() }, states: [])
      } matching: {
        said.take($0)
      }
    }
    try await leaveOut("a summary") { said in
      let (counter, _) = try makeCounter()
      let summarizer = CannedSummaryGenerator()
      let test = ExhaustiveTest(counter, \.state, summarizer: summarizer)
      try await withKnownIssue {
        try await test.step(
          "summarize", { _ = try await summarizer.summary(for: heron) }, states: [])
      } matching: {
        said.take($0)
      }
    }
    try await leaveOut("an editor run") { said in
      let (counter, _) = try makeCounter()
      let editor = ScriptedTextEditor(.unchanged)
      let test = ExhaustiveTest(counter, \.state, editor: editor)
      try await withKnownIssue {
        try await test.step(
          "edit", { _ = try await editor.edit(Data("Heron".utf8), fileName: "note.md") },
          states: [])
      } matching: {
        said.take($0)
      }
    }
    try await leaveOut("a state and a write after the last step") { said in
      let (counter, repository) = try makeCounter()
      let test = ExhaustiveTest(counter, \.state, repository: repository)
      try counter.add(heron)
      withKnownIssue {
        test.finish()
      } matching: {
        said.take($0)
      }
    }
    return transcript
  }

  @Test func whatTheKitSaysIsItsTranscript() async throws {
    let text = try await everyMessage().joined(separator: "\n") + "\n"
    if ProcessInfo.processInfo.environment["FIELDNOTES_REGENERATE"] == "1" {
      try Data(text.utf8).write(to: Self.file)
    }
    let recorded = try String(contentsOf: Self.file, encoding: .utf8)
    #expect(
      text == recorded, "run FIELDNOTES_REGENERATE=1 swift test --filter ExhaustiveTranscriptTests")
  }
}
