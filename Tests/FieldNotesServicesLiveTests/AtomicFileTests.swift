import Foundation
import Testing

@testable import FieldNotesServicesLive

/// A file written whole: replacing what is there when asked to, and otherwise never writing
/// over a file that appeared since the caller looked, leaving no temporary file either way.
@Suite struct AtomicFileTests {
  @Test func aFileNotToBeReplacedIsLeftAsItIsAndNoTemporaryFileStays() throws {
    let folder = try FixtureFolder(["new.md": "the other program's text\n"])
    #expect {
      try AtomicFile.write(
        Data("the note\n".utf8), to: folder.path + "/new.md", flushing: false, replacing: false)
    } throws: { error in
      (error as? AtomicFile.Failure)?.reason == "is there already, and is left as it is"
    }
    #expect(
      FileManager.default.contents(atPath: folder.path + "/new.md")
        == Data("the other program's text\n".utf8))
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["new.md"])
  }

  @Test func aNewFileIsWrittenAndAnOldOneReplacedWhenAskedTo() throws {
    let folder = try FixtureFolder(["old.md": "before\n"])
    try AtomicFile.write(Data("new\n".utf8), to: folder.path + "/new.md", replacing: false)
    try AtomicFile.write(Data("after\n".utf8), to: folder.path + "/old.md")
    #expect(FileManager.default.contents(atPath: folder.path + "/new.md") == Data("new\n".utf8))
    #expect(FileManager.default.contents(atPath: folder.path + "/old.md") == Data("after\n".utf8))
    #expect(
      Set(try FileManager.default.contentsOfDirectory(atPath: folder.path)) == ["new.md", "old.md"])
  }
}
