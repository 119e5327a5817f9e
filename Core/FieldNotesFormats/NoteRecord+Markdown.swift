import FieldNotesModel

extension NoteRecord {
  /// The note as Markdown, what `--format markdown` prints for it: a heading with its title,
  /// a line of its facts in italics (notebook, tags, pinned, when written), then its text as
  /// written.
  ///
  /// - Parameter level: The heading's level: 1 for a note alone, 2 for a note in a list.
  /// - Returns: The lines.
  public func markdown(headingLevel level: Int) -> [String] {
    var facts = [notebook ?? "No Notebook"]
    if !tags.isEmpty { facts.append(TagRules.hashtags(tags)) }
    if isPinned { facts.append("pinned") }
    facts.append("created \(NoteDocument.stamp(createdAt))")
    if updatedAt != createdAt { facts.append("updated \(NoteDocument.stamp(updatedAt))") }
    let heading = String(repeating: "#", count: max(1, level)) + " " + title
    let text =
      body.isEmpty
      ? [] : [""] + body.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    return [heading, "", "*" + facts.joined(separator: " · ") + "*"] + text
  }
}
