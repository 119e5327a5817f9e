import FieldNotesModel
import FieldNotesQuery
import FieldNotesTerminal
import FieldNotesText
import Foundation
import Testing

@testable import NoteListScreen

/// A row shows its number, pin and short id, then its title, notebook, date and tags; with
/// colour on, the date and tags are dim and the search's matches are highlighted,
/// matched as the search matches (case and diacritics ignored); with it off, nothing is added.
@MainActor
@Suite struct NoteRowStyleTests {
  @Test func matchesAreFoundAsTheSearchFindsThem() {
    #expect(SearchMatches.ranges(of: "cafe", in: "Café au lait, CAFE") == [0..<4, 14..<18])
    #expect(SearchMatches.ranges(of: "  ", in: "anything").isEmpty)
    #expect(SearchMatches.ranges(of: "鳥", in: "鳥と鳥") == [0..<1, 2..<3])
  }

  static let coloured = TerminalContext(columns: nil, rows: nil, style: .init(isColored: true))
  /// The short id of a note whose id starts `e621e1f8`.
  static let heron = NoteIDPrefix(
    of: UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F") ?? UUID(), length: 4)

  @Test func colourDimsMetadataAndHighlightsMatches() {
    let lines = NoteRowView.lines(
      number: 1, shortID: Self.heron, idColumns: 4, title: "Heron at the lake", notebook: "Birds",
      excerpt: "A grey heron stood still.", tags: ["birds"], isPinned: false, date: "just now",
      highlighting: SearchMatches(["HERON"]), in: Self.coloured)
    #expect(
      lines == [
        "  1   e621  \u{1B}[1;33mHeron\u{1B}[22;39m at the lake"
          + "\u{1B}[2m · Birds · just now · #birds\u{1B}[22m",
        "      A grey \u{1B}[1;33mheron\u{1B}[22;39m stood still.",
      ])
  }

  @Test func withColourOffMatchesAreMarked() {
    let lines = NoteRowView.lines(
      number: 1, shortID: Self.heron, idColumns: 4, title: "Heron at the lake", notebook: nil,
      excerpt: "A grey heron stood still.", tags: ["birds"], isPinned: false, date: "just now",
      highlighting: SearchMatches(["heron"]), in: .plain)
    #expect(
      lines == [
        "  1   e621  «Heron» at the lake · just now · #birds", "      A grey «heron» stood still.",
      ])
  }

  /// Ids of several lengths are padded to the longest of the list's, so titles line up.
  @Test func shortIDsArePaddedToTheListsLongest() {
    let row = { (number: Int, id: NoteIDPrefix) in
      NoteRowView.lines(
        number: number, shortID: id, idColumns: 6, title: "Heron", notebook: "Birds",
        excerpt: "", tags: [], isPinned: number == 12, date: "yesterday", in: .plain)
    }
    let long = NoteIDPrefix(
      of: UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F") ?? UUID(), length: 6)
    #expect(
      row(1, Self.heron) + row(12, long) == [
        "  1   e621    Heron · Birds · yesterday", " 12 * e621e1  Heron · Birds · yesterday",
      ])
  }

  @Test func aStyledLineIsCutByItsTextNotItsEscapes() {
    let narrow = TerminalContext(columns: 36, rows: nil, style: .init(isColored: true))
    let lines = NoteRowView.lines(
      number: 1, shortID: Self.heron, idColumns: 4, title: "Heron", notebook: nil, excerpt: "",
      tags: ["birds", "lake"], isPinned: true, date: "yesterday", in: narrow)
    #expect(lines == ["  1 * e621  Heron\u{1B}[2m · yesterday · #bi\u{1B}[22m…"])
  }

  /// Where the width is short the title is cut first, so the id, the notebook and the date
  /// stay; the id is never cut.
  @Test func aNarrowTerminalCutsTheTitleNotTheID() {
    let row = { (columns: Int) in
      NoteRowView.lines(
        number: 1, shortID: Self.heron, idColumns: 4, title: "Heron at the lake by the weir",
        notebook: "Field trips", excerpt: "", tags: [], isPinned: false, date: "1 h ago",
        in: TerminalContext(columns: columns, rows: nil, style: .plain))
    }
    #expect(row(47) == ["  1   e621  Heron at t… · Field trips · 1 h ago"])
    #expect(row(20) == ["  1   e621  Heron a…"])
  }
}
