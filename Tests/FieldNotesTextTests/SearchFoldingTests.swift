import FieldNotesText
import Testing

/// Search compares folded text: the same words fold to the same bytes however they were
/// written (precomposed or decomposed, in compatibility forms, in any case), and folded text
/// never holds what a search index would read as the end of the text.
@Suite struct SearchFoldingTests {
  func folded(_ text: String) -> String {
    String(decoding: SearchFolding.fold(text), as: UTF8.self)
  }

  @Test func decomposedAccentsFoldLikePrecomposedOnes() {
    #expect(folded("e\u{301}tude") == "etude")
    #expect(folded("E\u{301}TUDE") == "etude")
    #expect(folded("étude") == "etude")
    #expect(folded("Ärger über Ö") == folded("A\u{308}rger u\u{308}ber O\u{308}"))
    #expect(folded("Tie\u{302}\u{323}ng Vie\u{323}\u{302}t") == folded("Tiếng Việt"))
  }

  @Test func marksThatAreNotAccentsAreKeptButComposedAlike() {
    // A voiced kana is a letter of its own in Japanese: its mark stays, however it is written.
    #expect(folded("か\u{3099}") == "が")
    #expect(folded("\u{1100}\u{1161}\u{11A8}") == "각")
    #expect(folded("कु") == "कु")
  }

  /// An accent no letter takes (lower-casing `İ` gives `i` + U+0307, which nothing composes) is
  /// set aside as a composed one is, and so is an accent with no letter at all.
  @Test func accentsThatComposeWithNoLetterAreSetAsideToo() {
    #expect(folded("i\u{307}stanbul") == "istanbul")
    #expect(folded("İstanbul".lowercased()) == folded("İstanbul"))
    #expect(folded("q\u{301}uick") == "quick")
    #expect(folded("e\u{301}\u{301}tude") == "etude")
    #expect(folded("\u{301}") == "")
    #expect(folded("\u{301}\u{308}\u{1DC4}\u{FE20}") == "")
    #expect(folded("´") == " ")
  }

  @Test func compatibilityFormsFoldToWhatTheyStandFor() {
    #expect(folded("ﬁsh") == "fish")
    #expect(folded("ＦＩＥＬＤ") == "field")
    #expect(folded("x²") == "x2")
    #expect(folded("ǅemal") == folded("Džemal"))
  }

  @Test func nulAndTheNoncharactersFoldToTheReplacementCharacter() {
    #expect(folded("before\u{0}after") == "before\u{FFFD}after")
    #expect(!SearchFolding.fold("\u{0}\u{0}e\u{301}\u{0}").contains(0))
    #expect(folded("a\u{FFFE}b\u{FFFF}") == "a\u{FFFD}b\u{FFFD}")
  }

  @Test func otherControlsAreKeptAsTheyAre() {
    #expect(folded("A\u{1}\u{1B}[2J\t\u{7F}\u{85}B") == "a\u{1}\u{1B}[2j\t\u{7F}\u{85}b")
  }
}

/// Folding a character on its own gives what folding it inside text gives.
@Suite struct CharacterFoldingTests {
  @Test(arguments: [
    "a", "Z", "\u{0}", "é", "e\u{301}", "ﬁ", "Ａ", "²", "鳥", "🦉", "👩‍👩‍👧", "\u{FFFF}", "ẞ", "İ", "\r\n",
    "\u{1100}\u{1161}", "\u{301}", "i\u{307}stanbul", "q\u{301}", "\u{301}\u{308}x",
  ])
  func aCharacterFoldsAsItsText(_ text: String) {
    for character in text {
      var bytes: [UInt8] = []
      SearchFolding.fold(character, into: &bytes)
      #expect(bytes == SearchFolding.fold(String(character)), "\(text.debugDescription)")
    }
  }
}
