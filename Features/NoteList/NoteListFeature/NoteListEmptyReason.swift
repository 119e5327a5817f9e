/// Why a note list shows no rows; the view turns each reason into its own message.
public enum NoteListEmptyReason: Hashable, Sendable {
  /// There are no notes here at all.
  case noNotes
  /// There are notes here, but the search or a filter hides them all.
  case noMatches
}
