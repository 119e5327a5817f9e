import FieldNotesTerminal
import Testing

/// Text measured in the columns a terminal draws it in, not in characters.
@Suite struct DisplayWidthTests {
  @Test(arguments: [
    ("heron", 5), ("鳥", 2), ("鳥の観察", 8), ("🐦", 2), ("e\u{301}", 1), ("Ｆｕｌｌ", 8),
    ("👩‍👩‍👧", 2), ("☀\u{FE0F}", 2), ("\u{200B}", 0), ("한글", 4), ("", 0),
  ])
  func columns(text: String, columns: Int) {
    #expect(text.terminalColumns == columns)
  }

  @Test func textIsCutToFitWithAnEllipsis() {
    #expect("heron at the lake".fitted(toColumns: 8) == "heron a…")
    #expect("鳥の観察ノート".fitted(toColumns: 7) == "鳥の観…")
    #expect("鳥の観察ノート".fitted(toColumns: 8) == "鳥の観…")
    #expect("heron".fitted(toColumns: 5) == "heron")
    #expect("heron".fitted(toColumns: nil) == "heron")
    // Text that is printable ASCII up to the cut is cut by bytes, whatever follows.
    #expect("heron at the lake…".fitted(toColumns: 8) == "heron a…")
    #expect("heron…".fitted(toColumns: 6) == "heron…")
    #expect("heron, café".fitted(toColumns: 11) == "heron, café")
    #expect("heron, 鳥".fitted(toColumns: 8) == "heron, …")
    #expect("heron".fitted(toColumns: 0) == "…")
  }

  @Test func paddingCountsColumns() {
    #expect("鳥".padded(toColumns: 4) == "鳥  ")
    #expect("Café".padded(toColumns: 6) == "Café  ")
  }

  @Test func wrappingBreaksAtSpacesAndCutsLongWords() {
    #expect(
      "list every tag with its note count".wrapped(toColumns: 14)
        == ["list every tag", "with its note", "count"])
    #expect("a supercalifragilistic word".wrapped(toColumns: 8) == ["a", "superca…", "word"])
    #expect("".wrapped(toColumns: 8) == [""])
  }
}

/// Long lines break at spaces for the window's width, never inside a word, and keep the rest
/// of the text as it is.
@Suite struct LineBreakingTests {
  @Test(arguments: [
    ("A grey heron stood in the shallows", 12, ["A grey heron", "stood in the", "shallows"]),
    ("two  spaces stay  inside", 12, ["two  spaces", "stay  inside"]),
    ("Fits as it is", 40, ["Fits as it is"]),
    ("abcdefghijklmnop end", 8, ["abcdefgh", "ijklmnop", "end"]),
    ("鳥鳥鳥 birds", 6, ["鳥鳥鳥", "birds"]),
    ("no limit at all", 0, ["no limit at all"]),
  ])
  func aLineBreaksAtTheLastSpaceThatFits(_ text: String, _ columns: Int, _ lines: [String]) {
    #expect(text.brokenAtSpaces(toColumns: columns) == lines)
  }

  @Test func coloursTakeNoColumns() {
    let red = "\u{1B}[31merror: the sync failed\u{1B}[0m"
    #expect(red.brokenAtSpaces(toColumns: 22) == [red])
    #expect(red.brokenAtSpaces(toColumns: 11) == ["\u{1B}[31merror: the", "sync failed\u{1B}[0m"])
  }
}
