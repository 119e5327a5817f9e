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
  /// A typed name has a part between slashes that can't be a folder: `.` or `..`, or nothing
  /// (`""`: `//`, or a `/` at either end). An export writes `Areas/Health` as nested folders.
  case notAFolder(String)
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
    case .notAFolder(let part) where part.isEmpty:
      "A notebook name can't start or end with / or have nothing between two: each part "
        + "between slashes is a folder when exported (Areas/Health)."
    case .notAFolder(let part):
      "A notebook name can't have \u{201C}\(part)\u{201D} between slashes: each part is a "
        + "folder when exported (Areas/Health)."
    case .duplicate(let existing):
      "There is already a notebook called \u{201C}\(existing)\u{201D}."
    case .reserved(let name):
      "\u{201C}\(name)\u{201D} can't name a notebook: `open \(name)` opens something else. "
        + "Choose another name."
    }
  }
}
