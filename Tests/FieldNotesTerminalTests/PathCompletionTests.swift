import FieldNotesTerminal
import Foundation
import Testing

/// File paths complete as a shell completes them: folders with a `/`, names with spaces
/// quoted, `~` for the home folder, hidden files only when asked for.
@Suite struct PathCompletionTests {
  let folder = NSTemporaryDirectory() + "fieldnotes-paths-" + UUID().uuidString

  func makeFiles() throws {
    let manager = FileManager.default
    try manager.createDirectory(
      atPath: folder + "/exports/old", withIntermediateDirectories: true)
    for name in ["notes.json", "notes two.json", ".hidden"] {
      #expect(manager.createFile(atPath: folder + "/exports/" + name, contents: Data()))
    }
  }

  @Test func foldersGetASlashAndNamesWithSpacesAreQuoted() throws {
    try makeFiles()
    defer { try? FileManager.default.removeItem(atPath: folder) }

    #expect(PathCompletion.candidates(for: folder + "/exp") == [folder + "/exports/"])
    #expect(
      PathCompletion.candidates(for: folder + "/exports/") == [
        "\"\(folder)/exports/notes two.json\"", folder + "/exports/notes.json",
        folder + "/exports/old/",
      ])
    #expect(PathCompletion.candidates(for: folder + "/exports/.") == [folder + "/exports/.hidden"])
    #expect(PathCompletion.candidates(for: folder + "/nowhere/x") == [])
  }

  @Test func aQuotedFolderGoesOnInsideItsQuotes() throws {
    try makeFiles()
    try FileManager.default.createDirectory(
      atPath: folder + "/my exports", withIntermediateDirectories: true)
    #expect(FileManager.default.createFile(atPath: folder + "/my exports/a.json", contents: Data()))
    defer { try? FileManager.default.removeItem(atPath: folder) }

    let quoted = "\"\(folder)/my exports/\""
    #expect(PathCompletion.candidates(for: folder + "/my ex") == [quoted])
    #expect(PathCompletion.candidates(for: quoted) == ["\"\(folder)/my exports/a.json\""])
    // A name typed straight after the closing quote is part of the same word.
    #expect(
      try CommandTokenizer.words(in: "export \(quoted)b.json")
        == ["export", folder + "/my exports/b.json"])
  }

  @Test func aTildeIsTheHomeFolderWhenCompletingAndWhenUsed() throws {
    try makeFiles()
    defer { try? FileManager.default.removeItem(atPath: folder) }

    #expect(PathCompletion.candidates(for: "~/exp", home: folder) == ["~/exports/"])
    #expect(
      PathCompletion.expandingTilde("~/exports/a.json", home: folder) == folder + "/exports/a.json")
    #expect(PathCompletion.expandingTilde("~", home: folder) == folder)
    #expect(PathCompletion.expandingTilde("a~/b", home: folder) == "a~/b")
    #expect(PathCompletion.expandingTilde("~other/b", home: folder) == "~other/b")
  }
}
