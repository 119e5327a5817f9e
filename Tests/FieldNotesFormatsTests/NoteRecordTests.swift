import FieldNotesFormats
import FieldNotesModel
import Foundation
import Testing

/// The records scripts read: their field names and order are a promise, pinned here as golden
/// strings, and their text is JSON whatever a note holds.
@Suite struct NoteRecordTests {
  static let created = Date(timeIntervalSince1970: 1_795_953_600)  // 2026-11-29T12:00:00Z
  static let note = Note(
    id: UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 4)), title: "Heron at the lake",
    body: "A grey heron.\nIt caught two fish.", createdAt: created, tags: ["birds", "lake"],
    isPinned: true, updatedAt: created.addingTimeInterval(90.5))

  @Test func aNotesFieldsAreNamedAndOrderedAsDocumented() {
    #expect(
      NoteRecord(Self.note, notebook: "Birds").json
        == #"{"id":"00000000-0000-0000-0000-000000000004","title":"Heron at the lake","#
        + #""body":"A grey heron.\nIt caught two fish.","tags":["birds","lake"],"#
        + #""notebook":"Birds","pinned":true,"created":"2026-11-29T12:00:00.000Z","#
        + #""updated":"2026-11-29T12:01:30.500Z"}"#)
  }

  @Test func aNoteInNoNotebookHasANullNotebookAndNoTagsAnEmptyArray() {
    var note = Self.note
    note.tags = []
    let json = NoteRecord(note, notebook: nil).json
    #expect(json.contains(#""tags":[],"notebook":null,"#))
  }

  @Test func aTagsFieldsAreNamedAsDocumented() {
    #expect(TagRecord(tag: "birds", count: 3).json == #"{"tag":"birds","count":3}"#)
  }

  /// Quotes, backslashes and every control character are escaped, so a record is one line,
  /// parses, and never sends an escape sequence to a terminal; other text is kept as it is.
  @Test func anyTextIsWrittenAsOneLineOfValidJSON() throws {
    var note = Self.note
    note.title = "Say \"hi\" C:\\temp\u{1B}[31m\t\r\u{7F}\u{85}\u{2028} 鳥 🐦"
    let json = NoteRecord(note, notebook: "Café").json
    #expect(json.contains(#""title":"Say \"hi\" C:\\temp\u001B[31m\t\r\u007F\u0085\u2028 鳥 🐦""#))
    #expect(!json.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F })
    let parsed = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
    #expect(parsed?["title"] as? String == note.title)
    #expect(parsed?["notebook"] as? String == "Café")
    #expect(parsed?["pinned"] as? Bool == true)
  }

  /// In a list, the facts start with the short id the list shows, so a reader can name the
  /// note again (`fieldnotes show e621`).
  @Test func aNoteInAListAsMarkdownSaysItsShortIDFirst() {
    #expect(
      NoteRecord(Self.note, notebook: nil).markdown(headingLevel: 2, shortID: "a004").prefix(3)
        == [
          "## Heron at the lake", "",
          "*`a004` · No Notebook · #birds #lake · pinned · created 2026-11-29T12:00:00.000Z · "
            + "updated 2026-11-29T12:01:30.500Z*",
        ])
  }

  @Test func aNoteAsMarkdownIsAHeadingItsFactsAndItsText() {
    #expect(
      NoteRecord(Self.note, notebook: "Birds").markdown(headingLevel: 2) == [
        "## Heron at the lake",
        "",
        "*Birds · #birds #lake · pinned · created 2026-11-29T12:00:00.000Z · updated "
          + "2026-11-29T12:01:30.500Z*",
        "",
        "A grey heron.",
        "It caught two fish.",
      ])
    var note = Self.note
    note.body = ""
    note.updatedAt = note.createdAt
    #expect(
      NoteRecord(note, notebook: nil).markdown(headingLevel: 1) == [
        "# Heron at the lake", "",
        "*No Notebook · #birds #lake · pinned · created "
          + "2026-11-29T12:00:00.000Z*",
      ])
  }
}
