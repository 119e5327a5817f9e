import Foundation

/// Why a typed line could not be read as words.
public enum InputError: Error, Equatable, LocalizedError {
  /// The line can't be a command: invalid UTF-8, a control character, too long, an open quote.
  case unreadable(String)

  /// What is wrong with the line.
  public var reason: String {
    switch self {
    case .unreadable(let reason): reason
    }
  }

  /// A message for the user.
  public var errorDescription: String? { "unreadable line: \(reason)" }
}
