import FieldNotesTerminal
import Testing

@Suite struct CommandTokenizerTests {
  @Test(arguments: [
    ("pin 2", ["pin", "2"]),
    ("  search   heron  lake ", ["search", "heron", "lake"]),
    ("notebook new \"Field trips\"", ["notebook", "new", "Field trips"]),
    ("notebook rename 'Old name' New", ["notebook", "rename", "Old name", "New"]),
    ("title say \\\"hi\\\"", ["title", "say", "\"hi\""]),
    ("title \"tab\\there\"", ["title", "tab\there"]),
    ("title 'no \\escapes'", ["title", "no \\escapes"]),
    ("title \"\"", ["title", ""]),
    ("search a\\ b", ["search", "a b"]),
    ("# a comment", []),
    ("   # indented comment", []),
    ("search #tag", ["search", "#tag"]),
    ("", []),
  ])
  func splitsWords(line: String, words: [String]) throws {
    #expect(try CommandTokenizer.words(in: line) == words)
  }

  @Test(arguments: ["title \"open", "title 'open", "title end\\"])
  func refusesUnfinishedLines(line: String) {
    #expect(throws: InputError.self) { try CommandTokenizer.words(in: line) }
  }

  /// Text at the end of a line is kept exactly as typed, whatever its characters: each class a
  /// note's text has, after `title`.
  @Test(arguments: [
    "The heron's nest, the wren's song", "Don't forget", "\"big\"", "'single'", #"C:\temp\new"#,
    "two  spaces,   three", "tab\there", "trailing space ", "🦉 owl 👀", "שלום עולם",
    "مرحبا بالعالم", "open \" quote", "end\\", "# not a comment", "--looks-like-an-option",
  ])
  func textIsTakenExactlyAsTyped(_ text: String) throws {
    let typed = try #require(try CommandTokenizer.commandName(in: "title \(text)"))
    #expect(typed.name == "title")
    #expect(try CommandTokenizer.arguments(in: typed.rest, form: .text(afterWords: 0)) == [text])
  }

  /// A name at the end of a line is taken as typed, or without the quotes around it whole; the
  /// words before it are split as words are.
  @Test(arguments: [
    ("1 to Field trips", ["1", "to", "Field trips"]),
    ("1 to \"Field trips\"", ["1", "to", "Field trips"]),
    ("1 to 'Field trips'", ["1", "to", "Field trips"]),
    ("1 to Bob's notes", ["1", "to", "Bob's notes"]),
    ("1 to Field \"trips\"", ["1", "to", "Field \"trips\""]),
    ("'1' to none", ["1", "to", "none"]),
    ("1 to", ["1", "to"]),
    ("1 to My notes.json  ", ["1", "to", "My notes.json"]),
    ("", []),
  ])
  func aNameIsTakenAsTypedOrQuotedWhole(_ rest: String, _ arguments: [String]) throws {
    #expect(try CommandTokenizer.arguments(in: rest[...], form: .name(afterWords: 2)) == arguments)
  }

  /// A name that starts with a quote is quoted whole: one left open, or followed by more, is
  /// refused rather than taken as part of the name.
  @Test(arguments: ["\"Field", "\"Field\" trips", "'Til dawn"])
  func aNameStartingWithAQuoteMustBeQuotedWhole(_ name: String) {
    #expect(throws: InputError.self) {
      try CommandTokenizer.arguments(in: name[...], form: .name(afterWords: 0))
    }
  }

  /// Only the words before text are split, so only they can hold an unclosed quote; the message
  /// says how to write a quote that is part of a word.
  @Test func anUnclosedQuoteInWordsSaysHowToQuote() {
    #expect(
      throws: InputError.unreadable(
        "a ' quote is not closed: close it, or put a backslash before a ' that is part of a word "
          + "(Don\\'t)")
    ) { try CommandTokenizer.arguments(in: "'Birds New"[...], form: .words) }
    #expect(throws: Never.self) {
      try CommandTokenizer.arguments(in: "Don't"[...], form: .text(afterWords: 0))
    }
  }
}

@Suite struct InputLineTests {
  @Test func acceptsUnicodeAndTabs() throws {
    #expect(try InputLine.text(from: Array("title Café\t🦉".utf8)) == "title Café\t🦉")
  }

  @Test func refusesInvalidUTF8() {
    #expect(throws: InputError.unreadable("the line is not valid UTF-8 text")) {
      try InputLine.text(from: [0x74, 0xFF, 0xFE])
    }
  }

  @Test(arguments: [[0x74, 0x1B, 0x5B], [0x00], [0x74, 0x7F], [0xC2, 0x85]])
  func refusesControlCharacters(bytes: [UInt8]) {
    #expect(throws: InputError.self) { try InputLine.text(from: bytes) }
  }

  @Test func refusesLinesPastTheLimit() {
    let long = [UInt8](repeating: 0x61, count: InputLine.maximumBytes + 1)
    #expect(throws: InputError.self) { try InputLine.text(from: long) }
    #expect((try? InputLine.text(from: long.dropLast())) != nil)
  }
}

@Suite struct TerminalTextTests {
  @Test func escapeSequencesAreShownNotObeyed() {
    #expect("\u{1B}[2Jgone".terminalSafe == "\u{241B}[2Jgone")
    #expect("a\u{0}b\u{7F}".terminalSafe == "a\u{2400}b\u{2421}")
    #expect("plain — ünïcödé 🦉".terminalSafe == "plain — ünïcödé 🦉")
    #expect("two\nlines".terminalSafe == "two\u{2424}lines")
  }

  @Test func textIsSplitIntoTheLinesATerminalShows() {
    #expect("one\ntwo".terminalLines == ["one", "two"])
    #expect("windows\r\nline\r\n".terminalLines == ["windows", "line", ""])
    #expect("\n\nthird".terminalLines == ["", "", "third"])
    #expect("".terminalLines == [""])
    #expect("ünïcödé 🦉\n日本語\u{1B}[2J".terminalLines == ["ünïcödé 🦉", "日本語\u{241B}[2J"])
    // A carriage return not followed by a newline is not a line break: it is shown.
    #expect("a\rb\nend\r".terminalLines == ["a\u{240D}b", "end\u{240D}"])
    #expect(
      "e\u{301}\nx".terminalLines == ["e\u{301}", "x"], "a combining accent stays on its line")
  }
}
