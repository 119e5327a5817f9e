import FieldNotesServices
import FieldNotesServicesLive
import Foundation
import Testing

/// An attachment saved out goes to a new file, whole: never over a file there, never into a
/// folder made without saying so.
@Suite struct AtomicNewFileWriterTests {
  @Test func aNewFileIsWrittenWhole() throws {
    let folder = try FixtureFolder()
    try AtomicNewFileWriter().create(Data("%PDF".utf8), at: folder.path + "/report.pdf")
    #expect(FileManager.default.contents(atPath: folder.path + "/report.pdf") == Data("%PDF".utf8))
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["report.pdf"])
  }

  @Test func aFileThereIsLeftAsItIs() throws {
    let folder = try FixtureFolder(["mine.pdf": "my own"])
    #expect(
      throws: NewFileError(
        path: folder.path + "/mine.pdf", reason: "is there already, and is left as it is")
    ) { try AtomicNewFileWriter().create(Data("%PDF".utf8), at: folder.path + "/mine.pdf") }
    #expect(FileManager.default.contents(atPath: folder.path + "/mine.pdf") == Data("my own".utf8))
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["mine.pdf"])
  }

  @Test func aMissingFolderIsNotMade() throws {
    let folder = try FixtureFolder()
    let path = folder.path + "/new/report.pdf"
    #expect(
      throws: NewFileError(
        path: path, reason: "is in a folder that doesn't exist (\(folder.path)/new); make it first")
    ) { try AtomicNewFileWriter().create(Data("%PDF".utf8), at: path) }
    #expect(!FileManager.default.fileExists(atPath: folder.path + "/new"))
  }
}
