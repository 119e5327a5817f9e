import FieldNotesModel
import FieldNotesServices
import FieldNotesTesting
import Foundation
import Testing

@testable import FieldNotesServicesLive

/// The files of the sync repository: readable Markdown that reads back as the same note.
@Suite struct SyncDocumentTests {
  @Test func aNoteIsFrontMatterThenItsTitleThenItsBodyVerbatim() throws {
    let note = Note(
      id: UUID(number: 0x42), title: "Heron", body: "Grey heron.\n\nStill in the shallows.",
      createdAt: SampleData.date(minutes: 0), notebookID: UUID(number: 0xB1),
      tags: ["birds", "lake"], isPinned: true, updatedAt: SampleData.date(minutes: 30))
    let text = String(decoding: SyncDocument.data(of: note), as: UTF8.self)
    #expect(
      text == """
        ---
        id: 00000000-0000-0000-0000-000000000042
        notebook: 00000000-0000-0000-0000-0000000000b1
        tags: ["birds","lake"]
        pinned: true
        created: 2026-11-29T12:00:00.000Z
        updated: 2026-11-29T12:30:00.000Z
        ---
        # Heron

        Grey heron.

        Still in the shallows.
        """)
    #expect(try SyncDocument.note(from: Data(text.utf8), id: note.id) == note)
  }

  @Test(arguments: [
    ("Two\nlines", ""), ("Plain", "\nstarts with a blank line"), ("Plain", ""),
    ("  spaced  ", "ends with blank lines\n\n"), ("Café 鳥 🐦", "naïve\r\nCRLF"),
    ("# hash", "---\nnot front matter\n---"),
  ])
  func anyTitleAndBodyReadBackExactly(title: String, body: String) throws {
    let note = Note(
      id: UUID(number: 7), title: title, body: body, createdAt: SampleData.date(minutes: 0))
    let data = SyncDocument.data(of: note)
    #expect(try SyncDocument.note(from: data, id: note.id) == note)
  }

  @Test func datesOutsideYearsOneTo9999AreWrittenAsSeconds() throws {
    let note = Note(
      id: UUID(number: 8), title: "Far", createdAt: Date(timeIntervalSince1970: 1e12))
    let data = SyncDocument.data(of: note)
    #expect(String(decoding: data, as: UTF8.self).contains("created: 1000000000000.0"))
    #expect(try SyncDocument.note(from: data, id: note.id) == note)
  }

  @Test func aNotebookReadsBack() throws {
    let notebook = Notebook(id: UUID(number: 0xB1), name: "Field \"trips\"", symbolName: "map")
    #expect(
      try SyncDocument.notebook(from: SyncDocument.data(of: notebook), id: notebook.id)
        == notebook)
  }

  @Test func onlyLowerCaseIdentifierNamesInTheTwoFoldersAreFieldNotesFiles() {
    let id = UUID(number: 0xABC)
    let name = id.uuidString.lowercased()
    #expect(SyncDocument.kind(ofPath: "notes/\(name).md") == .note(id))
    #expect(SyncDocument.kind(ofPath: "notebooks/\(name).md") == .notebook(id))
    for path in [
      "notes/\(id.uuidString).md", "notes/\(name).json", "notes/\(name)", "other/\(name).md",
      "notes/sub/\(name).md", "notes/../\(name).md", "\(name).md", "notes/heron.md",
    ] {
      #expect(SyncDocument.kind(ofPath: path) == nil, "\(path)")
    }
  }

  @Test func malformedAndOversizeFilesAreRefusedWithAReason() {
    let id = UUID(number: 0x42)
    let cases: [(String, SyncDocument.Problem)] = [
      ("no front matter", .malformed("it has no front matter")),
      ("---\nid: \(id.uuidString)\n", .malformed("its front matter never ends")),
      (
        "---\nid: \(UUID(number: 1).uuidString)\n---\n# T\n\n",
        .malformed("its id is not the one its name gives")
      ),
      (
        "---\nid: \(id.uuidString)\n---\n# T\n\n", .malformed("its dates are missing or unreadable")
      ),
      (
        "---\nid: \(id.uuidString)\ncreated: 0\nupdated: 0\ntags: birds\n---\n# T\n\n",
        .malformed("its tags are not a list")
      ),
      ("---\nid: \(id.uuidString)\n---\nno heading", .malformed("it has no title heading")),
    ]
    for (text, problem) in cases {
      #expect(throws: problem) { try SyncDocument.note(from: Data(text.utf8), id: id) }
    }
    let large = Note(
      id: id, title: "Large", body: String(repeating: "a", count: Note.maximumBodyBytes + 1))
    #expect(throws: SyncDocument.Problem.tooLarge) {
      try SyncDocument.note(from: SyncDocument.data(of: large), id: id)
    }
    #expect(throws: SyncDocument.Problem.malformed("it is not UTF-8 text")) {
      try SyncDocument.note(from: Data([0x2D, 0x2D, 0x2D, 0x0A, 0xFF]), id: id)
    }
  }
}

/// Dates written, read and written again give the same text, whatever their fraction: a note
/// passing through a store must not look changed.
@Suite struct SyncDocumentDateTests {
  @Test func aDateReadBackWritesTheSameText() throws {
    var generator = SeededRandomNumberGenerator(seed: 7)
    for _ in 0..<2_000 {
      let date = Date(
        timeIntervalSince1970: Double.random(
          in: -62_000_000_000...253_000_000_000, using: &generator))
      let note = Note(id: UUID(number: 1), title: "T", createdAt: date)
      let once = SyncDocument.data(of: note)
      let twice = SyncDocument.data(of: try SyncDocument.note(from: once, id: note.id))
      #expect(once == twice)
    }
    #expect(
      SyncDocument.stamp(Date(timeIntervalSince1970: 1_795_953_600.25))
        == "2026-11-29T12:00:00.250Z")
    #expect(SyncDocument.stamp(Date(timeIntervalSince1970: -1)) == "1969-12-31T23:59:59.000Z")
    #expect(
      SyncDocument.stamp(Date(timeIntervalSince1970: -62_135_596_800)) == "0001-01-01T00:00:00.000Z"
    )
  }
}
