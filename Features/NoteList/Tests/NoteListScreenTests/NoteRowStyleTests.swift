import FieldNotesModel
import FieldNotesTerminal
import Testing

@testable import NoteListScreen

/// With colour on, a row's date and tags are dim and the search's matches are highlighted,
/// matched as the search matches (case and diacritics ignored); with it off, nothing is added.
@MainActor
@Suite struct NoteRowStyleTests {
  @Test func matchesAreFoundAsTheSearchFindsThem() {
    #expect(SearchMatches.ranges(of: "cafe", in: "Café au lait, CAFE") == [0..<4, 14..<18])
    #expect(SearchMatches.ranges(of: "  ", in: "anything").isEmpty)
    #expect(SearchMatches.ranges(of: "鳥", in: "鳥と鳥") == [0..<1, 2..<3])
  }

  static let coloured = TerminalContext(columns: nil, rows: nil, style: .init(isColored: true))

  @Test func colourDimsMetadataAndHighlightsMatches() {
    let lines = NoteRowView.lines(
      number: 1, title: "Heron at the lake", excerpt: "A grey heron stood still.",
      tags: ["birds"], isPinned: false, date: "just now", highlighting: SearchMatches(["HERON"]),
      in: Self.coloured)
    #expect(
      lines == [
        "  1   \u{1B}[1;33mHeron\u{1B}[22;39m at the lake\u{1B}[2m · just now · #birds\u{1B}[22m",
        "      A grey \u{1B}[1;33mheron\u{1B}[22;39m stood still.",
      ])
  }

  @Test func withColourOffMatchesAreMarked() {
    let lines = NoteRowView.lines(
      number: 1, title: "Heron at the lake", excerpt: "A grey heron stood still.",
      tags: ["birds"], isPinned: false, date: "just now", highlighting: SearchMatches(["heron"]),
      in: .plain)
    #expect(
      lines == [
        "  1   «Heron» at the lake · just now · #birds", "      A grey «heron» stood still.",
      ])
  }

  @Test func aStyledLineIsCutByItsTextNotItsEscapes() {
    let narrow = TerminalContext(columns: 30, rows: nil, style: .init(isColored: true))
    let lines = NoteRowView.lines(
      number: 1, title: "Heron", excerpt: "", tags: ["birds", "lake"], isPinned: true,
      date: "yesterday", in: narrow)
    #expect(lines == ["  1 * Heron\u{1B}[2m · yesterday · #bi\u{1B}[22m…"])
  }
}
