/// A list whose first page is measured: what it is, and the commands that open it in a
/// `fieldnotes` session, the same at every size.
struct ListWorkload {
  /// The list, as the report names it.
  var name: String
  /// The REPL commands that open it from the start, one a line.
  var commands: [String]

  /// The lists issue 28 measures: All Notes, a tag's, pinned only, untagged, one notebook's, and
  /// All Notes by title.
  ///
  /// - Parameters:
  ///   - tag: The tag to list, one most notes' tags are drawn from.
  ///   - notebookName: The notebook to open, one every size has.
  /// - Returns: The lists.
  static func all(tag: String, notebookName: String) -> [ListWorkload] {
    [
      ListWorkload(name: "All Notes", commands: ["open all"]),
      ListWorkload(name: "a tag's list (#\(tag))", commands: ["open all", "tag \(tag)"]),
      ListWorkload(name: "pinned notes only", commands: ["open all", "filter pinned"]),
      ListWorkload(name: "untagged notes only", commands: ["open all", "filter untagged"]),
      ListWorkload(
        name: "one notebook (\u{201C}\(notebookName)\u{201D})",
        commands: ["open \(notebookName)"]),
      ListWorkload(name: "All Notes by title", commands: ["open all", "sort title"]),
      // Read without an index of its own: SQLite sorts every note by its edit date.
      ListWorkload(name: "All Notes by last change", commands: ["open all", "sort updated"]),
    ]
  }

  /// The commands as the report shows them: `open all`, then `tag birds`.
  var commandsText: String {
    commands.map { "`\($0)`" }.joined(separator: ", ")
  }
}
