import Foundation

/// Why a summary could not be made.
public enum SummaryError: Error, Equatable, LocalizedError {
  /// No summary generator is available in this configuration.
  case unavailable
  /// The note has no text to summarise.
  case emptyBody

  /// A message for the user.
  public var errorDescription: String? {
    switch self {
    case .unavailable: "Summaries are not available in this configuration."
    case .emptyBody: "This note has no text to summarise."
    }
  }
}
