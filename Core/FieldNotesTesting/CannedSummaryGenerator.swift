import FieldNotesModel
import FieldNotesServices
import Synchronization

/// A summary generator that answers at once with a fixed sentence naming the note, and records
/// the notes it summarised, so a test can state them (``ExhaustiveTest`` does).
///
/// What it recorded is read at once, from any context, so a synchronous test step can state it.
public final class CannedSummaryGenerator: SummaryGenerating {
  private let summarized = Mutex<[Note.ID]>([])

  /// Creates the generator.
  public init() {}

  /// The notes it summarised, in order.
  public var summarizedNotes: [Note.ID] { summarized.withLock { $0 } }

  /// Returns a fixed sentence naming the note: "A short summary of TITLE.".
  ///
  /// - Parameter note: The note to summarise.
  /// - Returns: A fixed sentence naming the note's title.
  /// - Throws: Never.
  public func summary(for note: Note) async throws -> String {
    summarized.withLock { $0.append(note.id) }
    return "A short summary of \(note.title)."
  }
}
