import FieldNotesFormats
import Testing

/// Which files a note's text references, as Obsidian reads them: embeds, wiki links to files,
/// Markdown images and links to relative paths; never code, comments, URLs or notes.
@Suite struct AttachmentReferenceTests {
  func names(_ body: String) -> [String] {
    AttachmentReference.references(in: body).map(\.name)
  }

  @Test func embedsWikiLinksImagesAndLinksToFilesAreReferences() {
    let body = """
      ![[pic0.png]] and ![[pic1.png|200]] and ![[report.pdf#page=2]]
      See [[slides.key]] and ![a heron](img/heron.jpg "The heron").
      The [minutes](files/minutes.pdf) and [my file](<my file.pdf>) and [sp](a%20b.png).
      """
    #expect(
      names(body) == [
        "pic0.png", "pic1.png", "report.pdf", "slides.key", "img/heron.jpg", "files/minutes.pdf",
        "my file.pdf", "a%20b.png",
      ])
    #expect(AttachmentReference.references(in: body).last?.path == "a b.png")
  }

  @Test func notesURLsAndAnchorsAreNotReferences() {
    let body = """
      [[Other note]] ![[Other note]] [[notes.md]] [x](other.md) [y](https://e.org/a.png)
      [z](#heading) [m](mailto:a@b.org) [[Title#Heading]] ![](//cdn.org/x.png)
      """
    #expect(names(body).isEmpty)
  }

  @Test func codeAndCommentsHoldNoReferences() {
    let body = """
      `![[inspan.png]]` and ``![](x/y.png)``
      ```
      ![[fenced.png]]
      ```
      <!-- ![[commented.png]]
      [[also.pdf]] -->
      ![[kept.png]]
      """
    #expect(names(body) == ["kept.png"])
  }

  @Test func aReferenceWrittenTwiceIsOne() {
    #expect(names("![[a.png]] ![[a.png|100]] [[a.png]]") == ["a.png"])
  }
}
