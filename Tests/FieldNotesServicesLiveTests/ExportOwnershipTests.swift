import FieldNotesModel
import Foundation
import Testing

@testable import FieldNotesServicesLive

/// An export into a folder writes over or removes only the files FieldNotes can prove it wrote.
///
/// Those are the files whose bytes are what its record of the last export says it wrote there.
/// A copy of an exported file, or one edited since, is the user's.
@Suite struct ExportOwnershipTests {
  /// Where this test's exports keep their records, as the state folder's `folder-exports`.
  let records: FixtureFolder

  init() throws { records = try FixtureFolder() }

  /// Exports into a folder, its record kept in ``records``.
  @discardableResult
  func write(_ library: NoteLibrary, to folder: String) throws -> MarkdownFolderWriter.FolderExport
  {
    try MarkdownFolderWriter.write(library, to: folder, records: records.path)
  }

  /// Forgets every record, as a state folder removed.
  func forgetRecords() throws {
    for name in try FileManager.default.contentsOfDirectory(atPath: records.path) {
      try FileManager.default.removeItem(atPath: records.path + "/" + name)
    }
  }

  static let birds = Notebook(name: "Birds")
  static let library = NoteLibrary(
    notebooks: [birds],
    notes: [
      Note(
        title: "Heron", body: "Grey.", createdAt: Date(timeIntervalSince1970: 0),
        notebookID: birds.id),
      Note(
        title: "Wren", body: "Loud.", createdAt: Date(timeIntervalSince1970: 60),
        notebookID: birds.id),
    ])

  static func text(_ folder: FixtureFolder, _ relative: String) -> String? {
    try? String(contentsOfFile: folder.path + "/" + relative, encoding: .utf8)
  }

  static func copy(_ folder: FixtureFolder, _ from: String, to: String, adding: String) throws {
    let text = try #require(Self.text(folder, from))
    try folder.write(Data((text + adding).utf8), at: to)
  }

  /// A copy of an exported note, with the same `id:` in it and text of the user's added, is
  /// the user's: exporting again leaves it as it is.
  @Test func aCopyOfAnExportedFileSurvivesTheNextExport() throws {
    let folder = try FixtureFolder()
    try write(Self.library, to: folder.path)
    try Self.copy(folder, "Birds/Heron.md", to: "Birds/Heron - annotated.md", adding: "Mine.\n")

    try write(Self.library, to: folder.path)

    #expect(Self.text(folder, "Birds/Heron - annotated.md")?.hasSuffix("Grey.Mine.\n") == true)
    #expect(Self.text(folder, "Birds/Heron.md") != nil)
  }

  /// A copy of a whole notebook's folder is the user's too.
  @Test func aCopiedNotebookFolderSurvivesTheNextExport() throws {
    let folder = try FixtureFolder()
    try write(Self.library, to: folder.path)
    for name in ["Heron.md", "Wren.md", ".notebook.md"] {
      try Self.copy(folder, "Birds/\(name)", to: "Birds copy/\(name)", adding: "")
    }

    var retitled = Self.library
    retitled.notes[0].title = "Grey heron"
    try write(retitled, to: folder.path)

    for name in ["Heron.md", "Wren.md", ".notebook.md"] {
      #expect(Self.text(folder, "Birds copy/\(name)") != nil, "\(name)")
    }
    #expect(Self.text(folder, "Birds/Heron.md") == nil, "FieldNotes' own old file goes")
    #expect(Self.text(folder, "Birds/Grey heron.md") != nil)
  }

  /// A file edited in place since the export is the user's: exporting again leaves it as the
  /// user left it, names it, and writes the note beside it — the same name each time after.
  @Test func aFileEditedSinceTheExportIsNeverWrittenOver() throws {
    let folder = try FixtureFolder()
    try write(Self.library, to: folder.path)
    let edited = try #require(Self.text(folder, "Birds/Wren.md")) + "Seen at the weir.\n"
    try folder.write(Data(edited.utf8), at: "Birds/Wren.md")
    var changed = Self.library
    changed.notes[0].body = "Grey, changed in FieldNotes."
    changed.notes[1].body = "Loud, changed in FieldNotes."

    let export = try self.write(changed, to: folder.path)

    #expect(export.leftAsTheyAre == ["Birds/Wren.md"])
    #expect(Self.text(folder, "Birds/Wren.md") == edited)
    #expect(
      Self.text(folder, "Birds/Wren (2).md")?.hasSuffix("Loud, changed in FieldNotes.") == true)
    #expect(Self.text(folder, "Birds/Heron.md")?.hasSuffix("Grey, changed in FieldNotes.") == true)

    changed.notes[1].body = "Loud, changed again."
    let again = try self.write(changed, to: folder.path)

    #expect(again.leftAsTheyAre == ["Birds/Wren.md"])
    #expect(Self.text(folder, "Birds/Wren.md") == edited)
    #expect(Self.text(folder, "Birds/Wren (2).md")?.hasSuffix("Loud, changed again.") == true)
    #expect(Self.text(folder, "Birds/Wren (3).md") == nil, "its own file again, not a new one")
  }

  /// Once the user moves their file away, the note's file takes its own name again and the
  /// one written beside goes, being FieldNotes' own.
  @Test func aNoteGetsItsNameBackOnceTheUsersFileIsMoved() throws {
    let folder = try FixtureFolder()
    try write(Self.library, to: folder.path)
    try folder.write(Data("Mine.\n".utf8), at: "Birds/Wren.md")
    try write(Self.library, to: folder.path)
    try FileManager.default.moveItem(
      atPath: folder.path + "/Birds/Wren.md", toPath: folder.path + "/mine.txt")

    let export = try self.write(Self.library, to: folder.path)

    #expect(export.leftAsTheyAre.isEmpty)
    #expect(Self.text(folder, "Birds/Wren.md")?.hasSuffix("Loud.") == true)
    #expect(Self.text(folder, "Birds/Wren (2).md") == nil)
    #expect(Self.text(folder, "mine.txt") == "Mine.\n")
  }

  /// A note deleted since the last export keeps its file, and a new note of its title is
  /// written beside it rather than over it.
  @Test func theFileOfANoteDeletedSinceIsNotANewNotesToTake() throws {
    let folder = try FixtureFolder()
    try write(Self.library, to: folder.path)
    let old = try #require(Self.text(folder, "Birds/Wren.md"))
    var replaced = Self.library
    replaced.notes[1] = Note(
      title: "Wren", body: "Another wren.", createdAt: Date(timeIntervalSince1970: 120),
      notebookID: Self.birds.id)

    let export = try self.write(replaced, to: folder.path)

    #expect(export.leftAsTheyAre == ["Birds/Wren.md"])
    #expect(Self.text(folder, "Birds/Wren.md") == old)
    #expect(Self.text(folder, "Birds/Wren (2).md")?.hasSuffix("Another wren.") == true)
  }

  /// Two libraries exported into one folder each keep their files: neither writes over the
  /// other's, and each takes its own back on its next export.
  @Test func twoLibrariesInOneFolderLeaveEachOthersFiles() throws {
    let folder = try FixtureFolder()
    let other = NoteLibrary(notes: [
      Note(
        title: "Heron", body: "From the other library.", createdAt: Date(timeIntervalSince1970: 0))
    ])
    let mine = NoteLibrary(notes: [
      Note(title: "Heron", body: "From mine.", createdAt: Date(timeIntervalSince1970: 0))
    ])
    try write(other, to: folder.path)
    let first = try self.write(mine, to: folder.path)
    let second = try self.write(other, to: folder.path)
    let third = try self.write(mine, to: folder.path)

    #expect(first.leftAsTheyAre == ["Heron.md"])
    #expect(second.leftAsTheyAre.isEmpty)
    #expect(third.leftAsTheyAre == ["Heron.md"])
    #expect(Self.text(folder, "Heron.md")?.hasSuffix("From the other library.") == true)
    #expect(Self.text(folder, "Heron (2).md")?.hasSuffix("From mine.") == true)
    #expect(Self.text(folder, "Heron (3).md") == nil)
  }

  /// Exported into the folder its notes came from, a notebook goes into the user's folder of
  /// its name, not `Birds (2)`: a file there holding what the export writes is taken over, the
  /// user's other files are left as they are, and a note whose file differs goes beside it.
  @Test func aNotebookGoesIntoTheUsersFolderOfItsName() throws {
    let folder = try FixtureFolder()
    let first = try FixtureFolder()
    try write(Self.library, to: first.path)
    try folder.write(
      Data(try #require(Self.text(first, "Birds/Heron.md")).utf8), at: "Birds/Heron.md")
    try folder.write(Data("my wren\n".utf8), at: "Birds/Wren.md")
    try folder.write(Data("mine\n".utf8), at: "Birds/Mine.md")

    let export = try self.write(Self.library, to: folder.path)

    #expect(export.leftAsTheyAre == ["Birds/Wren.md"])
    #expect(!FileManager.default.fileExists(atPath: folder.path + "/Birds (2)"))
    #expect(Self.text(folder, "Birds/Heron.md") == Self.text(first, "Birds/Heron.md"))
    #expect(Self.text(folder, "Birds/Wren.md") == "my wren\n")
    #expect(Self.text(folder, "Birds/Wren (2).md")?.hasSuffix("Loud.") == true)
    #expect(Self.text(folder, "Birds/Mine.md") == "mine\n")

    // A `.notebook.md` there that isn't FieldNotes' own makes the folder another's.
    try folder.write(Data("my notes on birds\n".utf8), at: "Birds/.notebook.md")
    let again = try self.write(Self.library, to: folder.path)
    #expect(again.leftAsTheyAre.contains("Birds"))
    #expect(Self.text(folder, "Birds/.notebook.md") == "my notes on birds\n")
    #expect(Self.text(folder, "Birds (2)/Heron.md") != nil)
  }

  /// A notebook nested in a folder of the user's goes into it, leaving the user's files there
  /// as they are; exporting again writes the same paths, and a note moved out leaves no empty
  /// folders of the export's behind.
  @Test func aNestedNotebookGoesIntoTheUsersFolderAndLeavesNoEmptyFolders() throws {
    let folder = try FixtureFolder()
    try folder.write(Data("mine\n".utf8), at: "Areas/Mine.md")
    let health = Notebook(name: "Areas/Health/Sleep")
    var library = NoteLibrary(
      notebooks: [health],
      notes: [Note(title: "Nap", body: "Short.", createdAt: .init(), notebookID: health.id)])

    let first = try self.write(library, to: folder.path)
    let again = try self.write(library, to: folder.path)

    #expect(first.leftAsTheyAre == [] && again.leftAsTheyAre == [])
    #expect(Self.text(folder, "Areas/Health/Sleep/Nap.md")?.hasSuffix("Short.") == true)
    #expect(Self.text(folder, "Areas/Mine.md") == "mine\n")
    library.notebooks = []
    library.notes[0].notebookID = nil
    try write(library, to: folder.path)
    #expect(Self.text(folder, "Nap.md") != nil)
    #expect(!FileManager.default.fileExists(atPath: folder.path + "/Areas/Health/Sleep/Nap.md"))
    #expect(Self.text(folder, "Areas/Mine.md") == "mine\n")
  }

  /// A notebook's folder replaced by a link to a folder elsewhere: the export goes around the
  /// link, names it, and removes nothing through it — not even FieldNotes' own old files.
  @Test func aLinkedNotebookFolderIsGoneAroundAndNothingIsRemovedThroughIt() throws {
    let folder = try FixtureFolder()
    let export = folder.path + "/export"
    try write(Self.library, to: export)
    try FileManager.default.moveItem(atPath: export + "/Birds", toPath: folder.path + "/Birds")
    try FileManager.default.createSymbolicLink(
      atPath: export + "/Birds", withDestinationPath: folder.path + "/Birds")

    let again = try self.write(Self.library, to: export)

    #expect(again.leftAsTheyAre == ["Birds"])
    for name in [".notebook.md", "Heron.md", "Wren.md"] {
      #expect(Self.text(folder, "Birds/\(name)") != nil, "\(name) outside the export stays")
      #expect(Self.text(folder, "export/Birds (2)/\(name)") != nil)
    }
  }

  /// Whatever is in a note's or notebook's way — a folder at a note's name, a file at a
  /// notebook's, a name that differs only in case, a file the export went to before and the
  /// user edited since — is left as it is and named.
  @Test func everyKindOfObstacleIsGoneAroundAndNamed() throws {
    let folder = try FixtureFolder()
    try write(Self.library, to: folder.path)
    let robin = Note(title: "Robin", createdAt: Date(timeIntervalSince1970: 120))
    var library = Self.library
    library.notes.append(robin)
    try FileManager.default.createDirectory(
      atPath: folder.path + "/Robin.md", withIntermediateDirectories: true)
    try folder.write(Data("a file, not a folder\n".utf8), at: "Moths")
    library.notebooks.append(Notebook(name: "Moths"))
    try FileManager.default.removeItem(atPath: folder.path + "/Birds/Wren.md")
    try folder.write(Data("my wren\n".utf8), at: "Birds/wren.md")

    let first = try self.write(library, to: folder.path)

    #expect(first.leftAsTheyAre == ["Birds/wren.md", "Moths", "Robin.md"])
    #expect(Self.text(folder, "Robin (2).md") != nil)
    #expect(Self.text(folder, "Moths (2)/.notebook.md") != nil)
    #expect(Self.text(folder, "Birds/wren.md") == "my wren\n")
    #expect(Self.text(folder, "Birds/Wren (2).md")?.hasSuffix("Loud.") == true)

    try folder.write(Data("edited\n".utf8), at: "Birds/Wren (2).md")
    let second = try self.write(library, to: folder.path)

    #expect(second.leftAsTheyAre == ["Birds/Wren (2).md", "Birds/wren.md", "Moths", "Robin.md"])
    #expect(Self.text(folder, "Birds/Wren (2).md") == "edited\n")
    #expect(Self.text(folder, "Birds/Wren (3).md")?.hasSuffix("Loud.") == true)
  }

  /// A note retitled only in case gets its new file, and the old one goes — unless, as on a
  /// disk that ignores case, the two names are one file, which then stays.
  @Test func aNoteRetitledOnlyInCaseKeepsItsFile() throws {
    let folder = try FixtureFolder()
    try write(Self.library, to: folder.path)
    var retitled = Self.library
    retitled.notes[0].title = "heron"

    try write(retitled, to: folder.path)

    #expect(Self.text(folder, "Birds/heron.md")?.hasSuffix("Grey.") == true)
    #expect(Self.text(folder, "Birds/Heron.md") == nil)
  }

  /// A record in the folder itself (as an earlier FieldNotes kept there, or as anyone can
  /// write one, naming the user's files with their own bytes' digests) proves nothing: every
  /// file it names stays, and the note goes beside.
  @Test func aRecordInTheFolderProvesNothing() throws {
    let folder = try FixtureFolder([
      "Birds/Heron.md": "My own heron.\n", "Birds/diary.md": "Dear diary.\n",
      "secret.txt": "secret\n",
    ])
    let heron = Self.library.notes[0].id
    let entries = ["Birds/Heron.md", "Birds/diary.md", "secret.txt"].map { path in
      let digest = ExportRecord.digest(of: Data((Self.text(folder, path) ?? "").utf8))
      return "{\"path\": \"\(path)\", \"id\": \"\(heron.uuidString)\", \"digest\": \"\(digest)\"}"
    }
    let forged =
      "{\"format\": \"fieldnotes-export-record\", \"files\": [\(entries.joined(separator: ", "))]}"
    try folder.write(Data(forged.utf8), at: ".fieldnotes-export.json")

    let export = try self.write(Self.library, to: folder.path)

    #expect(Self.text(folder, "Birds/Heron.md") == "My own heron.\n")
    #expect(Self.text(folder, "Birds/diary.md") == "Dear diary.\n")
    #expect(Self.text(folder, "secret.txt") == "secret\n")
    #expect(Self.text(folder, ".fieldnotes-export.json") == forged, "the user's file, left")
    #expect(export.leftAsTheyAre == ["Birds/Heron.md"])
    #expect(Self.text(folder, "Birds/Heron (2).md")?.hasSuffix("Grey.") == true)
  }

  /// With no record, a file holding what this export writes for any of its notes is no
  /// obstacle, wherever it is: two notes of one title, the first's file edited, export again.
  @Test func withNoRecordAFileOfAnyNoteWrittenNowIsNoObstacle() throws {
    let folder = try FixtureFolder()
    let library = NoteLibrary(notes: [
      Note(title: "Wren", body: "First.", createdAt: Date(timeIntervalSince1970: 0)),
      Note(title: "Wren", body: "Second.", createdAt: Date(timeIntervalSince1970: 60)),
    ])
    try write(library, to: folder.path)
    try forgetRecords()
    let edited = try #require(Self.text(folder, "Wren.md")) + "EDIT\n"
    try folder.write(Data(edited.utf8), at: "Wren.md")

    let export = try self.write(library, to: folder.path)

    #expect(export.leftAsTheyAre == ["Wren.md"])
    #expect(Self.text(folder, "Wren.md") == edited)
    #expect(Self.text(folder, "Wren (2).md")?.hasSuffix("First.") == true)
    #expect(Self.text(folder, "Wren (3).md")?.hasSuffix("Second.") == true)
  }

  /// The old file of a note retitled since goes only while it is as FieldNotes wrote it.
  @Test func theOldFileOfARetitledNoteStaysOnceTheUserEditedIt() throws {
    let folder = try FixtureFolder()
    try write(Self.library, to: folder.path)
    let edited = try #require(Self.text(folder, "Birds/Heron.md")) + "\nMy note.\n"
    try folder.write(Data(edited.utf8), at: "Birds/Heron.md")
    var retitled = Self.library
    retitled.notes[0].title = "Grey heron"

    try write(retitled, to: folder.path)

    #expect(Self.text(folder, "Birds/Heron.md") == edited)
    #expect(Self.text(folder, "Birds/Grey heron.md") != nil)
  }

  /// A file already holding exactly what the export writes is no one's loss: the export goes
  /// on (an export into a folder made by a FieldNotes before the record, unchanged since).
  @Test func aFileHoldingExactlyWhatTheExportWritesIsNoObstacle() throws {
    let folder = try FixtureFolder()
    try write(Self.library, to: folder.path)
    try forgetRecords()

    try write(Self.library, to: folder.path)

    #expect(Self.text(folder, "Birds/Heron.md")?.hasSuffix("Grey.") == true)
    let files = FileManager.default.enumerator(atPath: folder.path)?.allObjects as? [String]
    #expect(
      files?.sorted()
        == ["Birds", "Birds/.notebook.md", "Birds/Heron.md", "Birds/Wren.md"])
  }
}

/// An export to one file replaces it only while it holds what an earlier export wrote there.
@Suite struct ExportFileOwnershipTests {
  @Test func aFileOfTheUsersIsNeverWrittenOverByAnExport() throws {
    let folder = try FixtureFolder(["notes.md": "# My own notes\n"])
    let record = folder.path + "/state/exports.json"
    #expect {
      try ExportFileWriter.write(
        Data("export".utf8), to: folder.path + "/notes.md", sparing: [], record: record)
    } throws: { error in
      (error as? AtomicFile.Failure)?.reason.contains("is not a file FieldNotes exported") == true
    }
    #expect(
      try String(contentsOfFile: folder.path + "/notes.md", encoding: .utf8) == "# My own notes\n")
  }

  @Test func anExportReplacesItsOwnFileAndNotOneEditedSince() throws {
    let folder = try FixtureFolder()
    let record = folder.path + "/state/exports.json"
    let path = folder.path + "/backup.json"
    try ExportFileWriter.write(Data("first".utf8), to: path, sparing: [], record: record)
    try ExportFileWriter.write(Data("second".utf8), to: path, sparing: [], record: record)
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "second")

    try Data("second, edited by hand".utf8).write(to: URL(fileURLWithPath: path))
    #expect {
      try ExportFileWriter.write(Data("third".utf8), to: path, sparing: [], record: record)
    } throws: { error in
      (error as? AtomicFile.Failure)?.reason.contains("changed since FieldNotes exported it")
        == true
    }
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "second, edited by hand")
  }

  /// A record that can't be kept (a file where its folder goes) stops the export before the
  /// file is written, saying what is in the way: written without it, the file would be refused
  /// as the user's by the next export to it.
  @Test func aRecordThatCantBeKeptStopsTheExport() throws {
    let folder = try FixtureFolder(["state": "a file"])
    #expect {
      try ExportFileWriter.write(
        Data("export".utf8), to: folder.path + "/backup.json", sparing: [],
        record: folder.path + "/state/fieldnotes/exports.json")
    } throws: { error in
      (error as? AtomicFile.Failure)?.reason
        == "the record of what FieldNotes exports can't be kept there (\(folder.path)/state is "
        + "not a folder); nothing was exported"
    }
    #expect(!FileManager.default.fileExists(atPath: folder.path + "/backup.json"))
  }

  @Test func withNoRecordOnlyTheSameBytesAreReplaced() throws {
    let folder = try FixtureFolder(["notes.json": "same"])
    let path = folder.path + "/notes.json"
    try ExportFileWriter.write(Data("same".utf8), to: path, sparing: [], record: nil)
    #expect(throws: AtomicFile.Failure.self) {
      try ExportFileWriter.write(Data("other".utf8), to: path, sparing: [], record: nil)
    }
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "same")
  }
}

/// A record names only files an export writes in its folder.
@Suite struct ExportRecordPathTests {
  @Test func onlyPathsAnExportWritesAreTakenFromARecord() {
    for path in ["Heron.md", "Birds/Heron.md", "Birds/.notebook.md", "Areas/Health/Run.md"] {
      #expect(ExportRecord.isExportPath(path), "\(path)")
    }
    let tooDeep = Array(repeating: "a", count: 40).joined(separator: "/") + "/x.md"
    for path in ["../home/.bashrc", "/etc/passwd", tooDeep, "Birds/../x.md", "./x.md", ""] {
      #expect(!ExportRecord.isExportPath(path), "\(path)")
    }
  }

  /// A crafted record naming a file outside the folder, with that file's digest, removes
  /// nothing.
  @Test func aRecordNamingAFileOutsideTheFolderRemovesNothing() throws {
    let folder = try FixtureFolder(["outside.txt": "keep me\n"])
    let note = Note(title: "Heron", createdAt: Date(timeIntervalSince1970: 0))
    let export = folder.path + "/out"
    let records = try FixtureFolder()
    try MarkdownFolderWriter.write(NoteLibrary(notes: [note]), to: export, records: records.path)
    let forged = """
      {"format": "fieldnotes-export-record", "files": [{"path": "../outside.txt",
       "id": "\(note.id.uuidString)", "digest": "\(ExportRecord.digest(of: Data("keep me\n".utf8)))"}]}
      """
    try Data(forged.utf8).write(
      to: URL(fileURLWithPath: ExportRecord.path(forFolder: export, in: records.path)))

    try MarkdownFolderWriter.write(NoteLibrary(notes: [note]), to: export, records: records.path)

    #expect(
      try String(contentsOfFile: folder.path + "/outside.txt", encoding: .utf8) == "keep me\n")
  }
}
