import FieldNotesModel

/// One line of the notebooks screen, made for display: a name, a symbol and the counts.
public struct NotebookRow: Hashable, Sendable, Identifiable {
  /// The notes the row opens.
  public var scope: NoteScope
  /// The name shown: a notebook's name, or "All Notes" / "No Notebook".
  public var name: String
  /// The symbol shown beside the name.
  public var symbolName: String
  /// How many notes the row opens.
  public var noteCount: Int
  /// How many of those notes are pinned.
  public var pinnedCount: Int

  /// The row's identity: the scope it opens.
  public var id: NoteScope { scope }

  /// Creates a row.
  ///
  /// - Parameters:
  ///   - scope: The notes the row opens.
  ///   - name: The name shown.
  ///   - symbolName: The symbol shown.
  ///   - noteCount: How many notes the row opens.
  ///   - pinnedCount: How many of them are pinned.
  public init(scope: NoteScope, name: String, symbolName: String, noteCount: Int, pinnedCount: Int)
  {
    self.scope = scope
    self.name = name
    self.symbolName = symbolName
    self.noteCount = noteCount
    self.pinnedCount = pinnedCount
  }
}
