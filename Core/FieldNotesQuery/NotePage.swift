import FieldNotesModel

/// The first notes of a list, in its order, and how many notes the list holds: what a list
/// screen shows, as a store answers a ``NoteListQuery``.
public struct NotePage: Hashable, Sendable {
  /// The page's notes, in order: the first ones, or those after the query's offset.
  public var notes: [Note]
  /// How many notes the list (or its search) holds, the ones in ``notes`` included.
  public var totalCount: Int

  /// Creates a page.
  ///
  /// - Parameters:
  ///   - notes: The page's notes, in order.
  ///   - totalCount: How many notes the list holds.
  public init(notes: [Note], totalCount: Int) {
    self.notes = notes
    self.totalCount = totalCount
  }
}
