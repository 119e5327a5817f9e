/// Why a typed line did not do what it asked; each prints as one `error:` line.
public enum CommandLineError: Error, Equatable, Sendable {
  /// The line can't be read as a command at all.
  case invalidInput(String)
  /// No command has this name; perhaps another was meant.
  case unknownCommand(String, suggestion: String?)
  /// The command was given the wrong arguments.
  case usage(String)
  /// The command makes no sense on the current screen.
  case notHere(command: String, hint: String)
  /// The screen or the app refused the command, in words it chose.
  case refused(String)

  /// The error for a screen's refusal.
  ///
  /// - Parameter error: What the screen said.
  public init(_ error: ScreenError) {
    switch error {
    case .usage(let usage): self = .usage(usage)
    case .refused, .failed: self = .refused(error.message)
    }
  }

  /// A message for the user, without `error: `.
  public var message: String {
    switch self {
    case .invalidInput(let reason): "unreadable line: \(reason)"
    case .unknownCommand(let name, let suggestion):
      "unknown command '\(Self.shortened(name).terminalSafe)'"
        + (suggestion.map { "; did you mean '\($0)'?" } ?? "; type `help`")
    case .usage(let usage): "usage: \(usage)"
    case .notHere(let command, let hint):
      "'\(Self.shortened(command).terminalSafe)' can't be used here: \(hint)"
    case .refused(let reason): reason
    }
  }

  /// A word cut to a readable length for a message, with `…` where it was cut.
  static func shortened(_ word: String) -> String {
    word.count <= 40 ? word : word.prefix(39) + "…"
  }
}
