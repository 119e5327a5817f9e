import FieldNotesPlatform
import Foundation
import Testing

/// Paths taken apart as `dirname` and `basename` do, for every shape a user can type, the
/// one-character names Foundation crashes on among them.
@Suite struct FilePathsTests {
  @Test(arguments: [
    ("z", ".", "z"), ("-", ".", "-"), ("ab", ".", "ab"), ("/z", "/", "z"), ("./z", ".", "z"),
    ("x/notes.sqlite", "x", "notes.sqlite"), ("a/b/", "a", "b"), ("a//b", "a", "b"),
    ("/", "/", "/"), ("//", "/", "/"), ("", ".", ""), ("/a/b/c", "/a/b", "c"),
    ("~/é", "~", "é"), ("dir/.", "dir", "."),
  ])
  func aPathIsItsFolderAndItsName(path: String, folder: String, name: String) {
    #expect(FilePaths.folder(of: path) == folder, "\(path)")
    #expect(FilePaths.name(of: path) == name, "\(path)")
  }

  /// A path through folders not made yet reads its `..` and `.` as written (no link can be in
  /// what doesn't exist): one answer for every spelling, before the folders are made as after.
  @Test func aPathNotMadeYetIsResolvedAsItWillBe() throws {
    let folder = try TemporaryFolder()
    let made = folder.resolvedPath + "/real"
    #expect(FilePaths.resolved(folder.path + "/nope/../real") == made)
    #expect(FilePaths.resolved(folder.path + "/./a/b/../../real/.") == made)
    #expect(
      FilePaths.resolved(folder.path + "/nope/../..") == FilePaths.folder(of: folder.resolvedPath))
    try FileManager.default.createDirectory(atPath: made, withIntermediateDirectories: true)
    #expect(FilePaths.resolved(folder.path + "/real") == made)
  }
}
