import FieldNotesPlatform
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
}
