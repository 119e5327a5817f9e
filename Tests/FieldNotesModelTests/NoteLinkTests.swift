import FieldNotesModel
import FieldNotesTesting
import Foundation
import Testing

/// Links between notes: what a body's `[[…]]` reads as, and which note a link names.
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

  @Test func aLinkNamesTheNoteWhoseTitleFoldsAsItsDoes() {
    let cafe = Note(title: "Café Notes", createdAt: Date(timeIntervalSinceReferenceDate: 10))
    let other = Note(title: "Cafe notes two", createdAt: Date(timeIntervalSinceReferenceDate: 0))
    #expect(NoteLink.resolved(NoteLink(title: "CAFE NOTES"), among: [other, cafe]) == cafe)
    #expect(NoteLink.resolved(NoteLink(title: "Cafe"), among: [other, cafe]) == nil)
    #expect(NoteLink.body("x [[cafe notes#h|y]]", linksTo: SearchFolding.fold("Café Notes")))
    #expect(!NoteLink.body("x `[[cafe notes]]`", linksTo: SearchFolding.fold("Café Notes")))
  }

  @Test func ofNotesSharingATitleTheOldestIsNamed() {
    let early = Date(timeIntervalSinceReferenceDate: 0)
    let newer = Note(title: "Heron", createdAt: Date(timeIntervalSinceReferenceDate: 60))
    let oldest = Note(id: UUID(number: 9), title: "heron", createdAt: early)
    let sameMomentSmallerID = Note(id: UUID(number: 2), title: "HERON", createdAt: early)
    #expect(
      NoteLink.resolved(NoteLink(title: "Heron"), among: [newer, oldest, sameMomentSmallerID])
        == sameMomentSmallerID)
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
