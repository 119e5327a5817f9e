import FieldNotesFormats
import Testing

/// jrnl's own file read as jrnl 4.6 reads it: where entries start, stars, titles, tags, dates.
@Suite struct JrnlJournalTextTests {
  func entries(_ text: String) throws -> [JrnlEntry] {
    try JrnlJournalText.entries(in: text).map(\.entry)
  }

  @Test func anEntryStartsAtADateInBracketsAndAWordInBracketsIsText() throws {
    let journal = """
      [2024-05-01 07:30:00 AM] Heron at the weir. *
      Still as a post. @birds
      [x] seen
      [a word] in brackets

      [2024-05-01 19:05] Wren.

      """
    #expect(
      try entries(journal) == [
        JrnlEntry(
          title: "Heron at the weir.",
          body: "Still as a post. @birds\n[x] seen\n[a word] in brackets",
          date: "2024-05-01", time: "07:30", tags: ["@birds"], starred: true),
        JrnlEntry(
          title: "Wren.", body: "", date: "2024-05-01", time: "19:05", tags: [], starred: false),
      ])
    #expect(try JrnlJournalText.entries(in: journal).map(\.line) == [1, 6])
  }

  /// The title is the first line when there are several, else the first sentence; jrnl's
  /// sentence ends at a terminal, a quote or bracket, and a space, or at a CJK full stop.
  @Test func theTitleIsTheFirstLineOrTheFirstSentence() throws {
    let one = try entries("[2024-05-01 12:00 PM] Did it come back? It did #garden")
    #expect(one.map(\.title) == ["Did it come back?"])
    #expect(one.map(\.body) == ["It did #garden"])
    #expect(
      try entries("[2024-05-01 12:00 PM] Did it come back? It did\n").map(\.title)
        == ["Did it come back? It did"])
    #expect(try entries("[2024-05-01 12:00 AM] 鳥の声。続き").map(\.title) == ["鳥の声。"])
    #expect(try entries("[2024-05-01 12:00 AM] \"Done.\" Then more").map(\.title) == ["\"Done.\""])
    #expect(try entries("[2024-05-01 00:00] v1.2 shipped").map(\.title) == ["v1.2 shipped"])
  }

  @Test func tagsFollowASpaceAndAreLowercasedOnceEach() throws {
    let entry = try #require(
      try entries("[2024-05-01 09:00] Birds\n@Birds #鳥 a@b (@x) @Work/Field-trips @birds\n")
        .first)
    #expect(entry.tags == ["@birds", "#鳥", "@work/field-trips"])
  }

  @Test func twelveAndTwentyFourHourClocksAndWindowsLinesRead() throws {
    let journal =
      "[2024-05-01 12:05:59 AM] A.\r\n\r\n[2024-05-01 12:05 PM] B. *\r\n[2024-05-01 23:59] C."
    let read = try entries(journal)
    #expect(read.map(\.time) == ["00:05", "12:05", "23:59"])
    #expect(read.map(\.title) == ["A.", "B.", "C."])
    #expect(read.map(\.starred) == [false, true, false])
  }

  @Test func aDayThatIsNoDateNamesItsLine() {
    for bad in [
      "2024-02-30 09:00", "2024-05-01 13:00 PM", "2024-05-01 09:60", "2024-05-01 9:00",
      "2024-05-01",
    ] {
      let failure = #expect(throws: JrnlJournalText.Failure.self) {
        try JrnlJournalText.entries(in: "[2024-05-01 09:00] Fine.\n[\(bad)] Not.\n")
      }
      #expect(failure?.line == 2, "\(bad)")
    }
  }

  @Test func aJournalIsKnownByItsFirstLine() {
    #expect(JrnlJournalText.looksLikeJournal("\n\n[2024-05-01 09:00:00 AM] Heron."))
    #expect(JrnlJournalText.looksLikeJournal("[2024-13-01 09:00] a date that is none, named"))
    #expect(!JrnlJournalText.looksLikeJournal("# Heron\n[2024-05-01 09:00] later"))
    #expect(!JrnlJournalText.looksLikeJournal("[x] done"))
    #expect(!JrnlJournalText.looksLikeJournal(""))
  }
}
