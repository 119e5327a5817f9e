import FieldNotesFormats
import FieldNotesModel
import Foundation
import Testing

/// The names an export folder gives its files.
@Suite struct MarkdownFolderLayoutTests {
  @Test(arguments: [
    ("Heron at the lake", "Heron at the lake"), ("a/b\\c:d", "a-b-c-d"), ("...hidden", "hidden"),
    ("trailing. ", "trailing"), ("CON", "_CON"), ("nul.txt", "_nul.txt"), ("", "Untitled"),
    ("   ", "Untitled"), ("two\nlines", "two lines"), ("bell\u{7}", "bell-"),
  ])
  func namesAreReadableAndSafe(title: String, expected: String) {
    #expect(MarkdownFolderLayout.name(for: title, fallback: "Untitled") == expected)
  }

  @Test func aLongTitleIsCutToTheLimitOnACharacter() {
    let name = MarkdownFolderLayout.name(for: String(repeating: "é", count: 300), fallback: "x")
    #expect(name.utf8.count <= MarkdownFolderLayout.maximumNameBytes)
    #expect(name.allSatisfy { $0 == "é" })
  }

  @Test func namesAreUniqueIgnoringCaseAndNotebooksAreFolders() {
    let birds = Notebook(name: "Birds")
    let day = Date(timeIntervalSince1970: 1_000_000)
    let notes = ["Heron", "heron", "HERON", "Wren"].enumerated().map { offset, title in
      Note(
        title: title, createdAt: day.addingTimeInterval(Double(offset)),
        notebookID: offset < 3 ? birds.id : nil)
    }
    let files = MarkdownFolderLayout.files(of: NoteLibrary(notebooks: [birds], notes: notes))
    #expect(
      files.map(\.path) == [
        "Birds/.notebook.md", "Birds/Heron.md", "Birds/heron (2).md", "Birds/HERON (3).md",
        "Wren.md",
      ])
    #expect(Set(files.map { $0.path.lowercased() }).count == files.count)
  }

  /// A notebook named with `/` is a folder in a folder, as a vault nests them, and a part no
  /// disk allows as a folder's name is made safe on its own.
  @Test func aNotebookNamedWithSlashesIsNestedFolders() {
    let health = Notebook(name: "Areas/Health")
    let areas = Notebook(name: "areas")
    let odd = Notebook(name: "../Daily//2026:10/")
    let day = Date(timeIntervalSince1970: 1_000_000)
    let notes = [
      Note(title: "Run", createdAt: day, notebookID: health.id),
      Note(title: "Plan", createdAt: day.addingTimeInterval(1), notebookID: areas.id),
      Note(title: "Walk", createdAt: day.addingTimeInterval(2), notebookID: odd.id),
    ]
    let files = MarkdownFolderLayout.files(
      of: NoteLibrary(notebooks: [health, areas, odd], notes: notes))
    #expect(
      files.map(\.path) == [
        "Areas/Health/.notebook.md", "Areas/.notebook.md",
        "Untitled folder/Daily/2026-10/"
          + ".notebook.md", "Areas/Health/Run.md", "Areas/Plan.md",
        "Untitled folder/Daily/2026-10/Walk.md",
      ])
  }

  /// A note keeps the name it was imported under while its title is the one it had then; two
  /// notes wanting one name are both written, the later with " (2)"; a note retitled since, or
  /// whose name no export could give, is named from its title.
  @Test func aNoteKeepsTheNameItWasImportedUnderWhileItsTitleDoes() {
    let day = Date(timeIntervalSince1970: 1_000_000)
    let notes = [
      ("Custom title 2: with colon", "10 note 2.md", "Custom title 2: with colon"),
      ("Other", "10 note 2.md", "Other"), ("New title", "old.txt", "Old title"),
      ("Plain", "a:b.md", "Plain"), ("Text", "Text file.TXT", "Text"),
    ].enumerated().map { offset, names in
      Note(
        title: names.0, createdAt: day.addingTimeInterval(Double(offset)),
        importedFile: ImportedFile(name: names.1, title: names.2))
    }
    let files = MarkdownFolderLayout.files(of: NoteLibrary(notes: notes))
    #expect(
      files.map(\.path) == [
        "10 note 2.md", "10 note 2 (2).md", "New title.md", "Plain.md", "Text file.TXT",
      ])
    #expect(files.allSatisfy { $0.modified == nil }, "none given back as it was: no text kept")
  }
}
