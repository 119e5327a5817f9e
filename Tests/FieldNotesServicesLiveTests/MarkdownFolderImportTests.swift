import FieldNotesFormats
import FieldNotesModel
import FieldNotesPlatform
import FieldNotesServices
import FieldNotesServicesLive
import FieldNotesTesting
import Foundation
import Testing

/// Reading folders of Markdown files: other tools' layouts, FieldNotes' own, and hostile ones.
@Suite struct MarkdownFolderImportTests {
  /// Each note as (notebook name, title, tags), sorted.
  private func outline(_ folder: MarkdownFolderReader.FolderImport) -> [String] {
    let names = Dictionary(
      uniqueKeysWithValues: folder.library.notebooks.map { ($0.id, $0.name) })
    return folder.library.notes.map { note in
      "\(note.notebookID.flatMap { names[$0] } ?? "-") | \(note.title) | \(note.tags)"
    }.sorted()
  }

  @Test func anObsidianVaultsFoldersBecomeNotebooksAndItsSettingsArePassedOver() throws {
    let vault = try FixtureFolder(PlainTextFixtures.obsidianVault)
    let read = try MarkdownFolderReader.read(vault.path)
    #expect(
      outline(read) == [
        "- | Welcome | []",
        "Daily | 2024-05-01 | [\"daily\", \"mood-good\", \"birding\"]",
        "Projects/Garden | Roses | [\"spring\"]",
      ])
    #expect(
      read.skipped == [.init(path: "attachments/photo.png", reason: "not a Markdown or text file")])
    let daily = try #require(read.library.notes.first { $0.title == "2024-05-01" })
    #expect(daily.createdAt == NoteDocument.textDate(from: "2024-05-01T07:00:00.000Z"))
  }

  /// A key FieldNotes has no field for is a property, not a block at the top of the body: the
  /// note's first line is its text, and an export writes the key back in the front matter.
  @Test func anObsidianPropertyStaysInTheFrontMatterThroughAnExport() throws {
    let vault = try FixtureFolder(PlainTextFixtures.obsidianVault)
    let read = try MarkdownFolderReader.read(vault.path)
    let roses = try #require(read.library.notes.first { $0.title == "Roses" })
    #expect(roses.properties == [NoteProperty(key: "aliases", rawValue: " [Roses]")])
    #expect(roses.body == "Prune in #spring.\n")

    let exported = try FixtureFolder()
    try MarkdownFolderWriter.write(read.library, to: exported.path + "/")
    let again = try MarkdownFolderReader.read(exported.path)
    let back = try #require(again.library.notes.first { $0.id == roses.id })
    #expect(back.properties == roses.properties && back.body == roses.body)
    let file = try #require(
      FileManager.default.subpaths(atPath: exported.path)?.first { $0.hasSuffix("Roses.md") })
    let text = try String(contentsOfFile: exported.path + "/" + file, encoding: .utf8)
    #expect(text.contains("\naliases: [Roses]\n---\n# Roses\n\nPrune in #spring.\n"))
  }

  @Test func anNbNotebookIgnoresItsIndexAndGit() throws {
    let notebook = try FixtureFolder(PlainTextFixtures.nbNotebook)
    let read = try MarkdownFolderReader.read(notebook.path)
    #expect(
      outline(read) == [
        "- | Example Domain (example.com) | []",
        "- | Example Title | [\"tag1\", \"tag2\"]",
        "Sample Folder | Nested note | []",
      ])
    #expect(read.skipped.isEmpty)
  }

  @Test func aZkNotebookIgnoresItsZkFolder() throws {
    let notebook = try FixtureFolder(PlainTextFixtures.zkNotebook)
    let read = try MarkdownFolderReader.read(notebook.path)
    #expect(
      outline(read) == [
        "ideas | Zettel one | [\"idea\"]",
        "journal/daily | 2024-05-01 | [\"daily\", \"work\"]",
      ])
    #expect(read.skipped.isEmpty)
  }

  @Test func aSyncRepositoryIsRecognisedAndReadExactly() throws {
    let birds = Notebook(name: "Birds", symbolName: "bird")
    let notes = [
      Note(
        title: "Heron", body: "Grey.\n", createdAt: DateProvider.referenceDate,
        notebookID: birds.id,
        tags: ["birds"], isPinned: true),
      Note(title: "Loose", body: "", createdAt: DateProvider.referenceDate),
    ]
    let repository = try FixtureFolder(
      PlainTextFixtures.syncRepository(notebook: birds, notes: notes))
    let read = try MarkdownFolderReader.read(repository.path)
    #expect(read.isSyncRepository)
    #expect(read.library.notebooks == [birds])
    #expect(Set(read.library.notes) == Set(notes))
    #expect(read.skipped.map(\.path) == ["README.md"])
  }

  @Test func everyNoteGoesInOneNotebookWhenAsked() throws {
    let vault = try FixtureFolder(PlainTextFixtures.obsidianVault)
    let inbox = Notebook(name: "Inbox")
    let read = try MarkdownFolderReader.read(vault.path, into: inbox)
    #expect(read.library.notebooks == [inbox])
    #expect(read.library.notes.count == 3)
    #expect(read.library.notes.allSatisfy { $0.notebookID == inbox.id })
  }

  @Test @MainActor func importingAFolderTwiceAddsNothingTheSecondTime() throws {
    let vault = try FixtureFolder(PlainTextFixtures.obsidianVault)
    let store = NoteStore()
    let first = try LibraryImport.merge(
      into: store, try MarkdownFolderReader.read(vault.path).library)
    #expect(first.addedNotes == 3 && first.addedNotebooks == 2)
    let second = try LibraryImport.merge(
      into: store, try MarkdownFolderReader.read(vault.path).library)
    #expect(second == .init(addedNotes: 0, addedNotebooks: 0, skippedNotes: 3))
    // A file changed since is a new note; the one imported before stays as it was.
    try vault.write(Data("# Welcome\n\nEdited.\n".utf8), at: "Welcome.md")
    let third = try LibraryImport.merge(
      into: store, try MarkdownFolderReader.read(vault.path).library)
    #expect(third.addedNotes == 1)
    #expect(store.notes.filter { $0.title == "Welcome" }.count == 2)
  }

  @Test func aHostileFolderIsSkippedAndReportedWithNothingFollowed() throws {
    let outside = try FixtureFolder(["secret.md": "# Secret\n\nNot to be read.\n"])
    let folder = try FixtureFolder([
      "good.md": "# Good\n\nFine.\n",
      "not yaml.md": "---\n{{{ this: is [not\n---\nKept.\n",
    ])
    try folder.write(Data([0x66, 0x6F, 0xFF, 0xFE, 0x0A]), at: "latin1.md")
    try folder.write(Data("text\u{0}more".utf8), at: "binary.md")
    #expect(symlink("\(outside.path)/secret.md", "\(folder.path)/link.md") == 0)
    #expect(symlink(outside.path, "\(folder.path)/linked folder") == 0)
    #expect(symlink(folder.path, "\(folder.path)/loop") == 0)
    #expect(mkfifo("\(folder.path)/pipe.md", 0o600) == 0)
    // 50 MB, sparse: the size alone refuses it.
    let large = open("\(folder.path)/large.md", O_CREAT | O_WRONLY, 0o600)
    #expect(ftruncate(large, 50 * 1_048_576) == 0)
    close(large)
    var deep = ""
    for level in 0..<40 { deep += (deep.isEmpty ? "" : "/") + "d\(level)" }
    try folder.write(Data("deep".utf8), at: "\(deep)/deep.md")

    let read = try MarkdownFolderReader.read(folder.path)
    #expect(read.library.notes.map(\.title).sorted() == ["Good", "not yaml"])
    #expect(read.frontMattersKeptAsText == ["not yaml.md"])
    let kept = try #require(read.library.notes.first { $0.title == "not yaml" })
    #expect(kept.body == "---\n{{{ this: is [not\n---\nKept.\n")
    let reasons = Dictionary(uniqueKeysWithValues: read.skipped.map { ($0.path, $0.reason) })
    #expect(reasons["link.md"] == "a symbolic link, not followed")
    #expect(reasons["linked folder"] == "a symbolic link, not followed")
    #expect(reasons["loop"] == "a symbolic link, not followed")
    #expect(reasons["pipe.md"] == "not a regular file")
    #expect(reasons["latin1.md"] == "not UTF-8 text")
    #expect(reasons["binary.md"] == "a binary file")
    #expect(reasons["large.md"]?.hasPrefix("larger than") == true)
    // 32 folders deep is read; the 33rd is not.
    #expect(reasons.keys.contains { $0.hasPrefix("d0/d1/") && $0.hasSuffix("/d32") })
    #expect(!read.library.notes.contains { $0.title == "Secret" })
  }

  @MainActor @Test func twoFilesWithOneIdAreOneNoteWhenTheyHoldOneTextAndTwoWhenNot() throws {
    let id = "6ba7b810-9dad-11d1-80b4-00c04fd430c8"
    let folder = try FixtureFolder([
      "a.md": "---\nid: \(id)\nupdated: 2024-01-01\n---\n# Template\n\nOne.\n",
      "b.md": "---\nid: \(id)\nupdated: 2024-02-01\n---\n# Template\n\nTwo.\n",
      "c.md": "---\nid: \(id)\nupdated: 2023-01-01\n---\n# Template\n\nTwo.\n",
    ])
    let read = try MarkdownFolderReader.read(folder.path)
    // The one changed last comes first; another text follows it, under the id, for the import
    // to decide; the same text is one note.
    #expect(read.library.notes.map(\.body) == ["Two.\n", "One.\n"])
    #expect(read.library.notes.allSatisfy { $0.id.uuidString.lowercased() == id })
    #expect(read.places == ["b.md", "a.md"])
    #expect(read.skipped == [.init(path: "c.md", reason: "the same note as b.md")])

    let store = NoteStore()
    let summary = try LibraryImport.merge(into: store, read.library)
    #expect(summary.addedNotes == 2 && summary.keptApartPlaces == [1])
    #expect(try store.note(withID: read.library.notes[0].id)?.body == "Two.\n")
    #expect(Set(store.notes.map(\.body)) == ["Two.\n", "One.\n"])
  }

  @Test func anExportsNotebookCalledNotesIsNoSyncRepository() throws {
    let notebook = Notebook(name: "notes")
    let note = Note(
      title: UUID().uuidString.lowercased(), createdAt: DateProvider.referenceDate,
      notebookID: notebook.id)
    let folder = try FixtureFolder()
    try MarkdownFolderWriter.write(
      NoteLibrary(notebooks: [notebook], notes: [note, Note(title: "Other")]), to: folder.path)
    let read = try MarkdownFolderReader.read(folder.path)
    #expect(!read.isSyncRepository)
    #expect(read.library.notes.count == 2 && read.skipped.isEmpty)
  }

  @Test func aFolderNamedAsANotebookHereGoesInItAndOddNamesAreMended() throws {
    let folder = try FixtureFolder([
      "birds/heron.md": "# Heron\n", "  /blank.md": "# Blank\n", "two\nlines/x.md": "# X\n",
    ])
    let birds = Notebook(name: "Birds")
    let read = try MarkdownFolderReader.read(folder.path, existing: [birds])
    #expect(read.library.notes.first { $0.title == "Heron" }?.notebookID == birds.id)
    #expect(
      Set(read.library.notebooks.map(\.name)) == ["Birds", "Untitled folder", "two lines"])
  }

  @Test func foldersWhoseNamesDifferOnlyInCaseAreOneNotebook() throws {
    let folder = try FixtureFolder(["Waders/a.md": "# A\n", "waders/b.md": "# B\n"])
    let read = try MarkdownFolderReader.read(folder.path)
    #expect(read.library.notebooks.count == 1)
    #expect(Set(read.library.notes.map(\.notebookID)).count == 1)
  }

  @Test func aNoteHoldingANulComesBackFromItsOwnFile() throws {
    let note = Note(title: "Odd", body: "a\u{0}b", createdAt: DateProvider.referenceDate)
    let folder = try FixtureFolder()
    try MarkdownFolderWriter.write(NoteLibrary(notes: [note]), to: folder.path)
    try folder.write(Data("plain\u{0}binary".utf8), at: "other.md")
    let read = try MarkdownFolderReader.read(folder.path)
    #expect(read.library.notes == [note])
    #expect(read.skipped == [.init(path: "other.md", reason: "a binary file")])
  }

  @Test func aHundredThousandTinyFilesAreEachANote() throws {
    let folder = try FixtureFolder()
    for index in 0..<100_000 {
      let descriptor = open(
        "\(folder.path)/n\(index).md", O_CREAT | O_WRONLY | O_TRUNC | O_CLOEXEC, 0o600)
      let text = Array("# Note \(index)\n".utf8)
      _ = text.withUnsafeBytes { Platform.write(descriptor, $0.baseAddress, $0.count) }
      close(descriptor)
    }
    let read = try MarkdownFolderReader.read(folder.path)
    #expect(read.library.notes.count == 100_000)
    #expect(Set(read.library.notes.map(\.id)).count == 100_000)
    #expect(read.skipped.isEmpty)
  }
}
