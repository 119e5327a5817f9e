import FieldNotesModel
import FieldNotesServices

/// A summary generator that answers at once with a fixed sentence naming the note, and counts
/// the summaries it wrote, so a test can state them (``ExhaustiveTest`` does).
public actor CannedSummaryGenerator: SummaryGenerating {
  /// The notes it summarised, in order.
  public private(set) var summarizedNotes: [Note.ID] = []

  /// Creates the generator.
  public init() {}

  /// Returns a fixed sentence naming the note: "A short summary of TITLE.".
  ///
  /// - Parameter note: The note to summarise.
  /// - Returns: A fixed sentence naming the note's title.
  /// - Throws: Never.
  public func summary(for note: Note) async throws -> String {
    summarizedNotes.append(note.id)
    return "A short summary of \(note.title)."
  }
}
