/// The rules a notebook name follows, wherever a notebook comes from: typed, imported.
public enum NotebookName {
  /// The longest name allowed, in characters.
  public static let maximumLength = 60

  /// Why a name can't be a notebook's, on its own (another notebook's name aside).
  ///
  /// - Parameter name: The name, trimmed.
  /// - Returns: The first rule it breaks, or `nil`.
  public static func problem(with name: String) -> NotebookNameError? {
    guard !name.isEmpty else { return .empty }
    guard !name.contains(where: \.isNewline) else { return .containsNewline }
    guard name.count <= maximumLength else {
      return .tooLong(length: name.count, limit: maximumLength)
    }
    guard !Notebook.isReservedName(name) else { return .reserved(name) }
    return nil
  }

  /// The part of a name that can't be a folder when an export writes the notebook as nested
  /// folders (`Areas/Health` as `Areas/Health/`): `.` or `..`, or an empty part (`//`, a `/`
  /// at either end, or spaces alone between two).
  ///
  /// - Parameter name: The name, trimmed.
  /// - Returns: The first such part (`""` for an empty one), or `nil`.
  public static func folderProblem(in name: String) -> String? {
    for part in name.split(separator: "/", omittingEmptySubsequences: false) {
      let trimmed = part.trimmingCharacters(in: .whitespaces)
      if trimmed.isEmpty { return "" }
      if trimmed == "." || trimmed == ".." { return trimmed }
    }
    return nil
  }

  /// Checks a proposed name and returns it trimmed.
  ///
  /// A typed name also can't hold a tab or another control character (a list shows it
  /// otherwise, so it could never be typed again to open the notebook), nor a word starting
  /// with `--`, which a command reads as an option, nor a part between slashes that can't be a
  /// folder (``folderProblem(in:)``). One that arrives that
  /// way from an import or a sync is kept, shown safely, and opens by its row number.
  ///
  /// - Parameters:
  ///   - proposed: The name as typed.
  ///   - notebooks: The notebooks that exist now.
  ///   - renamedID: The notebook being renamed, whose own name doesn't count as a duplicate.
  /// - Returns: The name without leading and trailing spaces.
  /// - Throws: ``NotebookNameError`` naming the first rule the name breaks.
  public static func validated(
    _ proposed: String, among notebooks: [Notebook], renaming renamedID: Notebook.ID? = nil
  ) throws(NotebookNameError) -> String {
    let name = proposed.trimmingCharacters(in: .whitespaces)
    if let problem = problem(with: name) { throw problem }
    if name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
      throw .containsControlCharacter
    }
    // `notebook delete Birds --force` must never mean a notebook called "Birds --force".
    if let word = name.split(separator: " ").first(where: { $0.hasPrefix("--") }) {
      throw .optionWord(String(word))
    }
    if let part = folderProblem(in: name) { throw .notAFolder(part) }
    let folded = name.lowercased()
    if let existing = notebooks.first(where: {
      $0.id != renamedID && $0.name.lowercased() == folded
    }) {
      throw .duplicate(existing: existing.name)
    }
    return name
  }
}
