import FieldNotesTerminal
import Testing

@Suite struct OutputFormatTests {
  @Test func jsonIsOneArrayWithAnObjectALine() {
    #expect(
      OutputFormat.json.lines(ofJSONObjects: [#"{"a":1}"#, #"{"a":2}"#]) == [
        "[", #"  {"a":1},"#, #"  {"a":2}"#, "]",
      ])
    #expect(OutputFormat.json.lines(ofJSONObjects: []) == ["[]"])
  }

  @Test func jsonLinesIsAnObjectALineAndNothingElse() {
    #expect(
      OutputFormat.jsonl.lines(ofJSONObjects: [#"{"a":1}"#, #"{"a":2}"#]) == [
        #"{"a":1}"#, #"{"a":2}"#,
      ])
    #expect(OutputFormat.jsonl.lines(ofJSONObjects: []) == [])
  }

  @Test func theFormatsAreNamedAsTheCommandLineTakesThem() {
    #expect(OutputFormat.names == ["json", "jsonl", "markdown", "text"])
    #expect(TerminalContext.plain.format == .text)
  }
}
