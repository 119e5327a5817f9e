import Foundation

/// Why a name cannot be a notebook's name.
public enum NotebookNameError: Error, Hashable, LocalizedError {
  /// Nothing is left after trimming spaces.
  case empty
  /// Longer than the limit, in characters after trimming.
  case tooLong(length: Int, limit: Int)
  /// Holds a line break.
  case containsNewline
  /// A typed name holds a tab or another control character, which a list can't show as typed,
  /// so the notebook could not be opened by the name it shows.
  case containsControlCharacter
  /// A typed name holds a word starting with `--`, which `notebook delete` reads as an option.
  case optionWord(String)
  /// Another notebook already has this name, ignoring case.
  case duplicate(existing: String)
  /// The name is a word that opens something else (see
  /// ``Notebook/isReservedName(_:)``), so the notebook could not be opened by it.
  case reserved(String)

  /// A message for the user.
  public var errorDescription: String? {
    switch self {
    case .empty:
      "A notebook needs a name."
    case .tooLong(let length, let limit):
      "A notebook name can be at most \(limit) characters; this one has \(length)."
    case .containsNewline:
      "A notebook name must fit on one line."
    case .containsControlCharacter:
      "A notebook name can't hold a tab or another control character."
    case .optionWord(let word):
      "A notebook name can't hold a word starting with --, such as \u{201C}\(word)\u{201D}: "
        + "commands read it as an option."
    case .duplicate(let existing):
      "There is already a notebook called \u{201C}\(existing)\u{201D}."
    case .reserved(let name):
      "\u{201C}\(name)\u{201D} can't name a notebook: `open \(name)` opens something else. "
        + "Choose another name."
    }
  }
}
