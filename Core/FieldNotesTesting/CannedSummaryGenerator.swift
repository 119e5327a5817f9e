import FieldNotesModel
import FieldNotesServices

/// A summary generator that answers at once with a fixed sentence naming the note.
public struct CannedSummaryGenerator: SummaryGenerating {
  /// Creates the generator.
  public init() {}

  /// Returns a fixed sentence naming the note: "A short summary of TITLE.".
  ///
  /// - Parameter note: The note to summarise.
  /// - Returns: A fixed sentence naming the note's title.
  /// - Throws: Never.
  public func summary(for note: Note) async throws -> String {
    "A short summary of \(note.title)."
  }
}
