import Foundation

/// One reason a draft cannot be saved yet.
public enum DraftProblem: Hashable, Sendable, LocalizedError {
  /// The title is empty once spaces are trimmed.
  case titleRequired
  /// The title is longer than the limit, in characters.
  case titleTooLong(length: Int, limit: Int)
  /// The note, title, body and tags together, is larger than the limit, in bytes of its file.
  case noteTooLarge(bytes: Int, limit: Int)
  /// A tag is empty (a lone `#`).
  case emptyTag
  /// A tag is longer than the limit, in characters.
  case tagTooLong(tag: String, limit: Int)
  /// A tag holds something other than letters, digits, `-` and `_`.
  case tagHasInvalidCharacters(tag: String)
  /// The chosen notebook no longer exists.
  case notebookNotFound

  /// A message for the user.
  public var errorDescription: String? {
    switch self {
    case .titleRequired:
      "A note needs a title."
    case .titleTooLong(let length, let limit):
      "A title can be at most \(limit) characters; this one has \(length)."
    case .noteTooLarge(let bytes, let limit):
      "A note can hold at most \(limit) bytes of text and tags; this one has \(bytes)."
    case .emptyTag:
      "A tag needs at least one character after the #."
    case .tagTooLong(let tag, let limit):
      "The tag \u{201C}\(tag.prefix(20))…\u{201D} is longer than \(limit) characters."
    case .tagHasInvalidCharacters(let tag):
      "The tag \u{201C}\(tag)\u{201D} may hold only letters, digits, - and _."
    case .notebookNotFound:
      "The chosen notebook no longer exists; `notebook NAME` or `notebook none` chooses where "
        + "the note goes."
    }
  }
}
