import Foundation
import Testing

/// The terminal framework knows nothing of FieldNotes: its code and its doc comments speak of
/// screens, commands, lines and a shell, so any app of screens could use it, and what FieldNotes
/// says of its notes is said by the app or the feature that owns it.
@Suite struct TerminalFrameworkTests {
  /// The words of FieldNotes the framework may not use, in any case: its name, the things it
  /// keeps (notes, notebooks, tags, the trash, conflicts), its composer and its sync.
  ///
  /// A word is matched whole, so the modules' own names (`FieldNotesTerminal`) are not app words.
  static let appWords: Set<String> = [
    "fieldnotes", "note", "notes", "notebook", "notebooks", "tag", "tags", "tagged", "hashtag",
    "hashtags", "trash", "trashed", "conflict", "conflicts", "composer", "sync", "syncs", "synced",
    "syncing",
  ]

  @Test func theTerminalFrameworkNamesNoAppWord() throws {
    let manifest = try PackageManifest.load(packageRoot: PackageManifest.packageRoot)
    let framework = [DependencyRule.terminal, DependencyRule.terminalTesting]
    let folders = manifest.targets.filter { framework.contains($0.name) }.map(\.folder)
    #expect(folders.count == framework.count)

    let root = PackageManifest.packageRoot
    var found: [String] = []
    for folder in folders {
      let files = try #require(
        FileManager.default.enumerator(
          at: root.appendingPathComponent(folder), includingPropertiesForKeys: nil))
      for case let file as URL in files where file.pathExtension == "swift" {
        let text = try String(contentsOf: file, encoding: .utf8)
        found += Self.appWordLines(in: text, file: String(file.path.dropFirst(root.path.count + 1)))
      }
    }

    // Each is said of screens, commands, lines or the shell instead, or moves to the app or
    // the feature that owns it.
    #expect(found == [])
  }

  @Test func anAppWordIsFoundInCodeAndInCommentsButNotInsideAModuleName() {
    let text = [
      "// The shell of FieldNotesTerminal.",
      "/// Opens the notebook a row shows.",
      "let format = \"Lists, Notes and tags print as text\"",
      "let name = FieldNotesTerminalTesting.self",
    ].joined(separator: "\n")

    #expect(
      Self.appWordLines(in: text, file: "A.swift") == [
        "A.swift:2 notebook: /// Opens the notebook a row shows.",
        "A.swift:3 notes, tags: let format = \"Lists, Notes and tags print as text\"",
      ])
  }

  /// Each line of a file that uses an app word, with its number and the words.
  ///
  /// - Parameters:
  ///   - text: The file's text.
  ///   - file: The file's path, to name it by.
  /// - Returns: `FILE:LINE WORDS: LINE` for each such line.
  static func appWordLines(in text: String, file: String) -> [String] {
    text.split(separator: "\n", omittingEmptySubsequences: false).enumerated().compactMap {
      index, line in
      let words = line.split { !$0.isLetter }.map { $0.lowercased() }.filter(appWords.contains)
      guard !words.isEmpty else { return nil }
      let trimmed = line.trimmingCharacters(in: .whitespaces)
      return "\(file):\(index + 1) \(words.joined(separator: ", ")): \(trimmed)"
    }
  }
}
