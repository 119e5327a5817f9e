import FieldNotesText
import Testing

/// The byte search that guards a hot path gives the answer a search by characters gives
/// whenever the string is absent, in any text.
@Suite struct UTF8SearchTests {
  @Test(arguments: [
    ("", "[[", false),
    ("[", "[[", false),
    ("[[", "[[", true),
    ("a [x] [[b]]", "[[", true),
    ("a [x] [y]", "[[", false),
    ("ends with [[", "[[", true),
    ("Ünïcödé then <!-- a comment", "<!--", true),
    ("<!- not quite -->", "<!--", false),
    ("<!- not quite -->", "-->", true),
    ("日本語[[リンク]]", "[[", true),
    ("nothing here", "", true),
  ])
  func findsTheBytesOfAnASCIIString(text: String, needle: String, holds: Bool) {
    let found: Bool =
      switch needle {
      case "[[": text.holdsBytes(of: "[[")
      case "<!--": text.holdsBytes(of: "<!--")
      case "-->": text.holdsBytes(of: "-->")
      default: text.holdsBytes(of: "")
      }
    #expect(found == holds)
    // The same in a slice of the text, whose bytes start inside a larger string.
    let slice = ("x" + text + "y").dropFirst().dropLast()
    #expect(slice.holdsBytes(of: "[[") == text.contains("[["))
  }

  /// Each text holds `[[` in its bytes, whatever the characters around it; a search by
  /// characters may not see it where a mark joins the second `[`, which the byte search then
  /// leaves to the caller's own search.
  @Test func aStringTheCharactersHoldIsAlwaysFoundInTheBytes() {
    for text in ["[[a]]", "e\u{301}[[x]]", "[[\u{301}", "👩‍👩‍👧[[family]]", "\r\n[[x]]\r\n"] {
      #expect(text.holdsBytes(of: "[["), "\(text)")
    }
    #expect(!"[\u{301}[".holdsBytes(of: "[["))
  }
}
