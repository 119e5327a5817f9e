import FieldNotesFormats
import FieldNotesModel
import FieldNotesPlatform
import Foundation

/// A folder of a test's own, filled from a table of paths and texts, removed when the test lets
/// go of it.
final class FixtureFolder {
  /// Its path.
  let path = NSTemporaryDirectory() + "fieldnotes-plain-" + UUID().uuidString

  /// Makes the folder, with a file for each path.
  init(_ files: [String: String] = [:]) throws {
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    for (relative, text) in files { try write(Data(text.utf8), at: relative) }
  }

  /// Writes a file, making its folders.
  func write(_ data: Data, at relative: String) throws {
    let file = "\(path)/\(relative)"
    try FileManager.default.createDirectory(
      atPath: FilePaths.folder(of: file), withIntermediateDirectories: true)
    try data.write(to: URL(fileURLWithPath: file))
  }

  deinit {
    try? FileManager.default.removeItem(atPath: path)
  }
}

/// Folders laid out as other tools document theirs.
enum PlainTextFixtures {
  /// An Obsidian vault: its settings in `.obsidian/`, YAML properties, nested tags, folders of
  /// notes and an attachment.
  static let obsidianVault: [String: String] = [
    ".obsidian/app.json": "{\"promptDelete\": false}",
    ".obsidian/workspace.json": "{}",
    "Welcome.md": "# Welcome\n\nThis is your new *vault*. See [[Daily/2024-05-01]].\n",
    "Daily/2024-05-01.md": """
    ---
    tags:
      - daily
      - mood/good
    created: 2024-05-01T07:00:00Z
    ---
    Woke early. #birding at the weir.
    """,
    "Projects/Garden/Roses.md": "---\naliases: [Roses]\n---\n# Roses\n\nPrune in #spring.\n",
    "attachments/photo.png": "\u{89}PNG\r\n\u{1A}\n",
  ]

  /// An nb notebook (`~/.nb/home`): a git repository with nb's `.index`, notes titled by their
  /// first heading, a bookmark, and a folder.
  static let nbNotebook: [String: String] = [
    ".index": "20240501093000.md\nexample.bookmark.md\nSample Folder\n",
    ".git/HEAD": "ref: refs/heads/master\n",
    "20240501093000.md": "# Example Title\n\n#tag1 #tag2\n\nExample content.\n",
    "example.bookmark.md": "# Example Domain (example.com)\n\n<https://example.com>\n",
    "Sample Folder/.index": "note.md\n",
    "Sample Folder/note.md": "# Nested note\n\nIn a folder.\n",
  ]

  /// A zk notebook: its `.zk/` folder, front matter with title, date and tags, and nested
  /// groups.
  static let zkNotebook: [String: String] = [
    ".zk/config.toml": "[note]\nlanguage = \"en\"\n",
    ".zk/notebook.db": "SQLite format 3\u{0}",
    "journal/daily/2024-05-01.md":
      "---\ntitle: \"2024-05-01\"\ndate: 2024-05-01 09:15\ntags: [daily, work]\n---\n\n# 2024-05-01\n\nStand-up.\n",
    "ideas/4kd9.md": "---\ntitle: Zettel one\ndate: 2024-04-02\ntags: [idea]\n---\n\nAn idea.\n",
  ]

  /// FieldNotes' own sync repository, written as the sync writes it, with a project's files
  /// beside FieldNotes' own.
  static func syncRepository(notebook: Notebook, notes: [Note]) -> [String: String] {
    var files: [String: String] = [
      "README.md": "# Our notes\n",
      ".gitattributes": "* text=auto\n",
      "notebooks/\(notebook.id.uuidString.lowercased()).md": String(
        decoding: NoteDocument.data(of: notebook), as: UTF8.self),
    ]
    for note in notes {
      files["notes/\(note.id.uuidString.lowercased()).md"] = String(
        decoding: NoteDocument.data(of: note), as: UTF8.self)
    }
    return files
  }
}
