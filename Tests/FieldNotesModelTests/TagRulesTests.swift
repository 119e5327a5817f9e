import FieldNotesModel
import Testing

/// The one rule every way a note is written by (the composer, the editor, an import) reads its
/// tags by: the `#tag`s of its body, and another tool's tags mapped to FieldNotes' own.
@Suite struct TagRulesTests {
  // MARK: - Inline tags

  /// A `#tag` starts a word or follows punctuation of any script, and is read as written.
  @Test func anInlineTagStartsAWordOrFollowsPunctuationOfAnyScript() {
    let text = "Seen at dawn。#鳥 (#heron), «#lake» and #Reed/Bed.\n#first on a line"
    #expect(TagRules.inlineTags(in: text) == ["鳥", "heron", "lake", "Reed/Bed", "first"])
  }

  @Test(arguments: [
    "a#b", "C# and F#", "#1 and #2026", "&#39;", "x/#y", "##", "# Heading",
  ])
  func aHashInsideAWordOrBeforeNoLetterIsNoTag(text: String) {
    #expect(TagRules.inlineTags(in: text) == [])
  }

  @Test func aTagInACodeSpanIsNone() {
    #expect(TagRules.inlineTags(in: "Run `grep #todo` then #done") == ["done"])
  }

  @Test func aTagInFencedCodeIsNone() {
    let text = "#before\n```swift\nlet x = 1 // #fenced\n```\n~~~\n#tilde\n~~~\n#after"
    #expect(TagRules.inlineTags(in: text) == ["before", "after"])
  }

  @Test func aTagInAnHTMLCommentIsNoneOverLinesOrNot() {
    let text = "<!-- #hidden --> #seen\n<!--\n#hidden-too\n-->\n#also <!-- never closed #x"
    #expect(TagRules.inlineTags(in: text) == ["seen", "also"])
  }

  @Test(arguments: [
    "https://example.com/#anchor", "www.x.org/#top", "[a link](https://example.com/page#section)",
    "(http://a.b/c#d)",
  ])
  func aLinksAddressHoldsNoTag(text: String) {
    #expect(TagRules.inlineTags(in: text + " #kept") == ["kept"])
  }

  // MARK: - Mapping

  @Test(
    arguments: [
      ("#Projects/Garden", "projects-garden"), ("@work", "work"), ("Birds", "birds"),
      ("a.b c", "a-b-c"), ("/x/", "x"), ("--x--", "--x--"), ("a--b", "a--b"),
      ("ünïcödé", "ünïcödé"), ("C++", "c"), ("#", nil), ("///", nil),
      (String(repeating: "a", count: 50), String(repeating: "a", count: 40)),
    ] as [(String, String?)])
  func anotherToolsTagIsMappedByTheStatedRule(tag: String, mapped: String?) {
    #expect(TagRules.mappedTag(tag) == mapped)
    if let mapped { #expect(TagRules.problem(with: mapped) == nil) }
  }

  /// A tag as FieldNotes writes it comes back as it is, at the longest a tag may be too.
  @Test(arguments: ["birds", "a_b-9", "-lead", "a--b", String(repeating: "z", count: 40)])
  func aTagFieldNotesWritesIsKeptAsItIs(tag: String) {
    #expect(TagRules.mappedTag(tag) == tag)
  }

  @Test func mappedTagsAreKeptOnceInOrderThoseWithNothingLeftDropped() {
    #expect(TagRules.mappedTags(["@Work", "#", "work", "Lake", "lake"]) == ["work", "lake"])
  }

  /// An import says which tags it renamed: not those changed in their case or a leading `#`.
  @Test func aTagChangedBeyondItsCaseOrLeadingHashIsARename() {
    #expect(
      TagRules.renames(of: ["#Birds", "@work", "Projects/Garden", "lake", "@work", "!!!"]) == [
        TagRename(written: "@work", kept: "work"),
        TagRename(written: "Projects/Garden", kept: "projects-garden"),
        TagRename(written: "!!!", kept: nil),
      ])
    #expect(TagRules.rename(of: "cafe\u{301}") == nil, "the accent's encoding is no rename")
  }

  // MARK: - A note's tags

  /// The tags a note is saved with: those listed first, as given, then each of its body's
  /// `#tag`s mapped, once.
  @Test func aNotesTagsAreTheListedOnesThenItsBodysInlineTagsMapped() {
    let body = "At the #Lake, #birds again; #Projects/Garden.\n`#code` #lake"
    #expect(
      TagRules.tags(["birds", "heron"], addingInlineTagsOf: body)
        == ["birds", "heron", "lake", "projects-garden"])
  }

  @Test func aBodyWithoutInlineTagsLeavesTheListedOnesAsTheyAre() {
    #expect(TagRules.tags(["b", "a"], addingInlineTagsOf: "No tags. C# #1") == ["b", "a"])
    #expect(TagRules.tags([], addingInlineTagsOf: "") == [])
  }

  @Test func aDecomposedAccentInTheBodyIsTheComposedTag() {
    let decomposed = "#cafe\u{301}"
    #expect(TagRules.tags(["café"], addingInlineTagsOf: decomposed) == ["café"])
  }
}
