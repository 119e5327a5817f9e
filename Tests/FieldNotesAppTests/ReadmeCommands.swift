import Foundation

/// The `fieldnotes …` commands a section of README shows, each as the shell would hand its
/// words over: double quotes kept a phrase one word, and what follows a pipe or a redirection
/// left out (it is the shell's, not FieldNotes').
enum ReadmeCommands {
  /// The commands of the section headed `## NAME`.
  ///
  /// - Parameter heading: The section's heading, without its `## `.
  /// - Returns: Each command's words after `fieldnotes`.
  /// - Throws: When README can't be read.
  static func inSection(_ heading: String) throws -> [[String]] {
    let readme = try String(
      contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../README.md"), encoding: .utf8)
    let section =
      readme.components(separatedBy: "## " + heading).dropFirst().first?
      .components(separatedBy: "\n## ").first ?? ""
    return section.components(separatedBy: "`").filter { $0.hasPrefix("fieldnotes ") }.map {
      Array(words(of: $0).dropFirst())
    }
  }

  /// A command line's words, as a shell splits them, up to a pipe or a redirection.
  static func words(of command: String) -> [String] {
    var words: [String] = []
    var word: String?
    var isQuoted = false
    for character in command {
      if character == "\"" {
        isQuoted.toggle()
        word = word ?? ""
      } else if !isQuoted, character == " " || character == "\n" {
        if let done = word { words.append(done) }
        word = nil
      } else if !isQuoted, character == "|" || character == ">" {
        break
      } else {
        word = (word ?? "") + String(character)
      }
    }
    if let word { words.append(word) }
    return words
  }
}
