/// Everything a FieldNotes user has written: their notebooks and their notes.
///
/// A library is what a repository loads, what an export writes, and what an import reads.
public struct NoteLibrary: Hashable, Sendable, Codable {
  /// The notebooks, in display order.
  public var notebooks: [Notebook]
  /// The notes, oldest first.
  public var notes: [Note]
  /// Notes the store holds but could not read; not part of an export or an import.
  public var unreadableNotes: [UnreadableNote] = []

  private enum CodingKeys: String, CodingKey {
    case notebooks, notes
  }

  /// Creates a library.
  ///
  /// - Parameters:
  ///   - notebooks: The notebooks; none by default.
  ///   - notes: The notes; none by default.
  public init(notebooks: [Notebook] = [], notes: [Note] = []) {
    self.notebooks = notebooks
    self.notes = notes
  }
}
