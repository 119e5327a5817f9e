import FieldNotesText
import Testing

/// Links between notes: what a body's `[[…]]` reads as, and how a rename rewrites them.
@Suite struct NoteLinkTests {
  @Test func theFourFormsOfALinkAreRead() {
    let body = "See [[Heron]], [[Heron|the bird]], [[Pond#Birds]] and [[Pond#Birds|there]]."
    #expect(
      NoteLink.links(in: body) == [
        NoteLink(title: "Heron"), NoteLink(title: "Heron", shownText: "the bird"),
        NoteLink(title: "Pond", heading: "Birds"),
        NoteLink(title: "Pond", heading: "Birds", shownText: "there"),
      ])
  }

  /// Obsidian writes a link as a path to the file (`[[Areas/Health/x]]`, `[[x.md]]`) where two
  /// files share a name: such a link also names the file's name, without folders or `.md`.
  @Test(
    arguments: [
      ("Heron", ["heron"]), ("Areas/Health/Heron walk", ["areas/health/heron walk", "heron walk"]),
      ("Heron.md", ["heron.md", "heron"]), ("Areas/Heron.MD", ["areas/heron.md", "heron"]),
      ("TCP/IP", ["tcp/ip", "ip"]), ("a/", ["a/"]), (".md", [".md"]), ("x/.md", ["x/.md", ".md"]),
    ] as [(String, [String])])
  func aPathToAFileAlsoNamesTheFile(title: String, keys: [String]) {
    #expect(NoteLink(title: title).keys == keys.map(SearchFolding.fold))
  }

  @Test func aBodyLinksToAFileThroughAPathAndARenameRewritesIt() {
    let body = "[[Areas/Health/Heron]] and [[heron.md#Nest|the nest]] and [[Heron]] and [[Pond]]"
    #expect(NoteLink.body(body, linksTo: SearchFolding.fold("Heron")))
    #expect(!NoteLink.body("[[Areas/Health]]", linksTo: SearchFolding.fold("Heron")))
    #expect(
      NoteLink.body(body, renamingLinksTo: SearchFolding.fold("Heron"), as: "Grey heron")
        == "[[Grey heron]] and [[Grey heron#Nest|the nest]] and [[Grey heron]] and [[Pond]]")
  }

  @Test func embedsSameNoteHeadingsAndBrokenBracketsAreNotLinks() {
    let body = """
      ![[pic.png]] [[#Top]] [[ spaced]] [[]] [[open [[a]b]] [[unclosed
      [[split
      across]] [[Kept ]]
      """
    #expect(NoteLink.links(in: body) == [NoteLink(title: "Kept")])
  }

  @Test func nothingInCodeIsALink() {
    let body = """
      `[[Span]]` and ``a ` [[Double span]]`` but [[Outside]]
      ```swift
      let x = "[[Fenced]]"
      ```
      ~~~~
      [[Tilde fenced]]
      ~~~
      still fenced [[Inside]]
      ~~~~
      `unclosed [[After backtick]]
      """
    #expect(
      NoteLink.links(in: body).map(\.title) == ["Outside", "After backtick"],
      "an unclosed backtick is text; a fence closes at one at least as long")
  }

  /// An indented code block and an HTML comment hold no links, and a rename leaves them as
  /// they are; a list item indented as deep, and the text around a comment, still do.
  @Test func nothingInIndentedCodeOrAnHTMLCommentIsALink() {
    let body = """
      Para with [[Moth]].

          [[Moth]] in indented code
          [[Moth]] still code

      <!-- [[Moth]] hidden --> after [[Moth]] <!-- open
      [[Moth]] still in the comment
      --> [[Moth]] after it
      - item
          - [[Moth]] in a nested item
      Text
          [[Moth]] continues a paragraph, not code
      """
    #expect(NoteLink.links(in: body).count == 5)
    let renamed = NoteLink.body(body, renamingLinksTo: SearchFolding.fold("Moth"), as: "Moth 2")
    #expect(renamed.components(separatedBy: "[[Moth 2]]").count - 1 == 5)
    #expect(renamed.contains("    [[Moth]] in indented code"))
    #expect(renamed.contains("<!-- [[Moth]] hidden -->"))
    #expect(renamed.contains("[[Moth]] still in the comment"))
  }

  @Test func renamingRewritesTheTitleOfEachLinkNamingItAndNothingElse() {
    let body = """
      [[Heron]], [[heron |the bird]], [[HÉRON#Diet|food]], ![[heron]], `[[Heron]]`
      [[Herons]] and [[Grey heron]]
      ```
      [[Heron]]
      ```
      """
    #expect(
      NoteLink.body(body, renamingLinksTo: SearchFolding.fold("Heron"), as: "Grey heron")
        == """
        [[Grey heron]], [[Grey heron |the bird]], [[Grey heron#Diet|food]], ![[heron]], `[[Heron]]`
        [[Herons]] and [[Grey heron]]
        ```
        [[Heron]]
        ```
        """)
  }
}
