import Foundation

/// What a tag may be, how a typed tag is read and how tags are written: one rule for the
/// composer, the tags screen and every place that shows a note's tags.
public enum TagRules {
  /// The longest tag, in characters.
  public static let maximumLength = 40

  /// A tag as typed, read the way it is stored: a leading `#` removed, lower-cased, accents
  /// composed (NFC, as `NoteDocument.mappedTag(_:)` in the file formats composes them).
  ///
  /// - Parameter word: The tag as typed, such as `#Birds`.
  /// - Returns: The tag, such as `birds`.
  public static func normalized(_ word: some StringProtocol) -> String {
    String(word.drop(while: { $0 == "#" })).lowercased().precomposedStringWithCanonicalMapping
  }

  /// Tags as FieldNotes writes them in a line: each after a `#`, separated by spaces, such as
  /// `#birds #lake`; empty for none.
  ///
  /// Every screen and the Markdown a script reads show tags so; a screen makes the line safe for
  /// its terminal (`terminalSafe`) before it prints it.
  ///
  /// - Parameter tags: The tags, in their order.
  /// - Returns: The line.
  public static func hashtags(_ tags: [String]) -> String {
    tags.map { "#" + $0 }.joined(separator: " ")
  }

  /// Why a tag can't be saved, if it can't.
  ///
  /// - Parameter tag: The tag, already normalized.
  /// - Returns: The problem, or `nil` when the tag is fine.
  public static func problem(with tag: String) -> TagProblem? {
    if tag.isEmpty { return .empty }
    if tag.count > maximumLength { return .tooLong(limit: maximumLength) }
    let isAllowed = { (character: Character) in
      character.isLetter || character.isNumber || character == "-" || character == "_"
    }
    return tag.allSatisfy(isAllowed) ? nil : .invalidCharacters
  }
}

/// Why a tag can't be saved.
public enum TagProblem: Hashable, Sendable {
  /// It is empty (a lone `#`).
  case empty
  /// It is longer than the limit.
  case tooLong(limit: Int)
  /// It holds something other than letters, digits, `-` and `_`.
  case invalidCharacters
}
