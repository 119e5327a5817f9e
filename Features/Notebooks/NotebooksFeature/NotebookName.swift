import FieldNotesModel

/// The rules a notebook name follows.
public enum NotebookName {
  /// The longest name allowed, in characters.
  public static let maximumLength = 60

  /// Checks a proposed name and returns it trimmed.
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
    guard !name.isEmpty else { throw .empty }
    guard !name.contains(where: \.isNewline) else { throw .containsNewline }
    guard name.count <= maximumLength else {
      throw .tooLong(length: name.count, limit: maximumLength)
    }
    guard !Notebook.isReservedName(name) else { throw .reserved(name) }
    let folded = name.lowercased()
    if let existing = notebooks.first(where: {
      $0.id != renamedID && $0.name.lowercased() == folded
    }) {
      throw .duplicate(existing: existing.name)
    }
    return name
  }
}
