import FieldNotesModel
import FieldNotesQuery
import FieldNotesText
import Foundation
import Testing

/// How typed text becomes a ``NoteQuery``: the operators, the qualifiers, the rules that keep
/// ordinary text text, the dates, and the errors, each with its column.
@Suite struct NoteQueryParsingTests {
  static let trips = Notebook(id: UUID(), name: "Field trips")
  static let utc = TimeZone(identifier: "UTC") ?? .current
  /// Monday 2 March 2026, 10:00 UTC.
  static let now = Date(timeIntervalSince1970: 1_772_445_600)
  static let context = NoteQuery.Context(notebooks: [trips], now: now, timeZone: utc)

  func parse(_ text: String) throws(NoteQueryError) -> NoteQuery {
    try NoteQuery(parsing: text, in: Self.context)
  }

  /// Midnight UTC of a day.
  func day(_ year: Int, _ month: Int, _ day: Int) -> Date {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = Self.utc
    return calendar.date(from: DateComponents(year: year, month: month, day: day)) ?? .distantPast
  }

  @Test func wordsAreAndedAndOrBindsLooserThanThem() throws {
    #expect(try parse("") == .everything)
    #expect(try parse("   ") == .everything)
    #expect(try parse("heron") == .text("heron"))
    #expect(try parse("heron pond") == .all([.text("heron"), .text("pond")]))
    #expect(try parse("heron AND pond") == .all([.text("heron"), .text("pond")]))
    #expect(
      try parse("heron pond OR egret")
        == .any([.all([.text("heron"), .text("pond")]), .text("egret")]))
    #expect(
      try parse("heron (pond OR lake)")
        == .all([.text("heron"), .any([.text("pond"), .text("lake")])]))
    #expect(try parse("heron or pond") == .all([.text("heron"), .text("or"), .text("pond")]))
  }

  @Test func phrasesAreTakenAsTheyAre() throws {
    #expect(try parse("\"heron at the pond\"") == .text("heron at the pond"))
    #expect(try parse("\"OR\"") == .text("OR"))
    #expect(try parse("\"(\"") == .text("("))
    #expect(try parse("-\"grey heron\"") == .not(.text("grey heron")))
  }

  @Test func exclusionsTakeADashOrNot() throws {
    #expect(try parse("heron -pond") == .all([.text("heron"), .not(.text("pond"))]))
    #expect(try parse("heron NOT pond") == .all([.text("heron"), .not(.text("pond"))]))
    #expect(try parse("NOT NOT pond") == .text("pond"))
    #expect(try parse("-(a OR b)") == .not(.any([.text("a"), .text("b")])))
    #expect(try parse("-#birds") == .not(.tag("birds")))
  }

  @Test func ordinaryTextStaysText() throws {
    #expect(try parse("C#") == .text("C#"))
    #expect(try parse("a - b") == .all([.text("a"), .text("-"), .text("b")]))
    #expect(try parse("well-known") == .text("well-known"))
    #expect(try parse("10:30") == .text("10:30"))
    #expect(try parse("https://example.org") == .text("https://example.org"))
    #expect(try parse("smile :)") == .all([.text("smile"), .text(":)")]))
    #expect(try parse("(smile :))") == .all([.text("smile"), .text(":)")]))
    #expect(try parse("#") == .text("#"))
    #expect(try parse("foo:bar") == .text("foo:bar"))
  }

  @Test func qualifiersNameTagsNotebooksStatesAndTitles() throws {
    #expect(try parse("tag:birds") == .tag("birds"))
    #expect(try parse("#Birds") == .tag("birds"))
    #expect(try parse("TAG:Birds") == .tag("birds"))
    #expect(try parse("in:\"Field trips\"") == .notebook(Self.trips.id))
    #expect(try parse("in:\"field TRIPS\"") == .notebook(Self.trips.id))
    #expect(try parse("in:none") == .notebook(nil))
    #expect(try parse("is:pinned") == .pinned)
    #expect(try parse("is:untagged") == .untagged)
    #expect(try parse("title:heron") == .title("heron"))
    #expect(try parse("title:\"grey heron\"") == .title("grey heron"))
  }

  @Test func aDateIsADayAMonthOrAYearInTheTimeZone() throws {
    #expect(
      try parse("created:2026")
        == .date(.created, DateSpan(from: day(2026, 1, 1), to: day(2027, 1, 1))))
    #expect(
      try parse("created:2026-02")
        == .date(.created, DateSpan(from: day(2026, 2, 1), to: day(2026, 3, 1))))
    #expect(
      try parse("created:2024-02-29")
        == .date(.created, DateSpan(from: day(2024, 2, 29), to: day(2024, 3, 1))))
    #expect(
      try parse("updated:2025-12-31")
        == .date(.updated, DateSpan(from: day(2025, 12, 31), to: day(2026, 1, 1))))
    #expect(
      try parse("created:today")
        == .date(.created, DateSpan(from: day(2026, 3, 2), to: day(2026, 3, 3))))
    #expect(
      try parse("created:yesterday")
        == .date(.created, DateSpan(from: day(2026, 3, 1), to: day(2026, 3, 2))))
    #expect(
      try parse("created:this-week")
        == .date(.created, DateSpan(from: day(2026, 3, 2), to: day(2026, 3, 9))))
    #expect(
      try parse("created:last-week")
        == .date(.created, DateSpan(from: day(2026, 2, 23), to: day(2026, 3, 2))))
    #expect(
      try parse("created:this-month")
        == .date(.created, DateSpan(from: day(2026, 3, 1), to: day(2026, 4, 1))))
    #expect(
      try parse("created:last-month")
        == .date(.created, DateSpan(from: day(2026, 2, 1), to: day(2026, 3, 1))))
    #expect(
      try parse("created:3d")
        == .date(.created, DateSpan(from: day(2026, 2, 27), to: day(2026, 2, 28))))
    #expect(
      try parse("created:2w")
        == .date(.created, DateSpan(from: day(2026, 2, 16), to: day(2026, 2, 17))))
  }

  @Test func rangesAndComparisonsIncludeOrLeaveOutTheirDays() throws {
    #expect(
      try parse("created:2025..2026-02")
        == .date(.created, DateSpan(from: day(2025, 1, 1), to: day(2026, 3, 1))))
    #expect(try parse("created:2026-01..") == .date(.created, DateSpan(from: day(2026, 1, 1))))
    #expect(try parse("created:..2025") == .date(.created, DateSpan(to: day(2026, 1, 1))))
    #expect(try parse("created:<2026") == .date(.created, DateSpan(to: day(2026, 1, 1))))
    #expect(try parse("created:<=2026") == .date(.created, DateSpan(to: day(2027, 1, 1))))
    #expect(try parse("created:>2026") == .date(.created, DateSpan(from: day(2027, 1, 1))))
    #expect(try parse("created:>=2026-03") == .date(.created, DateSpan(from: day(2026, 3, 1))))
  }

  @Test func aDayStartsWhenTheClockFirstShowsIt() throws {
    // Santiago moves its clocks from 00:00 to 01:00 on 6 September 2026, so that day starts at
    // 01:00 local, 04:00 UTC; 5 September started at 00:00 local, 04:00 UTC too (UTC-4).
    let santiago = try #require(TimeZone(identifier: "America/Santiago"))
    let context = NoteQuery.Context(now: Self.now, timeZone: santiago)
    let query = try NoteQuery(parsing: "created:2026-09-06", in: context)
    let start = Date(timeIntervalSince1970: 1_788_667_200)  // 2026-09-06T04:00:00Z
    #expect(query == .date(.created, DateSpan(from: start, to: start.addingTimeInterval(82_800))))
    #expect(CivilTime(start, in: santiago).dateText == "2026-09-06")
    #expect(CivilTime(start.addingTimeInterval(-1), in: santiago).dateText == "2026-09-05")
  }

  @Test(
    arguments: [
      ("in:\"Feild trips\"", NoteQueryError.unknownNotebook("Feild trips", column: 1)),
      ("heron in:Feild", .unknownNotebook("Feild", column: 7)),
      ("created:2026-13", .invalidDate("2026-13", qualifier: "created", column: 1)),
      ("created:2026-02-30", .invalidDate("2026-02-30", qualifier: "created", column: 1)),
      ("created:..", .invalidDate("..", qualifier: "created", column: 1)),
      ("updated:soon", .invalidDate("soon", qualifier: "updated", column: 1)),
      ("(heron", .unclosedParenthesis(column: 1)),
      ("\"heron", .unclosedQuote(column: 1)),
      ("a \"\"", .emptyPhrase(column: 3)),
      ("()", .emptyGroup(column: 1)),
      ("OR heron", .missingTerm(operator: "OR", column: 1)),
      ("heron OR", .missingTerm(operator: "OR", column: 7)),
      ("heron AND", .missingTerm(operator: "AND", column: 7)),
      ("heron NOT", .missingExclusion(column: 7)),
      ("tag:", .missingValue(qualifier: "tag:", column: 1)),
      ("#a/b", .invalidTag("a/b", column: 1)),
      ("is:lost", .unknownState("lost", column: 1)),
      ("heron id:e6z1", .invalidID("e6z1", column: 7)),
      (
        "id:" + String(repeating: "a", count: 33),
        .invalidID(String(repeating: "a", count: 33), column: 1)
      ),
    ] as [(String, NoteQueryError)])
  func aBadSearchSaysWhatAndWhere(_ text: String, _ error: NoteQueryError) {
    #expect(throws: error) { try parse(text) }
  }

  /// A term that folds to nothing (accents alone) would match every note, as `""` would: it is
  /// refused as `""` is.
  ///
  /// Accents typed after a space, a quote or a dash ride on it, as one character: only at the
  /// start of a search do they stand alone.
  @Test(arguments: [("\u{301}", 1), ("\u{301}\u{308} heron", 1), ("\u{307} OR heron", 1)])
  func aTermOfAccentsAloneIsRefusedAsEmptyQuotesAre(_ text: String, column: Int) {
    #expect(throws: NoteQueryError.nothingToSearchFor(column: column)) { try parse(text) }
  }

  @Test func aTermOfAccentsAloneSaysWhyItIsRefused() {
    #expect(
      NoteQueryError.nothingToSearchFor(column: 7).errorDescription
        == "The term at column 7 is only accents, which searches set aside: it holds nothing "
        + "to search for.")
    #expect(throws: Never.self) { try parse("i\u{307}stanbul q\u{301}") }
  }

  @Test func theMessagesSayWhereTheSearchGoesWrong() {
    #expect(
      NoteQueryError.unknownNotebook("Feild trips", column: 12).errorDescription
        == "There is no notebook called \u{201C}Feild trips\u{201D} (in: at column 12).")
    #expect(
      NoteQueryError.invalidDate("2026-13", qualifier: "created", column: 1).errorDescription?
        .hasPrefix("2026-13 is not a date (created: at column 1)") == true)
  }

  @Test func nestingAndLengthHaveLimits() throws {
    let deep = String(repeating: "(", count: 13) + "a" + String(repeating: ")", count: 13)
    #expect(throws: NoteQueryError.nestedTooDeeply(column: 13)) { try parse(deep) }
    let fine = String(repeating: "(", count: 12) + "a" + String(repeating: ")", count: 12)
    #expect(try parse(fine) == .text("a"))
    let many = (0..<257).map { "w\($0)" }.joined(separator: " ")
    #expect(throws: NoteQueryError.tooManyTerms(limit: 256, column: many.count - 3)) {
      try parse(many)
    }
    #expect(try parse(String(repeating: "-", count: 10_001) + "x") == .not(.text("x")))
  }

  @Test func anExclusionOfAnExclusionIsWhatItExcludes() throws {
    #expect(try parse("-(-heron)") == .text("heron"))
    #expect(try parse("NOT (NOT (NOT heron))") == .not(.text("heron")))
    let nested = String(repeating: "-(", count: 12) + "heron" + String(repeating: ")", count: 12)
    #expect(try parse(nested) == .text("heron"))
  }

  @Test func aRangeThatEndsBeforeItStartsIsRefused() {
    #expect(throws: NoteQueryError.emptyRange("2026-12..2026-01", qualifier: "created", column: 1))
    {
      try parse("created:2026-12..2026-01")
    }
    #expect(
      throws: NoteQueryError.emptyRange("2026-03-02..2026-03-01", qualifier: "updated", column: 7)
    ) { try parse("heron updated:2026-03-02..2026-03-01") }
  }

  @Test func theHighlightedTermsAreThePositiveTexts() throws {
    #expect(
      try parse("heron -pond (title:grey OR #birds) NOT \"old text\"").highlightedTerms
        == ["heron", "grey"])
  }
}

/// What a search result shows: the line that matched, cut so the match stays in sight.
@Suite struct MatchedExcerptTests {
  let note = Note(
    title: "Heron", body: "First line.\n\nThe heron stood for a long, long while, then flew.")

  @Test func theExcerptIsTheFirstLineWhereATermMatches() {
    #expect(
      note.excerpt(showing: SearchMatches(["FLEW"]), maximumLength: 60)
        == "The heron stood for a long, long while, then flew.")
    #expect(note.excerpt(showing: SearchMatches([]), maximumLength: 60) == "First line.")
    #expect(
      note.excerpt(showing: SearchMatches(["heron"]), maximumLength: 60)
        == "The heron stood for a long, long while, then flew.",
      "a match in the title and the body: the body's line")
    #expect(
      note.excerpt(showing: SearchMatches(["nowhere"]), maximumLength: 60) == "First line.",
      "no match in the body: the usual excerpt")
  }

  @Test func aLongLineIsCutToKeepTheMatchInSight() {
    let long = Note(
      title: "Walk",
      body: String(repeating: "word ", count: 40) + "kingfisher "
        + String(repeating: "x ", count: 40))
    let excerpt = long.excerpt(showing: SearchMatches(["Kingfisher"]), maximumLength: 60)
    #expect(excerpt.count == 60)
    #expect(excerpt.hasPrefix("…"))
    #expect(excerpt.hasSuffix("…"))
    #expect(excerpt.contains("kingfisher"))
    // It starts at a whole word, a few before the match: "…word word word kingfisher x x …".
    #expect(excerpt.hasPrefix("…word word word kingfisher"))
  }

  @Test func matchesOfSeveralTermsDoNotOverlap() {
    let matches = SearchMatches(["fish", "kingfisher", "Café"])
    #expect(matches.ranges(in: "Kingfisher at the cafe, fish") == [0..<10, 18..<22, 24..<28])
    #expect(SearchMatches(["  "]).isEmpty)
  }
}

/// docs/Searching.md shows the grammar the parser reads, as `help search` does.
@Suite struct SearchingDocumentTests {
  @Test func theGuidesGrammarIsTheParsers() throws {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
    let text = try String(
      contentsOf: root.appendingPathComponent("docs/Searching.md"), encoding: .utf8)
    let block = try #require(text.components(separatedBy: "```ebnf\n").dropFirst().first)
    let grammar = try #require(block.components(separatedBy: "\n```").first)
    #expect(grammar == NoteQuery.grammar)
  }
}

/// Marks are looked for in lines as lists show them: whitespace collapsed, spaces kept.
@Suite struct SearchMatchesWhitespaceTests {
  @Test func aPhraseWithSeveralSpacesIsMarkedWhereItsWhitespaceIsCollapsed() {
    #expect(SearchMatches(["heron  pond"]).ranges(in: "grey heron pond") == [5..<15])
    #expect(SearchMatches(["heron\tpond"]).ranges(in: "heron pond") == [0..<10])
    #expect(SearchMatches(["heron  pond"]).ranges(in: "heron  pond") == [0..<11])
  }

  @Test func aTermWithASpaceIsNotTrimmed() {
    #expect(SearchMatches([" a"]).ranges(in: "a cat a") == [5..<7])
  }
}
