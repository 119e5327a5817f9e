import FieldNotesQuery

/// What `filter` keeps beside the search and the tag, in both forms of the list: only pinned
/// notes, only notes without tags, or every note.
///
/// Its cases, in order, are the words the command takes (`filter pinned|untagged|all`).
public enum NoteListFilter: String, CaseIterable, Hashable, Sendable {
  /// Only pinned notes.
  case pinned
  /// Only notes without tags.
  case untagged
  /// Every note: neither of the others.
  case all

  /// Settings with this filter on: `all` turns the others off.
  ///
  /// - Parameter settings: The list's settings.
  /// - Returns: The settings with the filter.
  public func applied(to settings: NoteListSettings) -> NoteListSettings {
    var filtered = settings
    switch self {
    case .pinned: filtered.showsPinnedOnly = true
    case .untagged: filtered.showsUntaggedOnly = true
    case .all:
      filtered.showsPinnedOnly = false
      filtered.showsUntaggedOnly = false
    }
    return filtered
  }

  /// What the list says when it already shows what the filter asks for.
  public var alreadyShown: String {
    switch self {
    case .pinned: "The list already shows only pinned notes."
    case .untagged: "The list already shows only notes without tags."
    case .all: "The list already shows every note."
    }
  }
}
