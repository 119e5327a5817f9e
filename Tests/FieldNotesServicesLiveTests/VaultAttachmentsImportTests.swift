import FieldNotesFormats
import FieldNotesModel
import FieldNotesPlatform
import FieldNotesServices
import FieldNotesServicesLive
import Foundation
import Testing

/// A vault's images and PDFs come with the notes that reference them, found as Obsidian finds
/// them; every reference not kept is named, with why.
@MainActor
@Suite struct VaultAttachmentsImportTests {
  /// A vault with nested folders, embeds (`![[…]]`, with a size), Markdown images and links,
  /// and references no file answers.
  static let vault: [String: String] = [
    ".obsidian/app.json": "{}",
    "Home.md": """
    # Home

    ![[pic0.png]] and ![[pic1.png|200]]; the [[report.pdf]].
    `![[code.png]]` is code. ![[missing.png]] ![[dup.png]] ![](../outside.png)
    """,
    "Trips/2024/Heron.md": """
    # Heron

    ![a heron](img/heron.jpg) with [the minutes](files/minutes.pdf) and ![[pic0.png]].
    """,
    "Trips/2024/img/heron.jpg": "JPEG heron",
    "assets/pic0.png": "PNG zero",
    "assets/pic1.png": "PNG one",
    "files/minutes.pdf": "%PDF minutes",
    "report.pdf": "%PDF report",
    "a/dup.png": "one dup",
    "b/dup.png": "other dup",
    "code.png": "in code only",
    "unreferenced.gif": "GIF",
  ]

  private func names(_ read: MarkdownFolderReader.FolderImport, _ title: String) throws
    -> [String: String]
  {
    let place = try #require(read.library.notes.firstIndex { $0.title == title })
    return Dictionary(
      uniqueKeysWithValues: try read.attachments(atPlace: place).map {
        let file = try read.attachment(named: $0.name, atPlace: place)
        return ($0.name, String(decoding: file.bytes, as: UTF8.self))
      })
  }

  @Test func referencesAreFoundBesideTheNoteThenAtTheTopThenByName() throws {
    let folder = try FixtureFolder(Self.vault)
    let read = try MarkdownFolderReader.read(folder.path)
    #expect(
      try names(read, "Home") == [
        "pic0.png": "PNG zero", "pic1.png": "PNG one", "report.pdf": "%PDF report",
      ])
    #expect(
      try names(read, "Heron") == [
        "img/heron.jpg": "JPEG heron", "files/minutes.pdf": "%PDF minutes", "pic0.png": "PNG zero",
      ])
  }

  @Test func aNameSyncCanCarryIsKeptAndOneNoFileCanHaveIsRefused() throws {
    let folder = try FixtureFolder([
      "Note.md": "# Note\n\n![[tab\there.png]] and ![](img//pic.png)\n",
      "tab\there.png": "tabbed", "img/pic.png": "PNG",
    ])
    let read = try MarkdownFolderReader.read(folder.path)
    #expect(try names(read, "Note") == ["tab\there.png": "tabbed"])
    #expect(
      read.refusedAttachments == [
        .init(
          path: "Note.md → img//pic.png",
          reason: "a name with an empty folder (`//`) or a NUL, which no file can have")
      ])
  }

  @Test func everyReferenceNotKeptIsNamedWithWhy() throws {
    let folder = try FixtureFolder(Self.vault)
    let read = try MarkdownFolderReader.read(folder.path)
    #expect(
      read.refusedAttachments == [
        .init(path: "Home.md → missing.png", reason: "no such file in the folder"),
        .init(
          path: "Home.md → dup.png",
          reason: "several files have that name (a/dup.png, b/dup.png)"),
        .init(path: "Home.md → ../outside.png", reason: "outside the folder imported"),
      ])
    // The files kept are no longer named as left out; the others still are.
    #expect(
      read.skipped.map(\.path).sorted() == [
        "a/dup.png", "b/dup.png", "code.png", "unreferenced.gif",
      ])
  }

  /// An import reads no hidden file or folder (`.obsidian/`, `.git/`), as Obsidian shows none:
  /// a reference to one says so, rather than that nothing is there.
  @Test func aReferenceToAHiddenFileSaysItIsHidden() throws {
    let folder = try FixtureFolder([
      "Walk.md": "![](.hidden/x.png) ![[d/.git.png]] ![[.nowhere.png]]",
      ".hidden/x.png": "x", "d/.git.png": "g",
    ])
    let read = try MarkdownFolderReader.read(folder.path)
    #expect(read.attachments.isEmpty)
    let hidden = "a hidden file, which an import doesn't read (as Obsidian doesn't show one)"
    #expect(
      read.refusedAttachments == [
        .init(path: "Walk.md → .hidden/x.png", reason: hidden),
        .init(path: "Walk.md → d/.git.png", reason: hidden),
        .init(path: "Walk.md → .nowhere.png", reason: "no such file in the folder"),
      ])
  }

  @Test func aFileOverTheLimitIsRefusedAndNamed() throws {
    let folder = try FixtureFolder(["Big.md": "![[big.pdf]]"])
    let path = folder.path + "/big.pdf"
    #expect(FileManager.default.createFile(atPath: path, contents: Data()))
    let handle = try #require(FileHandle(forWritingAtPath: path))
    try handle.truncate(atOffset: UInt64(NoteAttachment.maximumBytes + 1))
    try handle.close()
    let read = try MarkdownFolderReader.read(folder.path)
    #expect(read.attachments.isEmpty)
    #expect(
      read.refusedAttachments == [
        .init(
          path: "Big.md → big.pdf",
          reason:
            "\(NoteAttachment.maximumBytes + 1) bytes, over the \(NoteAttachment.maximumBytes) "
            + "an attachment may be")
      ])
  }

  @Test func anImportKeepsEachFileWithEachNoteReferencingIt() throws {
    let folder = try FixtureFolder(Self.vault)
    let read = try MarkdownFolderReader.read(folder.path)
    let store = NoteStore()
    let summary = try LibraryImport.merge(into: store, read)
    #expect(summary.keptAttachments == 6)
    let heron = try #require(store.notes.first { $0.title == "Heron" })
    #expect(
      try store.journal.attachments(ofNote: heron.id).map(\.name) == [
        "files/minutes.pdf", "img/heron.jpg", "pic0.png",
      ])
    // Imported again, nothing is added, and no file is kept twice.
    let again = try LibraryImport.merge(into: store, try MarkdownFolderReader.read(folder.path))
    #expect(again.addedNotes == 0 && again.keptAttachments == 0)
    #expect(try store.journal.attachments(ofNote: heron.id).count == 3)
  }

  /// A vault imported before its pictures were there (or before FieldNotes kept them) brings
  /// them to the notes it has when imported again, adding no note.
  @Test func importingAgainBringsTheFilesThatCameSince() throws {
    let folder = try FixtureFolder(Self.vault.filter { $0.key.hasSuffix(".md") })
    let store = NoteStore()
    let first = try LibraryImport.merge(into: store, try MarkdownFolderReader.read(folder.path))
    #expect(first.addedNotes == 2 && first.keptAttachments == 0)
    for (path, text) in Self.vault where !path.hasSuffix(".md") {
      try folder.write(Data(text.utf8), at: path)
    }
    let again = try LibraryImport.merge(into: store, try MarkdownFolderReader.read(folder.path))
    #expect(again.addedNotes == 0 && again.skippedNotes == 2 && again.keptAttachments == 6)
    let heron = try #require(store.notes.first { $0.title == "Heron" })
    #expect(try store.journal.attachments(ofNote: heron.id).count == 3)
  }

  /// A file changed in the folder since its note was imported is not brought in over the one
  /// the note keeps (an attachment is never replaced), and the import says so.
  @Test func importingAgainKeepsTheStoresFileAndNamesTheFolderChanged() throws {
    let folder = try FixtureFolder(Self.vault)
    let store = NoteStore()
    _ = try LibraryImport.merge(into: store, try MarkdownFolderReader.read(folder.path))
    try folder.write(Data("PNG one, drawn again".utf8), at: "pic1.png")
    let again = try LibraryImport.merge(into: store, try MarkdownFolderReader.read(folder.path))
    #expect(again.keptAttachments == 0)
    #expect(again.attachmentsNotReplaced.values.flatMap(\.self) == ["pic1.png"])
    let home = try #require(store.notes.first { $0.title == "Home" })
    #expect(
      try store.journal.attachment(named: "pic1.png", ofNote: home.id)?.bytes
        == Data("PNG one".utf8))
  }

  /// A folder's files are found before anything is written, but each is read only as its note
  /// is written: the import holds one file's bytes at a time, not the vault's.
  @Test func eachFileIsReadAsItsNoteIsWritten() throws {
    let folder = try FixtureFolder(Self.vault)
    let read = try MarkdownFolderReader.read(folder.path)
    let source = ReadingLog(read)
    try LibraryImport.merge(into: NoteStore(), source)
    let expected = read.library.notes.enumerated().flatMap { place, note in
      ["note \(note.title)"] + read.attachments(atPlace: place).map { "file \($0.name)" }
    }
    #expect(expected.filter { $0.hasPrefix("file") }.count == 6)
    #expect(source.log.events == expected)
  }

  /// One Markdown file imported brings the files its text references from beside it, as a
  /// folder's note does; a reference found only elsewhere in the folder around it (at the
  /// folder's top, or by name in another folder) is refused and named, never searched for.
  @Test func oneFileBringsTheFilesBesideIt() throws {
    let folder = try FixtureFolder(Self.vault)
    let reading = try ImportReader.read(folder.path + "/Trips/2024/Heron.md")
    #expect(reading.kind == .markdownFile)
    #expect(
      reading.refusedAttachments == [
        .init(path: "Heron.md → files/minutes.pdf", reason: "no such file in the folder"),
        .init(path: "Heron.md → pic0.png", reason: "no such file in the folder"),
      ])
    let store = NoteStore()
    let summary = try LibraryImport.merge(into: store, reading.source)
    #expect(summary.keptAttachments == 1)
    let heron = try #require(store.notes.first)
    #expect(
      try store.journal.attachment(named: "img/heron.jpg", ofNote: heron.id)
        == NoteAttachment(name: "img/heron.jpg", bytes: Data("JPEG heron".utf8)))
  }

  /// A file found when the folder was read and gone when its note is written fails the whole
  /// import, naming the file: nothing is added, as with any import that can't finish.
  @Test func aFileGoneBeforeItsNoteIsWrittenAddsNothing() throws {
    let folder = try FixtureFolder(Self.vault)
    let read = try MarkdownFolderReader.read(folder.path)
    try FileManager.default.removeItem(atPath: folder.path + "/Trips/2024/img/heron.jpg")
    let store = NoteStore()
    let failure = LibraryImportError.store(
      .persistence(
        .readFailed(
          reason:
            "the attachment Trips/2024/img/heron.jpg changed while it was imported "
            + "(does not exist)")))
    #expect(throws: failure) { try LibraryImport.merge(into: store, read) }
    #expect(
      failure.errorDescription
        == "The notes could not be read: the attachment Trips/2024/img/heron.jpg changed while "
        + "it was imported (does not exist).")
    #expect(store.notes.isEmpty)
  }
}

/// What an import asked a folder for, in order.
private final class ImportEvents {
  var events: [String] = []
}

/// A folder's import that logs each note handed over and each file read.
private struct ReadingLog: LibraryImportSource {
  let folder: MarkdownFolderReader.FolderImport
  let log = ImportEvents()

  init(_ folder: MarkdownFolderReader.FolderImport) { self.folder = folder }

  var notebooks: [Notebook] { folder.notebooks }
  var noteIDs: [Note.ID] { folder.noteIDs }

  func forEachNote(_ body: (Note) throws(RepositoryError) -> Void) throws(RepositoryError) {
    try folder.forEachNote { note throws(RepositoryError) in
      log.events.append("note \(note.title)")
      try body(note)
    }
  }

  func attachments(atPlace place: Int) -> [NoteAttachment.Entry] {
    folder.attachments(atPlace: place)
  }

  func attachment(named name: String, atPlace place: Int) throws(RepositoryError)
    -> NoteAttachment
  {
    log.events.append("file \(name)")
    return try folder.attachment(named: name, atPlace: place)
  }
}
