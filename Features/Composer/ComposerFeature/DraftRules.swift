import FieldNotesFormats
import FieldNotesModel
import Foundation

/// The rules a draft must follow to be saved, and how tags are read from typed text.
public enum DraftRules {
  /// The longest title, in characters after trimming.
  public static let maximumTitleLength = 200
  /// The largest note, title, body and tags together, as its file holds them: the one limit a
  /// note meets wherever it enters (the composer, an import, a sync; see
  /// `FieldNotesModel.NoteDocument`).
  public static let maximumNoteBytes = NoteDocument.maximumBytes
  /// The longest tag, in characters.
  public static let maximumTagLength = TagRules.maximumLength

  /// Reads tags from typed text: separated by commas or spaces, lower-cased, a leading `#`
  /// removed, duplicates dropped (the first kept).
  ///
  /// - Parameter input: The text as typed, such as `"#Birds, lake  heron"`.
  /// - Returns: The tags in order, such as `["birds", "lake", "heron"]`. A lone `#` gives an
  ///   empty tag, which ``problems(title:body:tags:)`` reports.
  public static func tags(from input: String) -> [String] {
    var seen: Set<String> = []
    return
      input
      .split(whereSeparator: { $0 == "," || $0.isWhitespace })
      .map(TagRules.normalized)
      .filter { seen.insert($0).inserted }
  }

  /// Every reason the content cannot be saved, in a fixed order; empty when it can be.
  ///
  /// - Parameters:
  ///   - title: The title as typed.
  ///   - body: The body.
  ///   - tags: The tags typed, each held to ``FieldNotesModel/TagRules``; with the body's
  ///     `#tag`s the note is saved with, they count toward the note's size.
  ///   - properties: The properties, which count toward the note's size; none by default.
  /// - Returns: The problems found.
  public static func problems(
    title: String, body: String, tags: [String], properties: [NoteProperty] = []
  ) -> [DraftProblem] {
    var problems: [DraftProblem] = []
    let trimmed = title.trimmingCharacters(in: .whitespacesAndNewlines)
    if trimmed.isEmpty {
      problems.append(.titleRequired)
    } else if trimmed.count > maximumTitleLength {
      problems.append(.titleTooLong(length: trimmed.count, limit: maximumTitleLength))
    }
    let bytes = NoteDocument.byteCount(
      title: trimmed, body: body, tags: TagRules.tags(tags, addingInlineTagsOf: body),
      properties: properties)
    if bytes > maximumNoteBytes {
      problems.append(.noteTooLarge(bytes: bytes, limit: maximumNoteBytes))
    }
    for tag in tags {
      switch TagRules.problem(with: tag) {
      case .empty?: problems.append(.emptyTag)
      case .tooLong(let limit)?: problems.append(.tagTooLong(tag: tag, limit: limit))
      case .invalidCharacters?: problems.append(.tagHasInvalidCharacters(tag: tag))
      case nil: break
      }
    }
    return problems
  }
}
