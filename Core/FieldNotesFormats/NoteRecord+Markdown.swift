import FieldNotesModel

extension NoteRecord {
  /// The note as Markdown, what `--format markdown` prints for it: a heading with its title,
  /// a line of its facts in italics (in a list its short id, then notebook, tags, pinned, when
  /// written), then its text as written.
  ///
  /// - Parameters:
  ///   - level: The heading's level: 1 for a note alone, 2 for a note in a list.
  ///   - shortID: The short id a list shows for the note (`e621`), first of the facts; none by
  ///     default.
  /// - Returns: The lines.
  public func markdown(headingLevel level: Int, shortID: String? = nil) -> [String] {
    var facts = (shortID.map { ["`\($0)`"] } ?? []) + [notebook ?? "No Notebook"]
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
