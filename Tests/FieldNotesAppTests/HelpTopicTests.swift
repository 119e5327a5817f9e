import FieldNotesApp
import FieldNotesTerminalTesting
import FieldNotesTesting
import Testing

/// `help COMMAND` says more than the command's one line where a rule needs saying.
@MainActor
@Suite struct HelpTopicTests {
  /// A save reads a body's `#tag` back, so the tags screen's changes leave such a tag: `help
  /// tags` says both, where a user asking why a tag came back looks.
  @Test func helpTagsSaysWhatATagIsAndWhereANotesTagsComeFrom() async throws {
    let test = TestSession(SampleData.library)
    _ = try await test.session.run("help tags")

    let said = test.console.output.joined(separator: "\n")
    #expect(said.contains("tags\n  list every tag with its note count\n\nA tag is letters"))
    #expect(said.contains("each #tag its text writes at the start of a word"))
    #expect(said.contains("@work becomes work"))
    #expect(said.contains("but those\nwhose text writes it, which they name."))
  }
}
