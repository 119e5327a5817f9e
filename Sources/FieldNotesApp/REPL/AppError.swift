import FieldNotesServices
import FieldNotesTerminal
import Foundation

/// Why a command line did not do what it asked; each prints as one `error:` line.
public enum AppError: Error, Equatable, LocalizedError {
  /// The line can't be read as a command at all.
  case invalidInput(String)
  /// No command has this name; perhaps another was meant.
  case unknownCommand(String, suggestion: String?)
  /// The command was given the wrong arguments.
  case usage(String)
  /// The command makes no sense on the current screen.
  case notHere(command: String, hint: String)
  /// A row number outside the list as last shown.
  case rowOutOfRange(String, count: Int)
  /// A word that should have been a row number.
  case notARowNumber(String)
  /// A notebook name that matches no notebook.
  case unknownNotebook(String)
  /// The notebooks screen refused the action, for the reason given.
  case notebooks(String)
  /// The note list refused the action, for the reason given.
  case noteList(String)
  /// The composer refused the action, for the reason given.
  case composer(String)
  /// The store refused the change.
  case store(NoteStoreError)
  /// The sync failed; the notes shown are the last ones saved.
  case syncFailed(String)
  /// Saving the note failed; the draft is kept.
  case saveFailed(String)
  /// The summary could not be made.
  case summaryFailed(String)
  /// A file could not be read or written.
  case file(path: String, reason: String)

  /// A message for the user.
  public var errorDescription: String? {
    switch self {
    case .invalidInput(let reason): "unreadable line: \(reason)"
    case .unknownCommand(let name, let suggestion):
      "unknown command '\(name.terminalSafe)'"
        + (suggestion.map { "; did you mean '\($0)'?" } ?? "; type `help`")
    case .usage(let usage): "usage: \(usage)"
    case .notHere(let command, let hint): "'\(command)' can't be used here: \(hint)"
    case .rowOutOfRange(let row, let count):
      count == 0 ? "there are no rows to choose from" : "row \(row) is out of range (1–\(count))"
    case .notARowNumber(let word): "'\(word.terminalSafe)' is not a row number"
    case .unknownNotebook(let name):
      "there is no notebook called \u{201C}\(name.terminalSafe)\u{201D}"
    case .notebooks(let reason): reason
    case .noteList(let reason): reason
    case .composer(let reason): reason
    case .store(let error): error.errorDescription
    case .syncFailed(let message): "sync failed: \(message.terminalSafe)"
    case .saveFailed(let message):
      "not saved: \(message.terminalSafe) (the draft is kept; `save` retries)"
    case .summaryFailed(let message): "no summary: \(message.terminalSafe)"
    case .file(let path, let reason): "\(path.terminalSafe): \(reason)"
    }
  }
}
