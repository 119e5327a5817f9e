import FieldNotesModel

/// A service that writes a short summary of a note.
public protocol SummaryGenerating: Sendable {
  /// Returns a short summary of the note's text.
  ///
  /// - Parameter note: The note to summarise.
  /// - Returns: One or two sentences describing the note.
  /// - Throws: ``SummaryError`` when no summary can be made.
  func summary(for note: Note) async throws -> String
}

/// The summary generator used when no real one is available: it always throws
/// ``SummaryError/unavailable``.
public struct UnavailableSummaryGenerator: SummaryGenerating {
  /// Creates a generator that is never available.
  public init() {}

  /// Throws ``SummaryError/unavailable``.
  ///
  /// - Parameter note: The note that was to be summarised.
  /// - Returns: Never returns.
  /// - Throws: Always ``SummaryError/unavailable``.
  public func summary(for note: Note) async throws -> String {
    throw SummaryError.unavailable
  }
}
