import FieldNotesModel
import FieldNotesServices
import Foundation

/// Why an action on the tags screen did not happen; nothing changed.
public enum TagsError: Error, Hashable, LocalizedError {
  /// No note carries this tag.
  case unknownTag(String)
  /// The new name breaks the tag rules.
  case invalidName(String, TagProblem)
  /// Every note carrying the tag writes it in its text (`#heron`), which each save reads
  /// back: the tag, and those notes' titles.
  case writtenInText(String, titles: [String])
  /// There is no deletion waiting to be confirmed.
  case noDeletionPending
  /// There is no tag change to undo.
  case nothingToUndo
  /// The store could not save the change.
  case store(NoteStoreError)
  /// The view model was given a client that doesn't do this (a test's
  /// ``UnimplementedTagsClient``): the member asked for.
  case notProvided(String)

  /// A message for the user.
  public var errorDescription: String? {
    switch self {
    case .unknownTag(let tag): "No note is tagged #\(tag)."
    case .invalidName(let name, .empty): "\u{201C}\(name)\u{201D} is not a tag: it is empty."
    case .invalidName(let name, .tooLong(let limit)):
      "\u{201C}\(name)\u{201D} is too long for a tag (the limit is \(limit) characters)."
    case .invalidName(let name, .invalidCharacters):
      "\u{201C}\(name)\u{201D} is not a tag: use letters, digits, - and _."
    case .writtenInText(let tag, let titles):
      "Every note tagged #\(tag) writes it in its text (\(Self.quoted(titles))), so it would "
        + "come back with the next save: edit the text to remove it."
    case .noDeletionPending: "There is no deletion to confirm."
    case .nothingToUndo: "There is no tag change to undo."
    case .store(let error): error.errorDescription
    case .notProvided(let member): "\(member) was not provided to the tags' view model."
    }
  }

  /// Titles quoted, the first three and how many more.
  ///
  /// - Parameter titles: The titles.
  /// - Returns: `“A”, “B”, “C” and 2 more`.
  public static func quoted(_ titles: [String]) -> String {
    let shown = titles.prefix(3).map { "\u{201C}\($0)\u{201D}" }.joined(separator: ", ")
    return titles.count > 3 ? "\(shown) and \(titles.count - 3) more" : shown
  }
}
