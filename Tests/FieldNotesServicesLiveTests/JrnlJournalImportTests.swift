import FieldNotesFormats
import FieldNotesModel
import FieldNotesServices
import FieldNotesServicesLive
import FieldNotesTesting
import Foundation
import Testing

/// A jrnl journal's own file imports as jrnl's JSON export of it does, note for note.
///
/// The journal is as jrnl 4.6 wrote it (`Fixtures/jrnl-4.6`): 50 entries with tags, stars,
/// checklists, bodies of several lines, two entries in one minute and two of one minute and one
/// text.
@MainActor
@Suite struct JrnlJournalImportTests {
  static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Fixtures/jrnl-4.6")
  static let utc = TimeZone(identifier: "UTC") ?? .current

  func read(_ name: String) throws -> ImportReader.Reading {
    try ImportReader.read(
      Self.fixtures.appendingPathComponent(name).path, timeZone: Self.utc)
  }

  @Test func everyEntryIsTheNoteJrnlsOwnJSONExportGives() throws {
    let text = try read("journal.txt")
    let json = try read("journal.json")
    #expect(text.kind == .jrnlText)
    #expect(json.kind == .jrnlJournal)

    let fromText = NoteStore()
    let fromJSON = NoteStore()
    #expect(try LibraryImport.merge(into: fromText, text.source).addedNotes == 50)
    #expect(try LibraryImport.merge(into: fromJSON, json.source).addedNotes == 50)

    #expect(fromText.notes == fromJSON.notes, "ids, titles, bodies, dates, tags and stars")
    #expect(fromText.notes.count { $0.isPinned } == 6)
    // `[2024-02-08 05:25:00 AM] Robin by the weir`, to the minute.
    let written = try #require(NoteDocument.textDate(from: "2024-02-08T05:25:00.000Z"))
    let checklist = try #require(fromText.notes.first { $0.createdAt == written })
    #expect(checklist.title == "Robin by the weir")
    #expect(
      checklist.body
        == "Seen twice, @birds @weir, then gone.\n\n- [x] note the time\n[x] checked twice")
    #expect(checklist.tags == ["birds", "weir"])
  }

  @Test func twoEntriesOfOneMinuteAreTwoNotesAndARepeatIsNamedByItsLine() throws {
    let text = try read("journal.txt")
    let store = NoteStore()
    try LibraryImport.merge(into: store, text.source)

    let sameMinute = store.notes.filter { $0.title == "Two in one minute." }
    #expect(sameMinute.map(\.body).sorted() == ["The first. @birds", "The second. @birds"])
    let sameText = store.notes.filter { $0.title == "Same minute, same text." }
    #expect(sameText.count == 2)
    #expect(sameText.map(\.isPinned).sorted { !$0 && $1 } == [false, true])
    #expect(text.repeatedEntries.map(\.place) == ["line 83"])
    #expect(text.name(ofNoteAt: 0) == "line 1")
  }

  @Test func importingTheJournalAgainOrItsJSONAddsNothing() throws {
    let store = NoteStore()
    try LibraryImport.merge(into: store, try read("journal.txt").source)

    let again = try LibraryImport.merge(into: store, try read("journal.txt").source)
    let json = try LibraryImport.merge(into: store, try read("journal.json").source)

    #expect(again.addedNotes == 0)
    #expect(json.addedNotes == 0)
    #expect(store.notes.count == 50)
  }

  @Test func aFileThatLooksLikeAJournalButCantBeReadNamesTheLine() throws {
    let folder = try FixtureFolder([
      "journal.txt": "[2024-05-01 07:30:00 AM] Heron.\n\n[2024-13-40 09:00] Wren.\n"
    ])
    let failure = #expect(throws: ImportReader.Failure.self) {
      try ImportReader.read(folder.path + "/journal.txt", timeZone: Self.utc)
    }
    #expect(
      failure?.reason
        == "looks like a jrnl journal, but line 3 can't be read: [2024-13-40 09:00] is not a "
        + "date jrnl writes (YYYY-MM-DD HH:MM, seconds and AM or PM if it has them)")
  }

  /// Only a `.txt` file, or one with no extension, may be jrnl's: a Markdown file is one note
  /// whatever its first line says; a journal saved with a byte-order mark is still a journal.
  @Test func aMarkdownFileIsNeverAJournalAndAMarkedJournalIsOne() throws {
    let folder = try FixtureFolder([
      "standup.md": "[2024-05-01 07:30:00 AM] Standup notes\n\n[2024-05-02 09:00] Later.\n",
      "journal": "\u{FEFF}[2024-05-01 07:30:00 AM] Heron.\n\n[2024-05-02 09:00] Wren.\n",
    ])
    let markdown = try ImportReader.read(folder.path + "/standup.md", timeZone: Self.utc)
    #expect(markdown.kind == .markdownFile)
    #expect(markdown.source.noteIDs.count == 1)
    let journal = try ImportReader.read(folder.path + "/journal", timeZone: Self.utc)
    #expect(journal.kind == .jrnlText)
    #expect(journal.source.noteIDs.count == 2)
  }

  @Test func aTextFileThatIsNoJournalIsStillOneNote() throws {
    let folder = try FixtureFolder(["todo.txt": "[x] seed the feeder\n[2024-05-01] a date\n"])
    let reading = try ImportReader.read(folder.path + "/todo.txt", timeZone: Self.utc)
    #expect(reading.kind == .markdownFile)
  }
}
