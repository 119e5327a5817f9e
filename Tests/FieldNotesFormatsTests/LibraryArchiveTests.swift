import FieldNotesFormats
import FieldNotesModel
import Foundation
import Testing

@Suite struct LibraryArchiveTests {
  static let birds = Notebook(id: UUID(), name: "Birds")
  static var library: NoteLibrary {
    NoteLibrary(
      notebooks: [birds],
      notes: [
        Note(
          title: "Heron at the lake", body: "Grey heron, still as a post.",
          createdAt: Date(timeIntervalSince1970: 1_795_953_600.5), notebookID: birds.id,
          tags: ["birds", "lake"], isPinned: true),
        Note(title: "Field kit", body: "Binoculars.", createdAt: Date(timeIntervalSince1970: 0)),
      ])
  }

  @Test func jsonRoundTripsEveryFieldToTheMillisecond() throws {
    var library = Self.library
    library.notes[0].body = "Quotes \" and 'single', a NUL \u{0}, and \u{1B}[31m escapes"
    library.notes[0].properties = [
      NoteProperty(key: "aliases", rawValue: "\n  - Grey heron\n  - \"Ardea\""),
      NoteProperty(key: "status", rawValue: " draft"),
    ]
    let data = try LibraryArchive.json(library)
    let read = try LibraryArchive.library(fromJSON: data)
    #expect(read == library)
  }

  @Test(arguments: [-70_000_000_000.25, 300_000_000_000.5, -63_114_076_800.0])
  func aDateOutsideFourDigitYearsStillRoundTrips(_ seconds: Double) throws {
    var library = Self.library
    library.notes[0].createdAt = Date(timeIntervalSinceReferenceDate: seconds)
    library.notes[0].updatedAt = Date(timeIntervalSinceReferenceDate: seconds)

    let read = try LibraryArchive.library(fromJSON: try LibraryArchive.json(library))

    #expect(read == library)
  }

  /// A damaged export is refused saying where, as a reader counts: the note, from 1, and its
  /// field; never the decoder's own words.
  @Test func aDamagedExportSaysWhereInItsOwnWords() throws {
    var library = NoteLibrary(notes: (1...5).map { Note(title: "Note \($0)") })
    library.notes[0].createdAt = Date(timeIntervalSince1970: 0)
    let good = try #require(String(data: try LibraryArchive.json(library), encoding: .utf8))
    let damaged = good.replacingOccurrences(
      of: "\"createdAt\" : \"1970-01-01T00:00:00.000Z\"", with: "\"createdAt\" : \"yesterday\"")
    #expect(damaged != good)
    #expect(
      throws: LibraryArchiveError.notAnExport(
        detail: "notes[0].createdAt: not an ISO 8601 date: yesterday")
    ) { try LibraryArchive.library(fromJSON: Data(damaged.utf8)) }
    #expect(throws: LibraryArchiveError.notAnExport(detail: "it holds no export object")) {
      try LibraryArchive.library(fromJSON: Data("[]".utf8))
    }
  }

  @Test func refusesOtherJSON() throws {
    #expect(throws: LibraryArchiveError.notAnExport(detail: "missing format")) {
      try LibraryArchive.library(fromJSON: Data(#"{"notes": []}"#.utf8))
    }
    #expect(throws: LibraryArchiveError.notAnExport(detail: nil)) {
      try LibraryArchive.library(
        fromJSON: Data(#"{"format": "other", "version": 1, "notebooks": [], "notes": []}"#.utf8))
    }
    #expect(throws: LibraryArchiveError.newerVersion(2)) {
      try LibraryArchive.library(
        fromJSON: Data(
          #"{"format": "fieldnotes-export", "version": 2, "notebooks": [], "notes": []}"#.utf8))
    }
    // The one size limit: a note the composer and a sync would refuse can't come in this way,
    // however its bytes are split between a long title and a body.
    let large = Note(
      title: String(repeating: "T", count: 200_011),
      body: String(repeating: "é", count: NoteDocument.maximumBytes / 2 - 1_000),
      createdAt: Date(timeIntervalSince1970: 0))
    let export = try LibraryArchive.json(NoteLibrary(notes: [large]))
    #expect(
      throws: LibraryArchiveError.noteTooLarge(
        title: large.title, bytes: NoteDocument.byteCount(of: large))
    ) {
      try LibraryArchive.library(fromJSON: export)
    }
  }

  /// Dates are exported to the millisecond, rounded, never cut: a date held as .45599…
  /// seconds exports as .456 and imports back to the same millisecond.
  @Test func datesExportToTheirMillisecond() throws {
    let date = Date(timeIntervalSince1970: 1_795_953_600.456)
    let note = Note(title: "Timed", createdAt: date, updatedAt: date.addingTimeInterval(0.001))
    let export = try LibraryArchive.json(NoteLibrary(notes: [note]))
    let text = String(decoding: export, as: UTF8.self)

    #expect(text.contains("\"2026-11-29T12:00:00.456Z\""), "\(text)")
    #expect(text.contains("\"2026-11-29T12:00:00.457Z\""))
    let imported = try #require(try LibraryArchive.library(fromJSON: export).notes.first)
    #expect(NoteDocument.stamp(imported.createdAt) == "2026-11-29T12:00:00.456Z")
    #expect(try LibraryArchive.json(NoteLibrary(notes: [imported])) == export)
  }

  /// A date that is no real moment, or beyond about 31,700 years, is refused, not bent.
  @Test func anImportedDateOutOfRangeIsRefused() {
    for date in [#""2025-01-01T99:99:99.999Z""#, "1e300", "-1e15"] {
      let file =
        #"{"format": "fieldnotes-export", "version": 1, "notebooks": [], "notes": ["#
        + #"{"id": "00000000-0000-0000-0000-000000000001", "title": "T", "body": "", "tags": [], "#
        + #""isPinned": false, "createdAt": \#(date), "updatedAt": 0}]}"#
      #expect(throws: LibraryArchiveError.self, "\(date)") {
        try LibraryArchive.library(fromJSON: Data(file.utf8))
      }
    }
  }

  @Test func markdownGroupsNotesByNotebook() throws {
    let utc = try #require(TimeZone(identifier: "UTC"))
    let text = String(
      decoding: LibraryArchive.markdown(Self.library, timeZone: utc), as: UTF8.self)
    #expect(
      text.contains(
        "## Birds\n\n### Heron at the lake\n\n*pinned · 2026-11-29 12:00 · #birds #lake*\n\n"
          + "Grey heron, still as a post."
      ))
    #expect(text.contains("## No Notebook\n\n### Field kit"))
  }

  /// A journal read from the file alone keeps each entry's time, in the exporting session's
  /// time zone, and when a note was changed after it was written.
  @Test func markdownKeepsTimesInTheTimeZoneGiven() throws {
    let zone = try #require(TimeZone(secondsFromGMT: 2 * 3600))
    let written = try #require(NoteDocument.textDate(from: "2026-06-04T07:07:00.000Z"))
    let note = Note(
      title: "Standup", createdAt: written, tags: ["work"],
      updatedAt: written.addingTimeInterval(26 * 3600))

    let text = String(
      decoding: LibraryArchive.markdown(NoteLibrary(notes: [note]), timeZone: zone),
      as: UTF8.self)

    #expect(text.contains("*2026-06-04 09:07 · #work · changed 2026-06-05 11:07*"))
  }
}

@Suite struct MarkdownExportTests {
  @Test func controlCharactersInNotesAreNotWrittenToTheMarkdown() {
    let notebook = Notebook(id: UUID(), name: "Bell\u{7}s")
    let note = Note(
      title: "Clear \u{1B}[2J screen", body: "line one\n\ttabbed\u{0}\nline three",
      createdAt: Date(timeIntervalSince1970: 0), notebookID: notebook.id, tags: ["a\u{1B}b"])

    let text = String(
      decoding: LibraryArchive.markdown(NoteLibrary(notebooks: [notebook], notes: [note])),
      as: UTF8.self)

    #expect(!text.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" && $0 != "\t" })
    #expect(text.contains("## Bell\u{FFFD}s"))
    #expect(text.contains("### Clear \u{FFFD}[2J screen"))
    #expect(text.contains("line one\n\ttabbed\u{FFFD}\nline three"))
    #expect(text.contains("#a\u{FFFD}b"))
  }
}
