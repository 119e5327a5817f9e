import Foundation

/// What a command did: lines to print, and where to go next.
public struct ScreenResult<Route> {
  /// Lines to print, such as a confirmation; the screen itself is drawn after them.
  public var lines: [String]
  /// Where to go next.
  public var navigation: Navigation<Route>

  /// Creates a result.
  ///
  /// - Parameters:
  ///   - navigation: Where to go next.
  ///   - lines: Lines to print; none by default.
  public init(_ navigation: Navigation<Route>, lines: [String] = []) {
    self.lines = lines
    self.navigation = navigation
  }

  /// Stay where we are and print nothing: what the screen shows says what changed.
  public static var stay: Self { Self(.stay) }

  /// Stay where we are and print lines.
  ///
  /// - Parameter lines: The lines.
  /// - Returns: The result.
  public static func say(_ lines: String...) -> Self { Self(.stay, lines: lines) }
}

/// Where to go after a command, relative to the screen that ran it.
public enum Navigation<Route> {
  /// Stay: nothing moves.
  case stay
  /// Show the screen that ran the command, leaving the screens above it.
  case reveal
  /// Show a new screen above the one that ran the command (leaving those above it), then run a
  /// command there if one is given, such as `count` on a page just opened.
  case push(Route, thenRun: [String] = [])
  /// Leave the screen that ran the command (and those above it).
  case pop
  /// Go back to the root screen.
  case home
}

/// Why a command typed at a screen did nothing; nothing changed.
public enum ScreenError: Error {
  /// The arguments were wrong; the usage line says how to type it.
  case usage(String)
  /// The screen refused, in its own words (such as "There is no shelf called …").
  case refused(String)
  /// The view model, or what it reads and writes, failed: its error, carried as it is to the line
  /// that prints it, where its description is the message.
  case failed(any LocalizedError)

  /// The words the user sees.
  public var message: String {
    switch self {
    case .usage(let usage): "usage: \(usage)"
    case .refused(let reason): reason
    case .failed(let error): error.errorDescription ?? "\(error)"
    }
  }

  /// Runs work that can fail with an error of the layer below, carrying that error as it is.
  ///
  /// - Parameter work: The work, such as a call on the screen's view model.
  /// - Returns: What the work returns.
  /// - Throws: ``failed(_:)`` with the work's error.
  public static func carrying<Value, Failure: LocalizedError>(
    _ work: () throws(Failure) -> Value
  ) throws(ScreenError) -> Value {
    do { return try work() } catch { throw .failed(error) }
  }
}

extension ScreenError: Equatable {
  /// Whether two errors say the same to the user, in the same way.
  public static func == (lhs: ScreenError, rhs: ScreenError) -> Bool {
    switch (lhs, rhs) {
    case (.usage(let left), .usage(let right)): left == right
    case (.refused, .refused), (.failed, .failed), (.refused, .failed), (.failed, .refused):
      lhs.message == rhs.message
    default: false
    }
  }
}
