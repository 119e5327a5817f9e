import FieldNotesFormats
import FieldNotesModel
import FieldNotesServices
import FieldNotesServicesLive
import Foundation
import Testing

/// A folder export writes each note's attachments where its references point, inside the
/// folder only, over no file of the user's; importing the export gives back the same files.
@MainActor
@Suite struct AttachmentExportTests {
  /// Each note's attachments, by title, as (name, bytes).
  func attachments(in store: NoteStore) throws -> [String: [NoteAttachment]] {
    var byTitle: [String: [NoteAttachment]] = [:]
    for note in store.notes {
      byTitle[note.title] = try store.journal.attachments(ofNote: note.id).compactMap {
        try store.journal.attachment(named: $0.name, ofNote: note.id)
      }
    }
    return byTitle
  }

  /// A store holding the vault of `VaultAttachmentsImportTests`, imported.
  func importedVault() throws -> NoteStore {
    try imported(VaultAttachmentsImportTests.vault)
  }

  /// A store holding a folder of these files, imported.
  func imported(_ files: [String: String]) throws -> NoteStore {
    let vault = try FixtureFolder(files)
    let store = NoteStore()
    try LibraryImport.merge(into: store, try MarkdownFolderReader.read(vault.path))
    return store
  }

  func export(_ store: NoteStore, to folder: String, records: String? = nil) throws
    -> MarkdownFolderWriter.AttachmentExport
  {
    let library = try store.wholeLibrary()
    let written = try MarkdownFolderWriter.write(library, to: folder + "/", records: records)
    return MarkdownFolderWriter.writeAttachments(
      from: store.journal, in: library, in: folder,
      besideFilesOf: written.paths)
  }

  /// Each file goes where the import found it: where its reference leads from the note's file
  /// (`img/heron.jpg`), from the folder's top (`files/minutes.pdf`), or, for a bare name, the
  /// one file of that name anywhere (`pic0.png` in `assets/`).
  @Test func eachFileGoesWhereTheImportFoundIt() throws {
    let store = try importedVault()
    let folder = try FixtureFolder()
    let export = try export(store, to: folder.path)
    #expect(export.written == 5 && export.notWritten.isEmpty && export.keptApart.isEmpty)
    let written = try FileManager.default.subpathsOfDirectory(atPath: folder.path).filter {
      !$0.hasSuffix(".md") && !$0.hasPrefix(".") && !$0.hasSuffix("/.notebook.md")
    }
    let files = written.filter { path in !written.contains { $0.hasPrefix(path + "/") } }
    #expect(
      Set(files) == [
        "assets/pic0.png", "assets/pic1.png", "report.pdf", "Trips/2024/img/heron.jpg",
        "files/minutes.pdf",
      ])
    for path in files {
      #expect(
        FileManager.default.contents(atPath: "\(folder.path)/\(path)")
          == VaultAttachmentsImportTests.vault[path].map { Data($0.utf8) }, "\(path)")
    }
  }

  /// Each file is written where the import found it, so importing the export finds it again.
  ///
  /// A wiki embed names its file as written (`![[c%20d.png]]` is the file `c%20d.png`); a
  /// Markdown link's escapes are decoded (`![](img/a%20b.png)` is `img/a b.png`).
  @Test func eachFileIsWrittenAtThePathItsReferenceReadsAs() throws {
    let store = try imported([
      "Walk.md": "# Walk\n\n![[c%20d.png]] and ![](img/a%20b.png)\n",
      "c%20d.png": "wiki", "img/a b.png": "markdown",
    ])
    #expect(try attachments(in: store)["Walk"]?.count == 2)
    let folder = try FixtureFolder()
    let export = try export(store, to: folder.path)
    #expect(export.written == 2 && export.notWritten.isEmpty)
    #expect(FileManager.default.contents(atPath: folder.path + "/c%20d.png") == Data("wiki".utf8))
    #expect(
      FileManager.default.contents(atPath: folder.path + "/img/a b.png") == Data("markdown".utf8))
    let again = NoteStore()
    try LibraryImport.merge(into: again, try MarkdownFolderReader.read(folder.path))
    #expect(try attachments(in: again) == attachments(in: store))
  }

  /// Issue 44's vault, whole, into a store and out again gives back the same tree: what
  /// `diff -r` of the two folders finds empty.
  ///
  /// Nested folders, properties of several kinds, wiki links with an alias and a heading, two
  /// images and a PDF (one found by its bare name away from its note), a note whose file name
  /// is not its title: every file comes back at its path with its bytes, and nothing else is
  /// written, hidden or not — the export's record is kept in FieldNotes' own folder, and a
  /// folder that reads as its notebook gets no `.notebook.md`.
  @Test func aVaultWithItsFilesComesBackOutTheSameTree() throws {
    var files = VaultRoundTripTests.vault
    files["Areas/Birds/Heron.md"] =
      "# Heron\n\n![[heron.jpg]], ![the nest](img/nest.png) and [[minutes.pdf]]; "
      + "[[Run#Pace|the run]].\n"
    files["Areas/Birds/heron.jpg"] = "JPEG heron"
    files["Areas/Birds/img/nest.png"] = "PNG nest"
    files["minutes.pdf"] = "%PDF minutes"
    let vault = try FixtureFolder(files)
    let store = NoteStore()
    try LibraryImport.merge(into: store, try MarkdownFolderReader.read(vault.path))
    let folder = try FixtureFolder()
    let records = try FixtureFolder()
    let export = try export(store, to: folder.path, records: records.path)
    #expect(export.written == 3 && export.notWritten.isEmpty && export.keptApart.isEmpty)

    let tree = { (root: String) in Set(try FileManager.default.subpathsOfDirectory(atPath: root)) }
    #expect(try tree(folder.path) == tree(vault.path))
    for (path, text) in files {
      let written = FileManager.default.contents(atPath: "\(folder.path)/\(path)")
      #expect(written == Data(text.utf8), "\(path)")
    }
    // Exported again, the folder stays as it is: the record kept apart proves every file.
    _ = try self.export(store, to: folder.path, records: records.path)
    #expect(try tree(folder.path) == tree(vault.path))
  }

  /// A file the import found away from where its reference leads (by its bare name elsewhere,
  /// or from the folder's top) is recorded with the note and written back where it was; the
  /// export imported again records the same, field for field.
  @Test func aFileFoundElsewhereGoesBackWhereItWas() throws {
    let store = try imported([
      "Areas/Birds/Heron.md": "# Heron\n\n[[minutes.pdf]] and ![](img/map.png)\n",
      "Archive/2026/minutes.pdf": "%PDF minutes", "img/map.png": "PNG map",
    ])
    #expect(
      store.notes.first?.importedFile?.attachmentPaths
        == ["minutes.pdf": "Archive/2026/minutes.pdf", "img/map.png": "img/map.png"])
    let folder = try FixtureFolder()
    #expect(try export(store, to: folder.path).written == 2)
    for path in ["Archive/2026/minutes.pdf", "img/map.png"] {
      #expect(FileManager.default.fileExists(atPath: "\(folder.path)/\(path)"), "\(path)")
    }
    #expect(!FileManager.default.fileExists(atPath: "\(folder.path)/Areas/Birds/minutes.pdf"))
    #expect(!FileManager.default.fileExists(atPath: "\(folder.path)/Areas/Birds/img"))
    let again = NoteStore()
    try LibraryImport.merge(into: again, try MarkdownFolderReader.read(folder.path))
    #expect(again.notes.map(\.importedFile) == store.notes.map(\.importedFile))
  }

  /// A record of where files were found that leads out of the folder, or into a hidden folder
  /// (a synced store's may come from anyone), is not followed: the file goes where its
  /// reference leads from the note.
  @Test func aFoundPathOutOfTheFolderIsNotFollowed() throws {
    for hostile in ["../outside.pdf", "/tmp/x.pdf", ".git/hooks/x.pdf", "a/../../x.pdf", "a//b"] {
      let note = Note(
        title: "Heron", body: "[[minutes.pdf]]\n",
        importedFile: ImportedFile(
          name: "Heron.md", title: "Heron", attachmentPaths: ["minutes.pdf": hostile]))
      let store = NoteStore(notes: [note])
      try store.commit(
        AttachFile(NoteAttachment(name: "minutes.pdf", bytes: Data("%PDF".utf8)), to: note.id))
      let folder = try FixtureFolder()
      #expect(try export(store, to: folder.path).written == 1, "\(hostile)")
      #expect(
        FileManager.default.contents(atPath: "\(folder.path)/minutes.pdf") == Data("%PDF".utf8),
        "\(hostile)")
    }
  }

  @Test func importingTheExportGivesBackTheSameFiles() throws {
    let store = try importedVault()
    let folder = try FixtureFolder()
    _ = try export(store, to: folder.path)
    let again = NoteStore()
    try LibraryImport.merge(into: again, try MarkdownFolderReader.read(folder.path))
    #expect(try attachments(in: again) == attachments(in: store))
    #expect(try attachments(in: again)["Heron"]?.count == 3)
  }

  @Test func exportingAgainWritesNothingNewAndAFileOfTheUsersIsLeftAsItIs() throws {
    let store = try importedVault()
    let folder = try FixtureFolder(["assets/pic0.png": "the user's own"])
    let export = try export(store, to: folder.path)
    // Both notes that embed the file found it there.
    let leftAsItIs = MarkdownFolderWriter.AttachmentExport.SkippedFile(
      path: "assets/pic0.png", reason: "a different file is there, and is left as it is")
    #expect(export.notWritten == [leftAsItIs, leftAsItIs])
    #expect(
      FileManager.default.contents(atPath: folder.path + "/assets/pic0.png")
        == Data("the user's own".utf8))
    let again = try self.export(store, to: folder.path)
    #expect(again.written == 0)
  }

  /// Two notes of one notebook whose texts name different files by one path: the second
  /// can't have its file there, and the export says whose file is, not that it is the user's.
  @Test func twoNotesFilesOfOnePathAreNamedAsSuch() throws {
    let store = try imported([
      "Birds/A.md": "# A\n\n![](img/dup.png)\n", "Birds/img/dup.png": "DUP-birds",
      "Trips/B.md": "# B\n\n![](img/dup.png)\n", "Trips/img/dup.png": "DUP-trips",
    ])
    let a = try #require(store.notes.first { $0.title == "A" })
    let b = try #require(store.notes.first { $0.title == "B" })
    try store.perform(.moveNote(b.id, to: a.notebookID))
    let folder = try FixtureFolder()

    let export = try export(store, to: folder.path)

    let reason = { (written: String, kept: String) in
      "\u{201C}\(written)\u{201D}'s file of this name, with other bytes, was written there by "
        + "this export; \u{201C}\(kept)\u{201D}'s stays in the store, and its link finds the other"
    }
    #expect(export.notWritten.map(\.path) == ["Birds/img/dup.png"])
    #expect([reason("A", "B"), reason("B", "A")].contains(export.notWritten.first?.reason ?? ""))
    #expect(try attachments(in: store)["B"]?.first?.bytes == Data("DUP-trips".utf8))
  }

  @Test func aReferenceLeadingOutOfTheFolderIsWrittenUnderAttachments() throws {
    let note = Note(
      title: "Far", body: "![](../../far/away.png)", createdAt: Date(timeIntervalSince1970: 0))
    let store = NoteStore(notes: [note])
    try store.commit(
      AttachFile(NoteAttachment(name: "../../far/away.png", bytes: Data("far".utf8)), to: note.id))
    let folder = try FixtureFolder()
    let export = try export(store, to: folder.path)
    #expect(export.keptApart == ["attachments/far/away.png"])
    #expect(
      FileManager.default.contents(atPath: folder.path + "/attachments/far/away.png")
        == Data("far".utf8))
  }
}

/// Keeps a file with a note, as an import does: how a test gives a note an attachment.
private struct AttachFile: StoreChange {
  let attachment: NoteAttachment
  let id: Note.ID

  init(_ attachment: NoteAttachment, to id: Note.ID) {
    self.attachment = attachment
    self.id = id
  }

  func edit(in store: NoteStore) throws(NoteStoreError) -> StoreEdit {
    StoreEdit(changes: [.saveAttachment(attachment, forNote: id)])
  }
}
