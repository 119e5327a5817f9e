/// Why a note list shows no rows.
public enum NoteListEmptyReason: Hashable, Sendable {
  /// There are no notes here at all.
  case noNotes
  /// There are notes here, but the search or a filter hides them all.
  case noMatches

  /// A message for the user.
  public var message: String {
    switch self {
    case .noNotes: "No notes here yet."
    case .noMatches: "Nothing matches the search or filter."
    }
  }
}
