import FieldNotesTerminal
import Testing

/// Text that would garble the terminal, or a word long enough to stall the answer.
@Suite struct HostileTextTests {
  @Test func bidirectionalControlsCannotReorderALine() {
    let title = "abc\u{202E}fed\u{2066}x\u{2069}\u{200F}"
    #expect(title.terminalSafe == "abc\u{FFFD}fed\u{FFFD}x\u{FFFD}\u{FFFD}")
  }

  /// Each bidirectional control on its own, in text that is otherwise fine to print: the
  /// twelve Unicode gives the `Bidi_Control` property.
  @Test(
    arguments: [0x061C, 0x200E, 0x200F, 0x202A, 0x202B, 0x202C, 0x202D, 0x202E]
      + Array(0x2066...0x2069))
  func eachBidirectionalControlAloneIsReplaced(_ value: Int) throws {
    let control = try #require(Unicode.Scalar(value))
    #expect("élan \(control)x".terminalSafe == "élan \u{FFFD}x")
  }

  /// Letters of right-to-left scripts are text, not controls: they are printed as they are.
  @Test func rightToLeftLettersArePrintedAsTheyAre() {
    #expect("שלום عربي".terminalSafe == "שלום عربي")
  }

  /// Every C0 and C1 control on its own is shown, never sent.
  @Test func everyControlCharacterAloneIsShownInstead() throws {
    for value in Array(0x00..<0x20) + [0x7F] + Array(0x80..<0xA0) {
      let control = try #require(Unicode.Scalar(value))
      let shown = "é\(control)".terminalSafe
      #expect(
        !shown.unicodeScalars.contains(control),
        "U+\(String(value, radix: 16)) reached the terminal")
    }
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
