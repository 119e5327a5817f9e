import FieldNotesModel
import Foundation
import Testing

@testable import FieldNotesServicesLive

/// An export whose record is kept in FieldNotes' own folder (the state folder's
/// `folder-exports`) leaves nothing of its own in the exported folder, and proves its files by
/// that record just as by one kept in the folder.
@Suite struct ExportRecordsApartTests {
  static let library = ExportOwnershipTests.library

  static func retitled(_ library: NoteLibrary) -> NoteLibrary {
    var retitled = library
    retitled.notes[0].title = "Grey heron"
    return retitled
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
  /// `..`, or relative to another spelling, it is one folder.
  @Test func everySpellingOfTheFolderFindsItsRecord() throws {
    let (parent, records) = (try FixtureFolder(), try FixtureFolder())
    try MarkdownFolderWriter.write(Self.library, to: parent.path + "/out/", records: records.path)
    try FileManager.default.createDirectory(
      atPath: parent.path + "/other", withIntermediateDirectories: true)
    try MarkdownFolderWriter.write(
      Self.retitled(Self.library), to: parent.path + "/other/../out", records: records.path)
    #expect(ExportOwnershipTests.text(parent, "out/Birds/Heron.md") == nil)
    #expect(ExportOwnershipTests.text(parent, "out/Birds/Grey heron.md") != nil)
  }

  /// A file edited since is the user's, as with the record in the folder.
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

  /// A file of the user's at the in-folder record's name is just another file of theirs: left
  /// as it is, and no obstacle.
  @Test func aFileOfTheRecordsNameInTheFolderIsTheUsers() throws {
    let folder = try FixtureFolder([MarkdownFolderWriter.recordName: "{\"my\": \"own data\"}"])
    let records = try FixtureFolder()
    try MarkdownFolderWriter.write(Self.library, to: folder.path, records: records.path)
    #expect(
      ExportOwnershipTests.text(folder, MarkdownFolderWriter.recordName) == "{\"my\": \"own data\"}"
    )
    #expect(ExportOwnershipTests.text(folder, "Birds/Heron.md") != nil)
  }

  /// A folder exported before records were kept apart holds its record: it still proves the
  /// files it names, and is left as it is.
  @Test func aRecordAnEarlierExportLeftInTheFolderStillProvesItsFiles() throws {
    let (folder, records) = (try FixtureFolder(), try FixtureFolder())
    try MarkdownFolderWriter.write(Self.library, to: folder.path)
    let earlier = ExportOwnershipTests.text(folder, MarkdownFolderWriter.recordName)

    try MarkdownFolderWriter.write(
      Self.retitled(Self.library), to: folder.path, records: records.path)

    #expect(ExportOwnershipTests.text(folder, "Birds/Heron.md") == nil, "proven FieldNotes'")
    #expect(ExportOwnershipTests.text(folder, MarkdownFolderWriter.recordName) == earlier)
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
}
