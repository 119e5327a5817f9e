import FieldNotesFormats
import FieldNotesModel
import FieldNotesPlatform
import FieldNotesServices
import FieldNotesServicesLive
import FieldNotesTesting
import Foundation
import Testing

/// Export to a Markdown folder, import it into a new store: the same library, every field.
@Suite struct PlainTextRoundTripTests {
  /// Where this test's exports keep their records, as the state folder's `folder-exports`.
  let records: FixtureFolder

  init() throws { records = try FixtureFolder() }

  /// Titles that trouble file names, in several scripts.
  static let oddTitles = [
    "a/b", "../up", ".hidden", "trailing.", "CON", "nul", "lpt1.txt", "Heron", "heron", "HERON",
    String(repeating: "長", count: 300), String(repeating: "x", count: 300), "", " ", "tab\there",
    "two\nlines", "Ελληνικά", "Русский текст", "العربية", "हिन्दी", "日本語のノート", "emoji 🐦‍⬛",
    "e\u{301}te", "\u{E9}te", "* ? < > | \" :", "#tag-like", "---", "# heading",
  ]

  /// Properties as other tools write them: a list over lines, a list in brackets, quotes, a
  /// key with nothing after it, a comment below a value, odd spacing.
  static let oddProperties = [
    NoteProperty(key: "aliases", rawValue: "\n  - Grey heron\n  - \"Ardea: cinerea\""),
    NoteProperty(key: "cssclasses", rawValue: " [wide, no-title]"),
    NoteProperty(key: "status", rawValue: "   'in review'  "),
    NoteProperty(key: "source", rawValue: ""),
    NoteProperty(key: "Rating", rawValue: " 4 # out of 5\n# by hand"),
    NoteProperty(key: "summary", rawValue: " >\n  Folded\n\n  text"),
  ]

  /// A library drawn from a seed: notebooks with plain names, notes with odd titles and bodies.
  static func library(seed: UInt64) -> NoteLibrary {
    var random = SeededRandomNumberGenerator(seed: seed)
    let notebooks = (0..<Int.random(in: 0...4, using: &random)).map { index in
      Notebook(
        // Names a front matter could misread: quotes, a colon, a hash. (`none` is no notebook's
        // name: an import renames such a notebook `none (2)`.)
        name: ["Birds", "'single' quoted", "Ελληνικά", "Field: trips #1", "\"Notes\" (old)"][index],
        symbolName: ["bird", "leaf", "book.closed"].randomElement(using: &random) ?? "book")
    }
    let bodies = [
      "", "\n", "Plain.", "Line one\nline two\n", "CRLF\r\nlines\r\n", "\n\nStarts blank",
      "---\nlooks: like front matter\n---\n", "# Heading in body\n\ntext", "tabs\tand  spaces  ",
    ]
    // Dates as FieldNotes keeps them in every file: to the millisecond.
    let millisecond = { (date: Date) in NoteDocument.date(from: NoteDocument.stamp(date)) ?? date }
    let notes = (0..<Int.random(in: 1...40, using: &random)).map { _ in
      let created = millisecond(
        Date(
          timeIntervalSince1970: Double(Int.random(in: 0...2_000_000_000_000, using: &random))
            / 1000))
      return Note(
        title: oddTitles.randomElement(using: &random) ?? "",
        body: bodies.randomElement(using: &random) ?? "", createdAt: created,
        notebookID: Bool.random(using: &random) ? notebooks.randomElement(using: &random)?.id : nil,
        tags: Array(
          ["birds", "lake", "ünï", "a_b-c"].shuffled(using: &random).prefix(
            Int.random(in: 0...3, using: &random))),
        isPinned: Bool.random(using: &random),
        updatedAt: millisecond(
          created.addingTimeInterval(Double(Int.random(in: 0...9_999_999, using: &random)) / 1000)),
        conflictOf: Int.random(in: 0..<10, using: &random) == 0 ? UUID() : nil,
        properties: Array(
          oddProperties.shuffled(using: &random).prefix(
            Int.random(in: 0...3, using: &random))))
    }
    return NoteLibrary(notebooks: notebooks, notes: notes)
  }

  @Test(arguments: 1...25 as ClosedRange<UInt64>)
  @MainActor func aLibraryExportedToAFolderImportsAsItWas(seed: UInt64) throws {
    let original = Self.library(seed: seed)
    let folder = try FixtureFolder()
    try MarkdownFolderWriter.write(original, to: folder.path + "/", records: records.path)
    let reading = try ImportReader.read(folder.path)
    #expect(reading.kind == .markdownFolder)
    #expect(reading.skipped.isEmpty)
    let store = NoteStore()
    try LibraryImport.merge(into: store, reading.source)
    let imported = try store.wholeLibrary()
    #expect(Set(imported.notebooks) == Set(original.notebooks))
    let got = imported.notes.sorted { $0.id.uuidString < $1.id.uuidString }
    let wanted = original.notes.sorted { $0.id.uuidString < $1.id.uuidString }
    #expect(got.count == wanted.count)
    // The first note that differs, alone, so a failure says which field.
    if let (read, written) = zip(got, wanted).first(where: { $0 != $1 }) {
      Issue.record("imported \(read)\nexported \(written)")
    }
  }

  /// A person, `grep` and another tool read a note's notebook by its name; the folder's
  /// `.notebook.md` keeps the notebook's identity, so importing gives back the same notebook.
  @Test func aNotesFileNamesItsNotebook() throws {
    let notebook = Notebook(name: "Field trips")
    let note = Note(
      title: "Heron", createdAt: .init(timeIntervalSince1970: 0), notebookID: notebook.id)
    let folder = try FixtureFolder()
    try MarkdownFolderWriter.write(
      NoteLibrary(notebooks: [notebook], notes: [note]), to: folder.path)
    let text = try String(
      contentsOfFile: folder.path + "/Field trips/Heron.md", encoding: .utf8)
    #expect(text.contains("\nnotebook: Field trips\n"))
    #expect(!text.lowercased().contains(notebook.id.uuidString.lowercased()))
    #expect(try MarkdownFolderReader.read(folder.path).library.notes == [note])
  }

  /// Moved out of its notebook's folder, an exported file still names its notebook, and goes
  /// back in it; moved into another notebook's folder, it goes in that one, as a person put it.
  @Test func anExportedFileMovedElsewhereGoesWhereItsPlaceSays() throws {
    let birds = Notebook(name: "Birds")
    let plants = Notebook(name: "Plants")
    let day = Date(timeIntervalSince1970: 0)
    let heron = Note(title: "Heron", createdAt: day, notebookID: birds.id)
    let wren = Note(title: "Wren", createdAt: day.addingTimeInterval(1), notebookID: birds.id)
    let folder = try FixtureFolder()
    try MarkdownFolderWriter.write(
      NoteLibrary(notebooks: [birds, plants], notes: [heron, wren]), to: folder.path)
    try FileManager.default.moveItem(
      atPath: folder.path + "/Birds/Heron.md", toPath: folder.path + "/Heron.md")
    try FileManager.default.moveItem(
      atPath: folder.path + "/Birds/Wren.md", toPath: folder.path + "/Plants/Wren.md")
    let read = try MarkdownFolderReader.read(folder.path).library
    #expect(read.notes.first { $0.id == heron.id }?.notebookID == birds.id)
    #expect(read.notes.first { $0.id == wren.id }?.notebookID == plants.id)
    #expect(Set(read.notebooks) == [birds, plants], "no notebook made twice")
  }

  /// A note as large as a note may be, in a notebook with a long name: the name would make its
  /// file too large to read back, so the file gives the notebook's identifier, never longer.
  @Test func aNoteAtTheLimitInALongNamedNotebookIsWrittenSoItComesBack() throws {
    let notebook = Notebook(name: String(repeating: "長", count: 60))
    var note = Note(
      title: "Full", createdAt: .init(timeIntervalSince1970: 0), notebookID: notebook.id)
    note.body = String(
      repeating: "x", count: NoteDocument.maximumBytes - NoteDocument.byteCount(of: note))
    #expect(NoteDocument.byteCount(of: note) == NoteDocument.maximumBytes)
    let named = NoteDocument.data(of: note, inNotebookNamed: notebook.name)
    #expect(named == NoteDocument.data(of: note), "the identifier, as the name doesn't fit")
    let folder = try FixtureFolder()
    try MarkdownFolderWriter.write(
      NoteLibrary(notebooks: [notebook], notes: [note]), to: folder.path)
    let read = try MarkdownFolderReader.read(folder.path)
    #expect(read.skipped.isEmpty)
    #expect(read.library.notes == [note])
  }

  @Test func exportingAgainReplacesItsOwnFilesAndNothingElse() throws {
    var library = Self.library(seed: 7)
    let folder = try FixtureFolder()
    try MarkdownFolderWriter.write(library, to: folder.path, records: records.path)
    library.notes[0].body = "Changed since."
    try MarkdownFolderWriter.write(library, to: folder.path, records: records.path)
    let read = try MarkdownFolderReader.read(folder.path)
    #expect(read.library.notes.first { $0.id == library.notes[0].id }?.body == "Changed since.")
  }

  @Test func aNoteRetitledSinceTheLastExportHasOneFile() throws {
    var library = NoteLibrary(
      notebooks: [Notebook(name: "Birds")],
      notes: [Note(title: "Heron", createdAt: .init(timeIntervalSince1970: 0))])
    library.notes[0].notebookID = library.notebooks[0].id
    let (folder, records) = (try FixtureFolder(), try FixtureFolder())
    try MarkdownFolderWriter.write(library, to: folder.path, records: records.path)
    library.notes[0].title = "Grey heron"
    library.notebooks[0].name = "Waders"
    try MarkdownFolderWriter.write(library, to: folder.path, records: records.path)
    let names = try FileManager.default.subpathsOfDirectory(atPath: folder.path).sorted()
    #expect(names == ["Waders", "Waders/.notebook.md", "Waders/Grey heron.md"])
  }

  @Test func titlesChangedInAChainOrSwappedExportAgain() throws {
    let day = Date(timeIntervalSince1970: 0)
    var library = NoteLibrary(
      notebooks: [Notebook(name: "A"), Notebook(name: "B")],
      notes: [
        Note(title: "One", createdAt: day),
        Note(title: "Two", createdAt: day.addingTimeInterval(1)),
        Note(title: "Alpha", createdAt: day.addingTimeInterval(2)),
        Note(title: "Beta", createdAt: day.addingTimeInterval(3)),
      ])
    let folder = try FixtureFolder()
    try MarkdownFolderWriter.write(library, to: folder.path, records: records.path)
    library.notes[1].title = "Three"
    library.notes[0].title = "Two"
    (library.notes[2].title, library.notes[3].title) = ("Beta", "Alpha")
    (library.notebooks[0].name, library.notebooks[1].name) = ("B", "A")
    try MarkdownFolderWriter.write(library, to: folder.path, records: records.path)
    let read = try MarkdownFolderReader.read(folder.path)
    #expect(Set(read.library.notes) == Set(library.notes))
    #expect(Set(read.library.notebooks) == Set(library.notebooks))
  }

  @Test func aNotebookAndANoteOfOneNameAtTheTopDoNotMeet() throws {
    let notebook = Notebook(name: "Birds.md")
    let library = NoteLibrary(
      notebooks: [notebook],
      notes: [
        Note(title: "Heron", createdAt: .init(timeIntervalSince1970: 0), notebookID: notebook.id),
        Note(title: "Birds", createdAt: .init(timeIntervalSince1970: 1)),
      ])
    let folder = try FixtureFolder()
    try MarkdownFolderWriter.write(library, to: folder.path, records: records.path)
    let read = try MarkdownFolderReader.read(folder.path)
    #expect(Set(read.library.notes) == Set(library.notes))
  }

  /// A file of the user's where a note's file would go is left as it is; the note is written
  /// beside it, and reading the folder back finds both.
  @Test func aFileOfTheUsersInTheWayIsLeftAndTheNoteWrittenBeside() throws {
    let note = Note(title: "Heron", body: "Grey.", createdAt: .init(timeIntervalSince1970: 0))
    let folder = try FixtureFolder(["Heron.md": "# My own heron notes\n"])

    let export = try MarkdownFolderWriter.write(NoteLibrary(notes: [note]), to: folder.path)

    #expect(export.leftAsTheyAre == ["Heron.md"])
    #expect(
      try String(contentsOfFile: folder.path + "/Heron.md", encoding: .utf8)
        == "# My own heron notes\n")
    let read = try MarkdownFolderReader.read(folder.path)
    #expect(read.library.notes.contains(note))
    #expect(read.library.notes.map(\.title).sorted() == ["Heron", "My own heron notes"])
  }
}
