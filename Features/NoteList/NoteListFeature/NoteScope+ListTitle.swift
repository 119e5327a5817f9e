import FieldNotesModel

extension NoteScope {
  /// The heading of a list of this scope's notes: the notebook's name, All Notes, No Notebook,
  /// or Tagged #tag.
  ///
  /// - Parameter notebookName: The name of the notebook the list shows, or `nil` for another
  ///   scope, or a notebook gone meanwhile.
  /// - Returns: The heading, as it is (the screen makes it safe to print).
  public func listTitle(notebookName: String?) -> String {
    switch self {
    case .allNotes: Self.allNotesName
    case .unfiled: Self.unfiledName
    case .notebook: notebookName ?? "(deleted notebook)"
    case .tagged(let tag): "Tagged #" + tag
    }
  }
}
