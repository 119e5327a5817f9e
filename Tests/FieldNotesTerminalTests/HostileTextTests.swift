import FieldNotesTerminal
import Testing

/// Text that would garble the terminal, or a word long enough to stall the answer.
@Suite struct HostileTextTests {
  @Test func bidirectionalControlsCannotReorderALine() {
    let title = "abc\u{202E}fed\u{2066}x\u{2069}\u{200F}"
    #expect(title.terminalSafe == "abc\u{FFFD}fed\u{FFFD}x\u{FFFD}\u{FFFD}")
  }

  @Test func aHugeUnknownWordGetsNoSuggestionAndIsShortenedInTheMessage() {
    let word = String(repeating: "x", count: 200_000)

    #expect(CommandSuggestion.closest(to: word, among: ["search", "sort"]) == nil)
    let message = CommandLineError.unknownCommand(word, suggestion: nil).message
    #expect(message == "unknown command '\(String(repeating: "x", count: 39))…'; type `help`")
  }

  @Test func aShortTypoStillGetsItsSuggestion() {
    #expect(CommandSuggestion.closest(to: "serch", among: ["search", "sort"]) == "search")
  }
}
