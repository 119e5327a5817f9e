import FieldNotesFormats
import FieldNotesModel
import FieldNotesServices
import FieldNotesServicesLive
import FieldNotesTesting
import Foundation
import Testing

/// JSON files read a note at a time: FieldNotes exports of any size, and jrnl journals.
@Suite @MainActor struct JSONFileImportTests {
  /// A library whose export is larger than the reader's 1 MiB buffer, with text that looks like
  /// JSON's own punctuation.
  static func largeLibrary() -> NoteLibrary {
    let notebook = Notebook(name: "Birds")
    let day = Date(timeIntervalSince1970: 1_700_000_000)
    let notes = (0..<600).map { index in
      Note(
        title: "Note \(index) \"quoted\" ] } [ {",
        body: String(repeating: "x\\y \"z\" ]}\n", count: 200 + index % 7),
        createdAt: day.addingTimeInterval(Double(index)),
        notebookID: index.isMultiple(of: 2) ? notebook.id : nil, tags: ["birds"])
    }
    return NoteLibrary(notebooks: [notebook], notes: notes)
  }

  @Test func anExportLargerThanTheBufferReadsAsTheWholeFileDoes() throws {
    let library = Self.largeLibrary()
    let folder = try FixtureFolder()
    let data = try LibraryArchive.json(library)
    #expect(data.count > 1_048_576)
    try folder.write(data, at: "export.json")
    let reading = try ImportReader.read(folder.path + "/export.json")
    #expect(reading.kind == .fieldNotesExport)
    let store = NoteStore()
    try LibraryImport.merge(into: store, reading.source)
    #expect(try store.wholeLibrary() == (try LibraryArchive.library(fromJSON: data)))
  }

  @Test(arguments: [
    (
      "{\"format\": \"fieldnotes-export\", \"version\": 1, \"notebooks\": [], \"notes\": [",
      "not JSON"
    ),
    (
      "{\"format\": \"fieldnotes-export\", \"version\": 9, \"notebooks\": [], \"notes\": []}",
      "newer"
    ),
    (
      "{\"format\": \"other\", \"version\": 1, \"notebooks\": [], \"notes\": []}",
      "not a FieldNotes"
    ),
    ("{\"version\": 1, \"notes\": []}", "missing format"),
    ("{\"format\": \"fieldnotes-export\", \"version\": 1, \"notes\": [{\"id\": 3}]}", "notes[0]"),
    ("{\"format\": \"fieldnotes-export\", \"version\": 1, \"notes\": []} trailing", "not JSON"),
    ("{\"tags\": {}, \"entries\": [{\"title\": \"t\"}]}", "entries[0]"),
    ("[1, 2]", "its top is a list"),
    ("xyz", "not JSON (at byte 1)"),
    ("{\"format\": \"fieldnotes-export\", \"notes\": [\u{0}\u{0}\u{0}]}", "not JSON (at byte 43)"),
  ])
  func aDamagedFileIsRefusedSayingWhereAndImportsNothing(text: String, says: String) throws {
    let folder = try FixtureFolder(["file.json": text])
    #expect {
      _ = try ImportReader.read(folder.path + "/file.json")
    } throws: { error in
      (error as? ImportReader.Failure)?.reason.contains(says) == true
    }
  }

  @Test func aValueLargerThanAnyNoteIsRefusedAsItIsRead() throws {
    let folder = try FixtureFolder()
    var text = Data(
      "{\"format\": \"fieldnotes-export\", \"version\": 1, \"notes\": [{\"body\": \"".utf8)
    text.append(Data(repeating: UInt8(ascii: "x"), count: 10_000_000))
    text.append(Data("\"}]}".utf8))
    try folder.write(text, at: "huge.json")
    #expect {
      _ = try ImportReader.read(folder.path + "/huge.json")
    } throws: { error in
      (error as? ImportReader.Failure)?.reason.contains("larger than any note may be") == true
    }
  }

  @Test func aNoteDamagedAfterItsIdIsRefusedAsItIsWrittenAndImportsNothing() throws {
    let good = Note(title: "Good", createdAt: .init(timeIntervalSince1970: 0))
    var text = String(decoding: try LibraryArchive.json(NoteLibrary(notes: [good])), as: UTF8.self)
    let damaged = "{\"id\": \"\(UUID().uuidString)\", \"title\": \"Bad\", \"createdAt\": \"soon\"}"
    text = text.replacingOccurrences(of: "\"notes\" : [", with: "\"notes\" : [\(damaged), ")
    let folder = try FixtureFolder(["e.json": text])
    let reading = try ImportReader.read(folder.path + "/e.json")
    let store = NoteStore()
    #expect {
      try LibraryImport.merge(into: store, reading.source)
    } throws: { error in
      (error as? LibraryImportError)?.errorDescription?.contains("notes[0]") == true
    }
    #expect(store.notes.isEmpty)
  }

  @Test func aNoteRepeatingAnIdIsKeptAsANoteOfItsOwn() throws {
    let note = Note(title: "First", createdAt: .init(timeIntervalSince1970: 0))
    var again = note
    again.title = "Second"
    let folder = try FixtureFolder()
    try folder.write(try LibraryArchive.json(NoteLibrary(notes: [note, again])), at: "e.json")
    let reading = try ImportReader.read(folder.path + "/e.json")
    let store = NoteStore()
    let summary = try LibraryImport.merge(into: store, reading.source)
    #expect(summary.addedNotes == 2 && summary.skippedNotes == 0)
    #expect(summary.keptApartPlaces.map(reading.name(ofNoteAt:)) == ["notes[1]"])
    #expect(Set(store.notes.map(\.title)) == ["First", "Second"])
    #expect(try store.note(withID: note.id)?.title == "First")
    // Read again, the file gives the same two notes: nothing is added.
    #expect(
      try LibraryImport.merge(into: store, try ImportReader.read(folder.path + "/e.json").source)
        .addedNotes == 0
    )
  }

  @Test func aNoteNamingANotebookNeitherHereNorInTheFileIsAddedInNoNotebookAndSaidSo() throws {
    let birds = Notebook(name: "Birds")
    let elsewhere = Notebook(name: "Elsewhere")
    let day = Date(timeIntervalSince1970: 1_700_000_000)
    let notes = [
      Note(title: "Heron", body: "grey", createdAt: day, notebookID: birds.id),
      Note(title: "Wren", body: "small", createdAt: day, notebookID: elsewhere.id),
      Note(title: "Moss", body: "green", createdAt: day),
    ]
    let folder = try FixtureFolder()
    // The file holds Birds alone; the wren's notebook is in no export and not in the store.
    try folder.write(
      try LibraryArchive.json(NoteLibrary(notebooks: [birds], notes: notes)), at: "export.json")
    let reading = try ImportReader.read(folder.path + "/export.json")
    let store = NoteStore()

    let summary = try LibraryImport.merge(into: store, reading.source)

    #expect(summary.addedNotes == 3)
    #expect(summary.notebooklessPlaces.map(reading.name(ofNoteAt:)) == ["notes[1]"])
    #expect(try store.note(withID: notes[1].id)?.notebookID == nil)
    #expect(try store.note(withID: notes[1].id)?.body == "small")
    #expect(try store.note(withID: notes[0].id)?.notebookID == birds.id)
    // Imported again, nothing is added, so nothing is put anywhere.
    let again = try LibraryImport.merge(into: store, reading.source)
    #expect(again.skippedNotes == 3 && again.notebooklessPlaces.isEmpty)
  }

  @Test func aFileThatChangesBetweenItsTwoReadingsImportsNothing() throws {
    let library = Self.largeLibrary()
    let folder = try FixtureFolder()
    try folder.write(try LibraryArchive.json(library), at: "export.json")
    let reading = try ImportReader.read(folder.path + "/export.json")
    // Cut short after the first reading: the second finds fewer notes than the first counted.
    var short = library
    short.notes.removeLast(10)
    try folder.write(try LibraryArchive.json(short), at: "export.json")
    let store = NoteStore()
    #expect(throws: LibraryImportError.self) {
      try LibraryImport.merge(into: store, reading.source)
    }
    #expect(store.notes.isEmpty && store.notebooks.isEmpty)
  }

  @Test func aJrnlJournalImportsWithItsTagsDatesAndStars() throws {
    // As `jrnl --format json` writes it.
    let journal = """
      {
          "tags": {"@birds": 2, "@weir": 1},
          "entries": [
              {
                  "title": "Heron at the weir.",
                  "body": "Still as a post. @birds @weir",
                  "date": "2024-05-01",
                  "time": "07:30",
                  "tags": ["@birds", "@weir"],
                  "starred": true
              },
              {
                  "title": "Wren.",
                  "body": "",
                  "date": "2024-05-02",
                  "time": "18:05",
                  "tags": ["@birds"],
                  "starred": false
              }
          ]
      }
      """
    let folder = try FixtureFolder(["journal.json": journal])
    let utc = try #require(TimeZone(identifier: "UTC"))
    let reading = try ImportReader.read(folder.path + "/journal.json", timeZone: utc)
    #expect(reading.kind == .jrnlJournal)
    let store = NoteStore()
    #expect(try LibraryImport.merge(into: store, reading.source).addedNotes == 2)
    let heron = try #require(store.notes.first { $0.title == "Heron at the weir." })
    #expect(heron.tags == ["birds", "weir"])
    #expect(heron.isPinned)
    #expect(heron.createdAt == NoteDocument.textDate(from: "2024-05-01T07:30:00.000Z"))
    #expect(try LibraryImport.merge(into: store, reading.source).addedNotes == 0)
  }

  @Test func aMarkdownFileIsOneNote() throws {
    let folder = try FixtureFolder(["Heron.md": "---\ntags: [birds]\n---\n# Heron\n\nGrey.\n"])
    let reading = try ImportReader.read(folder.path + "/Heron.md")
    #expect(reading.kind == .markdownFile)
    let store = NoteStore()
    try LibraryImport.merge(into: store, reading.source)
    #expect(store.notes.map(\.title) == ["Heron"])
    #expect(store.notes.first?.tags == ["birds"])
  }
}
