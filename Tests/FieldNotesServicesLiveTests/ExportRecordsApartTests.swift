import FieldNotesFormats
import FieldNotesModel
import Foundation
import Testing

@testable import FieldNotesServicesLive

/// An export keeps its record in FieldNotes' own folder (the state folder's `folder-exports`):
/// it leaves nothing of its own in the exported folder, and finds the record again by the
/// folder's path however it is written.
@Suite struct ExportRecordsApartTests {
  static let library = ExportOwnershipTests.library

  static func retitled(_ library: NoteLibrary) -> NoteLibrary {
    var retitled = library
    retitled.notes[0].title = "Grey heron"
    return retitled
  }

  /// A notebook nested in a folder named as another notebook but for its case (`areas/Birds`,
  /// then `Areas`), a note in each.
  static func caseTwins() -> (library: NoteLibrary, nested: Notebook, top: Notebook) {
    let nested = Notebook(name: "areas/Birds")
    let top = Notebook(name: "Areas")
    let library = NoteLibrary(
      notebooks: [nested, top],
      notes: [
        Note(title: "H", createdAt: Date(timeIntervalSince1970: 0), notebookID: nested.id),
        Note(title: "X", createdAt: Date(timeIntervalSince1970: 60), notebookID: top.id),
      ])
    return (library, nested, top)
  }

  /// Every file in a folder, hidden ones included.
  static func tree(_ folder: FixtureFolder) throws -> Set<String> {
    Set(try FileManager.default.subpathsOfDirectory(atPath: folder.path))
  }

  @Test func theFolderHoldsOnlyTheNotesAndARetitledNotesOldFileGoes() throws {
    let (folder, records) = (try FixtureFolder(), try FixtureFolder())
    try MarkdownFolderWriter.write(Self.library, to: folder.path, records: records.path)
    #expect(
      try Self.tree(folder) == ["Birds", "Birds/.notebook.md", "Birds/Heron.md", "Birds/Wren.md"])
    #expect(try Self.tree(records).count == 1, "one record for the folder")

    try MarkdownFolderWriter.write(
      Self.retitled(Self.library), to: folder.path, records: records.path)

    #expect(
      try Self.tree(folder) == [
        "Birds", "Birds/.notebook.md", "Birds/Grey heron.md", "Birds/Wren.md",
      ])
  }

  /// The record is found by the folder's resolved path: written with a trailing `/`, through
  /// `..` (of a folder there or not yet made), it is one folder.
  @Test func everySpellingOfTheFolderFindsItsRecord() throws {
    let (parent, records) = (try FixtureFolder(), try FixtureFolder())
    try MarkdownFolderWriter.write(Self.library, to: parent.path + "/out/", records: records.path)
    try FileManager.default.createDirectory(
      atPath: parent.path + "/other", withIntermediateDirectories: true)
    try MarkdownFolderWriter.write(
      Self.retitled(Self.library), to: parent.path + "/other/../out", records: records.path)
    #expect(ExportOwnershipTests.text(parent, "out/Birds/Heron.md") == nil)
    #expect(ExportOwnershipTests.text(parent, "out/Birds/Grey heron.md") != nil)
    // A folder the path goes through and back out of, and that wasn't there, isn't made.
    try MarkdownFolderWriter.write(
      Self.library, to: parent.path + "/nope/../out/", records: records.path)
    #expect(!FileManager.default.fileExists(atPath: parent.path + "/nope"))
  }

  /// A file edited since is the user's.
  @Test func aFileEditedSinceIsLeftAndTheNoteWrittenBeside() throws {
    let (folder, records) = (try FixtureFolder(), try FixtureFolder())
    try MarkdownFolderWriter.write(Self.library, to: folder.path, records: records.path)
    let edited = try #require(ExportOwnershipTests.text(folder, "Birds/Heron.md")) + "Mine.\n"
    try folder.write(Data(edited.utf8), at: "Birds/Heron.md")

    let export = try MarkdownFolderWriter.write(
      Self.retitled(Self.library), to: folder.path, records: records.path)

    #expect(ExportOwnershipTests.text(folder, "Birds/Heron.md") == edited)
    #expect(ExportOwnershipTests.text(folder, "Birds/Grey heron.md") != nil)
    #expect(export.leftAsTheyAre.isEmpty, "nothing was in the new file's way")
  }

  /// A folder moved elsewhere has no record there: its files are the user's, and a retitled
  /// note's old file stays.
  @Test func aMovedFolderHasNoRecordAndItsFilesAreTheUsers() throws {
    let (parent, records) = (try FixtureFolder(), try FixtureFolder())
    try MarkdownFolderWriter.write(Self.library, to: parent.path + "/out", records: records.path)
    try FileManager.default.moveItem(atPath: parent.path + "/out", toPath: parent.path + "/moved")

    try MarkdownFolderWriter.write(
      Self.retitled(Self.library), to: parent.path + "/moved", records: records.path)

    #expect(ExportOwnershipTests.text(parent, "moved/Birds/Heron.md") != nil)
    #expect(ExportOwnershipTests.text(parent, "moved/Birds/Grey heron.md") != nil)
  }

  /// A notebook and one nested in it (`Areas`, `Areas/Birds`), in either order, exported
  /// twice into one folder, or into the vault they were imported from: each keeps its folder,
  /// and no note is written twice.
  @Test func aNotebookAndOneNestedInItKeepTheirFoldersExportAfterExport() throws {
    let vault = try FixtureFolder([
      "Areas/Birds/Heron.md": "# Heron\n\nGrey.\n", "Areas/x.md": "# x\n\nWhy.\n",
    ])
    let library = try MarkdownFolderReader.read(vault.path).library
    for notebooks in [library.notebooks, library.notebooks.reversed()] {
      var ordered = library
      ordered.notebooks = notebooks
      let (folder, records) = (try FixtureFolder(), try FixtureFolder())
      for _ in 0..<2 {
        let export = try MarkdownFolderWriter.write(ordered, to: folder.path, records: records.path)
        #expect(export.leftAsTheyAre.isEmpty, "\(notebooks.map(\.name))")
        #expect(
          try Self.tree(folder) == ["Areas", "Areas/Birds", "Areas/Birds/Heron.md", "Areas/x.md"],
          "\(notebooks.map(\.name))")
      }
      let intoTheVault = try MarkdownFolderWriter.write(ordered, to: vault.path)
      #expect(intoTheVault.leftAsTheyAre.isEmpty)
      #expect(
        try Self.tree(vault) == ["Areas", "Areas/Birds", "Areas/Birds/Heron.md", "Areas/x.md"])
    }
  }

  /// A notebook named as a folder above another's but for its case (`areas/Birds`, then
  /// `Areas`): the first export's layout is every later export's.
  @Test func notebooksWhoseFoldersDifferOnlyInCaseKeepOneLayout() throws {
    let (library, _, _) = Self.caseTwins()
    let (folder, records) = (try FixtureFolder(), try FixtureFolder())
    try MarkdownFolderWriter.write(library, to: folder.path, records: records.path)
    let first = try Self.tree(folder)
    #expect(first.contains("areas/Birds/H.md"))
    for _ in 0..<3 {
      let export = try MarkdownFolderWriter.write(library, to: folder.path, records: records.path)
      #expect(try Self.tree(folder) == first)
      #expect(export.leftAsTheyAre.isEmpty)
    }
  }

  /// A record that can't be kept (the records' folder is a file) stops the export before
  /// anything is written: no folder is made, and the message says so.
  @Test func aRecordThatCantBeKeptStopsTheExportBeforeItBegins() throws {
    let parent = try FixtureFolder(["state": "a file where the records' folder would be"])
    #expect {
      try MarkdownFolderWriter.write(
        Self.library, to: parent.path + "/out", records: parent.path + "/state/folder-exports")
    } throws: { error in
      (error as? AtomicFile.Failure)?.reason
        == "the record of what FieldNotes exports can't be kept there (\(parent.path)/state is "
        + "not a folder); nothing was exported"
    }
    #expect(!FileManager.default.fileExists(atPath: parent.path + "/out"))
  }

  /// A notebook whose name differs only in case from a folder the export enters (`AREAS`
  /// made beside the `areas` that `areas/Birds` is in) gets a folder of another name, never one
  /// a Mac's disk would take for the same, and keeps it export after export.
  @Test func aNewNotebookNeverTakesANameDifferingOnlyInCaseFromAFolderThere() throws {
    var (library, nested, top) = Self.caseTwins()
    let (folder, records) = (try FixtureFolder(), try FixtureFolder())
    try MarkdownFolderWriter.write(library, to: folder.path, records: records.path)
    top.name = "X"
    library.notebooks = [nested, top, Notebook(name: "AREAS")]
    try MarkdownFolderWriter.write(library, to: folder.path, records: records.path)
    let second = try Self.tree(folder)
    let topFolders = second.filter { !$0.contains("/") }
    #expect(
      Set(topFolders.map(MarkdownFolderLayout.collisionKey)).count == topFolders.count,
      "\(topFolders)")
    for _ in 0..<2 {
      try MarkdownFolderWriter.write(library, to: folder.path, records: records.path)
      #expect(try Self.tree(folder) == second)
    }
  }

  /// A copy of a notebook's folder (the user's `cp -r Areas AREAS`) holds the bytes the export
  /// writes, but the folder the record says FieldNotes wrote stays the notebook's, and the copy
  /// is left as the user made it.
  @Test func aCopyOfANotebooksFolderIsNotTakenForIt() throws {
    let (folder, records) = (try FixtureFolder(), try FixtureFolder())
    let library = ExportOwnershipTests.library
    try MarkdownFolderWriter.write(library, to: folder.path, records: records.path)
    for copy in ["BIRDS", "Birds copy", "aBirds"] {
      try FileManager.default.copyItem(
        atPath: folder.path + "/Birds", toPath: folder.path + "/" + copy)
    }
    let before = try Self.tree(folder)

    try MarkdownFolderWriter.write(library, to: folder.path, records: records.path)

    #expect(try Self.tree(folder) == before)
    #expect(ExportOwnershipTests.text(folder, "Birds/Heron.md")?.hasSuffix("Grey.") == true)
  }

  /// A copy in another case of the folder of a notebook no `.notebook.md` names (one an
  /// import read from a folder): the folder of the notebook's exact name stays its own.
  @Test func aCopyInAnotherCaseOfAFolderNamingItsNotebookIsNotTakenForIt() throws {
    let vault = try FixtureFolder(["birds/Heron.md": "# Heron\n\nGrey.\n"])
    let library = try MarkdownFolderReader.read(vault.path).library
    let (folder, records) = (try FixtureFolder(), try FixtureFolder())
    try MarkdownFolderWriter.write(library, to: folder.path, records: records.path)
    try FileManager.default.copyItem(
      atPath: folder.path + "/birds", toPath: folder.path + "/Birds")
    let before = try Self.tree(folder)
    #expect(before == ["birds", "birds/Heron.md", "Birds", "Birds/Heron.md"])

    let export = try MarkdownFolderWriter.write(library, to: folder.path, records: records.path)

    #expect(try Self.tree(folder) == before)
    #expect(export.leftAsTheyAre.isEmpty)
  }
}
