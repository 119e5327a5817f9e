import FieldNotesFormats
import FieldNotesModel
import Foundation
import Testing

@testable import FieldNotesServicesLive

/// A vault in, the same vault out: importing another tool's folder and exporting it gives back
/// every unchanged note's file byte for byte, at the same path, and importing the export gives
/// back the same notes, field for field.
@Suite struct VaultRoundTripTests {
  /// A vault as a person and Obsidian leave one: nested folders, properties (a list over
  /// lines, quoted values), CRLF line breaks, links, files with and without front matter, and
  /// titles from `title:`, from a `# heading` and from the file's name.
  static let vault: [String: String] = [
    "Areas/Health/Run.md": """
    ---
    tags: [health, running]
    aliases:
      - jog
      - "morning run"
    status: "in progress"
    ---
    # Run

    Five kilometres. See [[10 note 2]] and [[Plan|the plan]].

    """,
    "Areas/Health/Sleep.md": "# Sleep well\n\nEight hours, [[Run#Pace]].\n",
    "10 note 2.md": """
    ---
    title: "Custom title 2: with colon"
    created: 2026-01-02T03:04:05Z
    source: 'https://example.com/a?b=c'
    ---
    Body of note two. #idea

    """,
    "Plan.md": "Just a plan, no front matter and no heading.\n",
    "Daily/2026-10/2026-10-01.md":
      "---\r\ntags: daily\r\nmood: calm\r\n---\r\n# October first\r\n\r\nWarm, [[Sleep well]].\r\n",
    "Inbox/Empty.md": "",
  ]

  /// The vault's files written into a folder, each dated at a whole second (as a disk keeps a
  /// file copied in).
  static func writeVault(into folder: FixtureFolder) throws {
    for (offset, (path, text)) in vault.sorted(by: { $0.key < $1.key }).enumerated() {
      try folder.write(Data(text.utf8), at: "vault/\(path)")
      try FileManager.default.setAttributes(
        [.modificationDate: Date(timeIntervalSince1970: 1_780_000_000 + Double(offset) * 60)],
        ofItemAtPath: "\(folder.path)/vault/\(path)")
    }
  }

  @Test func anImportedVaultExportsByteForByteAndImportsAgainFieldForField() throws {
    let folder = try FixtureFolder()
    try Self.writeVault(into: folder)
    let first = try MarkdownFolderReader.read(folder.path + "/vault")
    #expect(first.skipped == [])
    #expect(first.library.notes.count == Self.vault.count)

    try MarkdownFolderWriter.write(first.library, to: folder.path + "/out")

    for (path, text) in Self.vault {
      let written = try? Data(contentsOf: URL(fileURLWithPath: "\(folder.path)/out/\(path)"))
      #expect(written == Data(text.utf8), "\(path)")
    }
    let extra = try FileManager.default.subpathsOfDirectory(atPath: folder.path + "/out")
      .filter { !$0.hasSuffix(".md") || $0.hasSuffix(MarkdownFolderLayout.notebookFileName) }
      .filter { path in !Self.vault.keys.contains { $0.hasPrefix(path + "/") } }
    // A folder the import reads as its notebook needs no `.notebook.md` to say so, and the
    // export keeps its record elsewhere.
    #expect(extra.isEmpty)
    let again = try MarkdownFolderReader.read(folder.path + "/out")
    #expect(Set(again.library.notes) == Set(first.library.notes))
    #expect(Set(again.library.notebooks) == Set(first.library.notebooks))
  }

  /// A note changed since it was imported is written in FieldNotes' format, under the name
  /// it was imported under while its title is the same, losing nothing of what changed; a
  /// retitled note gets a name from its new title; the others are given back as they were.
  @Test func aChangedNoteIsWrittenWholeAndTheOthersAsTheyWere() throws {
    let folder = try FixtureFolder()
    try Self.writeVault(into: folder)
    var library = try MarkdownFolderReader.read(folder.path + "/vault").library
    let two = try #require(library.notes.firstIndex { $0.title == "Custom title 2: with colon" })
    library.notes[two].body += "Added in FieldNotes.\n"
    library.notes[two].updatedAt += 60
    let run = try #require(library.notes.firstIndex { $0.title == "Run" })
    library.notes[run].title = "Evening run"

    try MarkdownFolderWriter.write(library, to: folder.path + "/out")

    let changed = try String(contentsOfFile: "\(folder.path)/out/10 note 2.md", encoding: .utf8)
    #expect(changed.hasPrefix("---\nid: \(library.notes[two].id.uuidString.lowercased())\n"))
    #expect(changed.contains("source: 'https://example.com/a?b=c'\n"))
    #expect(
      changed.hasSuffix(
        "# Custom title 2: with colon\n\nBody of note two. #idea\nAdded in FieldNotes.\n"))
    #expect(
      FileManager.default.fileExists(atPath: "\(folder.path)/out/Areas/Health/Evening run.md"))
    #expect(!FileManager.default.fileExists(atPath: "\(folder.path)/out/Areas/Health/Run.md"))
    for path in ["Plan.md", "Areas/Health/Sleep.md", "Daily/2026-10/2026-10-01.md"] {
      let written = try Data(contentsOf: URL(fileURLWithPath: "\(folder.path)/out/\(path)"))
      #expect(written == Data((Self.vault[path] ?? "").utf8), "\(path)")
    }
    let again = try MarkdownFolderReader.read(folder.path + "/out").library
    let reread = try #require(again.notes.first { $0.id == library.notes[two].id })
    #expect(reread.body == library.notes[two].body)
    #expect(reread.properties == library.notes[two].properties)
  }

  /// A JSON export carries what an import kept of each file, so the vault comes back out the
  /// same from a library restored from JSON.
  @Test func aJSONExportKeepsTheFilesNotesWereImportedFrom() throws {
    let folder = try FixtureFolder()
    try Self.writeVault(into: folder)
    let library = try MarkdownFolderReader.read(folder.path + "/vault").library
    #expect(library.notes.allSatisfy { $0.importedFile != nil })

    let restored = try LibraryArchive.library(fromJSON: LibraryArchive.json(library))

    #expect(restored == library)
  }
}
