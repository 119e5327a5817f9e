import FieldNotesFormats
import FieldNotesModel
import Foundation
import Testing

/// The lenient reader, on files shaped as other tools document theirs.
@Suite struct LenientNoteReaderTests {
  @Test func anObsidianNoteGivesItsFrontMattersTitleTagsAndDates() {
    // Obsidian: YAML properties, tags as a list below the key, nested tags inline.
    let text = """
      ---
      title: Heron at the lake
      aliases:
        - Grey heron
      tags:
        - birds
        - "Places/Lake"
      created: 2024-05-01T08:30:00+02:00
      updated: 2024-05-02 10:00
      ---
      Seen at #dawn, again in #Places/Weir. Not a tag: #1, a#b, `#code`.

      ```
      #not-a-tag in code
      ```
      """
    let note = NoteDocument.foreignNote(from: text, fileName: "heron.md")
    #expect(note.title == "Heron at the lake")
    #expect(note.tags == ["birds", "places-lake", "dawn", "places-weir"])
    #expect(note.createdAt == NoteDocument.textDate(from: "2024-05-01T06:30:00.000Z"))
    #expect(note.updatedAt == NoteDocument.textDate(from: "2024-05-02T10:00:00.000Z"))
    // Another tool's key is a property, as written; what no field of a note holds stays at the
    // top of the body: the tags, since `Places/Lake` is more than `places-lake` holds.
    #expect(note.properties == [NoteProperty(key: "aliases", rawValue: "\n  - Grey heron")])
    #expect(
      note.body.hasPrefix("---\ntags:\n  - birds\n  - \"Places/Lake\"\n---\nSeen at #dawn"))
    #expect(!note.frontMatterIgnored)
  }

  /// A key with spaces in it (`due date:`, as Obsidian's properties allow) is a key of its own,
  /// as the editor's file and a sync's read it: before, import took it for the value above
  /// going on, and the same file made other properties by path.
  @Test func aKeyWithSpacesIsAPropertyOfItsOwnOnEveryPath() throws {
    let text = "---\na: plain\nweird key: v\n---\n# WK\nq\n"
    let imported = NoteDocument.foreignNote(from: text, fileName: "wk.md")
    #expect(
      imported.properties == [
        NoteProperty(key: "a", rawValue: " plain"), NoteProperty(key: "weird key", rawValue: " v"),
      ])
    let note = Note(title: imported.title, body: imported.body, properties: imported.properties)
    let written = NoteDocument.data(of: note, inNotebookNamed: nil)
    #expect(try NoteDocument.note(fromFile: written).properties == imported.properties)
  }

  /// Every other tool's key is a property, its case and value as written, a comment below it
  /// with it; a comment above every key stays at the top of the body.
  @Test func everyKeyNoFieldHoldsIsAPropertyAsWritten() {
    let text =
      "---\n# by hand\nNote: remember milk\nsource: https://example.com/x\n# a comment\n"
      + "tags: [a]\nstatus:   'in review'  \n\n---\nText\n"
    let note = NoteDocument.foreignNote(from: text, fileName: "n.md")
    #expect(note.body == "---\n# by hand\n---\nText\n")
    #expect(
      note.properties == [
        NoteProperty(key: "Note", rawValue: " remember milk"),
        NoteProperty(key: "source", rawValue: " https://example.com/x\n# a comment"),
        NoteProperty(key: "status", rawValue: "   'in review'  "),
      ])
    #expect(
      note.properties.map(\.values) == [
        ["remember milk"], ["https://example.com/x"], ["in review"],
      ])
    #expect(note.tags == ["a"])
  }

  /// A key FieldNotes reads whose value gives no field — not an id, not a date, neither yes
  /// nor no, a key written twice, a key no field of another tool's note is read from — keeps
  /// its line in the body, as another key's does.
  @Test func aReadKeyWhoseValueGivesNoFieldKeepsItsLine() {
    let text = """
      ---
      id: 2021-birding-log
      date: the spring of 2019
      created: 2024-05-01
      created: 2024-05-02
      notebook: Field trips
      pinned: maybe
      conflict-of: the other laptop
      tags: [birds, "!!!"]
      title: Heron
      ---
      Text

      """
    let note = NoteDocument.foreignNote(from: text, fileName: "n.md")
    #expect(
      note.body == """
        ---
        id: 2021-birding-log
        date: the spring of 2019
        created: 2024-05-01
        notebook: Field trips
        pinned: maybe
        conflict-of: the other laptop
        tags: [birds, "!!!"]
        ---
        Text

        """)
    #expect(note.id == nil && !note.isPinned && note.title == "Heron")
    #expect(note.createdAt == NoteDocument.textDate(from: "2024-05-02T00:00:00.000Z"))
    #expect(note.tags == ["birds"])
  }

  /// The keys whose values became fields leave the body, and so does an empty list.
  ///
  /// Nothing of them is lost (`updated: []`). A key with nothing after it stays, as written.
  @Test func readKeysWhoseValuesBecameFieldsLeaveTheBody() {
    let id = UUID()
    let text = """
      ---
      id: \(id.uuidString)
      created: 2024-05-01
      pinned: no
      aliases:
      tags:
        - birds
      title:
      updated: []
      ---
      # Heron
      Text
      """
    let note = NoteDocument.foreignNote(from: text, fileName: "n.md")
    #expect(note.body == "---\ntitle:\n---\nText")
    #expect(note.properties == [NoteProperty(key: "aliases", rawValue: "")])
    #expect(note.id == id && note.title == "Heron" && note.tags == ["birds"])
  }

  @Test func aFileNameTitleIsOnOneLine() {
    let note = NoteDocument.foreignNote(from: "text", fileName: "two\nlines\there.md")
    #expect(note.title == "two lines here")
  }

  @Test func aZkNoteGivesItsTitleDateAndTagsInBrackets() {
    // zk: `title`, `date` and `tags: [a, b]` in the front matter, then the heading.
    let text =
      "---\ntitle: \"Daily: 2024-05-01\"\ndate: 2024-05-01 09:15\ntags: [daily, work]\n---\n\n# Daily: 2024-05-01\n\nStand-up.\n"
    let note = NoteDocument.foreignNote(from: text, fileName: "2024-05-01.md")
    #expect(note.title == "Daily: 2024-05-01")
    #expect(note.tags == ["daily", "work"])
    #expect(note.createdAt == NoteDocument.textDate(from: "2024-05-01T09:15:00.000Z"))
    #expect(note.body == "\n# Daily: 2024-05-01\n\nStand-up.\n")
  }

  @Test func anNbNoteTakesItsOpeningHeadingAsTheTitleAndOutOfTheBody() {
    // nb: a `# Title` on the first line, tags written inline.
    let text = "# Example Title\n\n#tag1 #tag2\n\nExample content.\n"
    let note = NoteDocument.foreignNote(from: text, fileName: "20240501093000.md")
    #expect(note.title == "Example Title")
    #expect(note.body == "#tag1 #tag2\n\nExample content.\n")
    #expect(note.tags == ["tag1", "tag2"])
    #expect(note.createdAt == nil && note.id == nil)
  }

  /// A `#tag` in the text starts a word or follows punctuation of any script; one in code, an
  /// HTML comment or a link's address is none.
  @Test func inlineTagsFollowSpaceOrPunctuationOutsideCodeCommentsAndLinks() {
    let text = """
      Seen at dawn。#鳥 (#heron), «#lake» and #Reed/Bed.
      Not: a#b, #1, `#code`, <!-- #hidden -->, https://example.com/#anchor, www.x.org/#top
      <!--
      #hidden-too
      -->
      [a link](https://example.com/page#section) and #last
      """
    let note = NoteDocument.foreignNote(from: text, fileName: "x.md")
    #expect(note.tags == ["鳥", "heron", "lake", "reed-bed", "last"])
  }

  @Test func aPlainFileIsTitledByItsNameAndKeptWhole() {
    let note = NoteDocument.foreignNote(from: "Buy eggs.\n", fileName: "shopping list.txt")
    #expect(note.title == "shopping list")
    #expect(note.body == "Buy eggs.\n")
  }

  @Test func aHeadingFurtherDownTitlesTheNoteAndStaysInTheBody() {
    let text = "Some words first.\n\n# The heading\n\nMore.\n"
    let note = NoteDocument.foreignNote(from: text, fileName: "x.md")
    #expect(note.title == "The heading")
    #expect(note.body == text)
  }

  @Test(arguments: [
    "---\nthis is not yaml at all\nnor this\n---\nBody\n",
    "---\nNo closing line, ever\nBody\n",
  ])
  func anOpeningThatIsNoFrontMatterIsKeptAsTheBody(text: String) {
    let note = NoteDocument.foreignNote(from: text, fileName: "odd.md")
    #expect(note.body == text)
    #expect(note.frontMatterIgnored)
    #expect(note.title == "odd")
  }

  @Test func aRuleOpeningANoteAfterAnEmptyFrontMatterIsFine() {
    let note = NoteDocument.foreignNote(from: "---\n---\n# Title\n\nText", fileName: "a.md")
    #expect(note.title == "Title" && note.body == "Text" && !note.frontMatterIgnored)
  }

  @Test func windowsLineBreaksAndAByteOrderMarkAreRead() {
    let text =
      "\u{FEFF}---\r\ntitle: Wren\r\ntags: birds, garden\r\npinned: true\r\n---\r\nLoud.\r\n"
    let note = NoteDocument.foreignNote(from: text, fileName: "w.md")
    #expect(note.title == "Wren")
    #expect(note.tags == ["birds", "garden"])
    #expect(note.isPinned)
    #expect(note.body == "Loud.\r\n")
  }

  /// A key of one value given several, a YAML block, a tag the rule changes beyond its case:
  /// the note takes what it can, and each line stays whole in the body.
  @Test func valuesANoteCannotHoldWholeKeepTheirLines() {
    let text = """
      ---
      title: [Heron, Egret words]
      pinned: [true, alsothis]
      created: [2020-01-01, 2021-02-02]
      summary: >
        Folded text
        of the user's.
      tags: [birds, C++, C#, "it's", projects/garden/2024/spring-planting-schedule]
      notebook: none
      ---
      # Heron
      Text
      """
    let note = NoteDocument.foreignNote(from: text, fileName: "n.md")
    #expect(
      note.body == """
        ---
        title: [Heron, Egret words]
        pinned: [true, alsothis]
        created: [2020-01-01, 2021-02-02]
        tags: [birds, C++, C#, "it's", projects/garden/2024/spring-planting-schedule]
        ---
        Text
        """)
    #expect(
      note.properties == [
        NoteProperty(key: "summary", rawValue: " >\n  Folded text\n  of the user's.")
      ])
    #expect(note.title == "Heron" && !note.isPinned && note.createdAt == nil)
    #expect(note.tags.first == "birds")
  }

  /// What helper readers of the folder found dropped: a number read as seconds since 1970, a
  /// key whose value goes on in indented lines (a map, a continued title), blank lines inside a
  /// block, and a list's tag holding a space split in two.
  @Test func valuesThisReaderCantTakeApartStayAsWritten() {
    let text = """
      ---
      date: 2019
      title: Heron
        at the lake
      tags: [new york, lake]
      created:
        day: 2020-01-01
      notes: |
        para one


        para two
      ---
      Text
      """
    let note = NoteDocument.foreignNote(from: text, fileName: "heron.md")
    #expect(note.createdAt == nil && note.title == "heron")
    #expect(note.tags == ["new-york", "lake"])
    #expect(
      note.body == text.replacingOccurrences(of: "notes: |\n  para one\n\n\n  para two\n", with: "")
    )
    #expect(
      note.properties == [NoteProperty(key: "notes", rawValue: " |\n  para one\n\n\n  para two")])
  }

  /// A folded title is no title: the heading gives it, and the block stays.
  @Test func aFoldedTitleIsKeptAsText() {
    let text = "---\ntitle: >\n  Heron at\n  the lake\n---\n# Heron\nText"
    let note = NoteDocument.foreignNote(from: text, fileName: "n.md")
    #expect(note.title == "Heron")
    #expect(note.body == "---\ntitle: >\n  Heron at\n  the lake\n---\nText")
  }

  @Test func anIdInTheFrontMatterIsKept() {
    let id = UUID()
    let note = NoteDocument.foreignNote(
      from: "---\nid: \(id.uuidString.lowercased())\n---\nText", fileName: "a.md")
    #expect(note.id == id)
  }

  @Test(
    arguments: [
      ("#Projects/Garden", "projects-garden"), ("@work", "work"), ("Birds", "birds"),
      ("a.b c", "a-b-c"), ("/x/", "x"), ("--x--", "--x--"), ("a--b", "a--b"),
      ("ünïcödé", "ünïcödé"), ("#", nil), ("///", nil),
      (String(repeating: "a", count: 50), String(repeating: "a", count: 40)),
    ] as [(String, String?)])
  func otherToolsTagsAreMappedByTheStatedRule(tag: String, mapped: String?) {
    #expect(TagRules.mappedTag(tag) == mapped)
    if let mapped { #expect(TagRules.problem(with: mapped) == nil) }
  }

  @Test(arguments: [
    ("2026-11-29", "2026-11-29T00:00:00.000Z"),
    ("2026-11-29T12:00:00Z", "2026-11-29T12:00:00.000Z"),
    ("2026-11-29T12:00:00.250Z", "2026-11-29T12:00:00.250Z"),
    ("2026-11-29 12:30", "2026-11-29T12:30:00.000Z"),
    ("\"2026-11-29T12:00:00-05:00\"", "2026-11-29T17:00:00.000Z"),
  ])
  func datesAreReadAsOtherToolsWriteThem(text: String, expected: String) {
    #expect(NoteDocument.lenientDate(from: text) == NoteDocument.textDate(from: expected))
  }

  @Test(arguments: ["yesterday", "2026-13-01", "2026-11-29T25:00", "", "2026-11-29T12"])
  func aDateThatIsNoneOfTheseIsNotRead(text: String) {
    #expect(NoteDocument.lenientDate(from: text) == nil)
  }

  @Test func derivedIdentifiersAreStableAndDiffer() {
    #expect(UUID(derivedFrom: Array("a".utf8)) == UUID(derivedFrom: Array("a".utf8)))
    #expect(UUID(derivedFrom: Array("a".utf8)) != UUID(derivedFrom: Array("b".utf8)))
    let ids = Set((0..<10_000).map { UUID(derivedFrom: Array("note \($0)".utf8)) })
    #expect(ids.count == 10_000)
  }

  @Test func aJrnlEntryBecomesANoteAtItsLocalTime() throws {
    let entry = JrnlEntry(
      title: "Went birding.", body: "Saw a @heron.", date: "2024-05-01", time: "09:30",
      tags: ["@heron", "@Birding"], starred: true)
    let zone = try #require(TimeZone(secondsFromGMT: 3600))
    let note = try #require(entry.note(in: zone))
    #expect(note.title == "Went birding.")
    #expect(note.body == "Saw a @heron.")
    // jrnl keeps an entry's tags as a set and exports them in no fixed order: sorted, two
    // exports of one journal give one note.
    #expect(note.tags == ["birding", "heron"])
    var reordered = entry
    reordered.tags = ["@Birding", "@heron"]
    #expect(reordered.note(in: zone) == note)
    #expect(note.isPinned)
    #expect(note.createdAt == NoteDocument.textDate(from: "2024-05-01T08:30:00.000Z"))
    #expect(note.id == entry.note(in: zone)?.id)
    var wrong = entry
    wrong.time = "9h"
    #expect(wrong.note(in: zone) == nil)
  }
}
