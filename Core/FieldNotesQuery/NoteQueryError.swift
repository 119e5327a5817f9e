import FieldNotesModel
import FieldNotesText
import Foundation

/// Why typed text isn't a search FieldNotes can answer, and where in it.
///
/// Every column counts characters of the search as typed, from 1.
public enum NoteQueryError: Error, Hashable, Sendable, LocalizedError {
  /// A `(` with no `)` after it.
  case unclosedParenthesis(column: Int)
  /// A `"` with no `"` after it.
  case unclosedQuote(column: Int)
  /// `""`: a phrase with nothing in it.
  case emptyPhrase(column: Int)
  /// `()`: a group with nothing in it.
  case emptyGroup(column: Int)
  /// A term of accents alone, which ``SearchFolding`` sets aside: nothing is left to search for.
  case nothingToSearchFor(column: Int)
  /// `OR` or `AND` without a term on one side.
  case missingTerm(operator: String, column: Int)
  /// `NOT` (or a leading `-`) with nothing after it to leave out.
  case missingExclusion(column: Int)
  /// A qualifier such as `tag:` with nothing after it.
  case missingValue(qualifier: String, column: Int)
  /// `#…` or `tag:…` that no tag can be.
  case invalidTag(String, column: Int)
  /// `in:` naming no notebook.
  case unknownNotebook(String, column: Int)
  /// `is:` followed by something other than `pinned` or `untagged`.
  case unknownState(String, column: Int)
  /// `id:` followed by something other than the hex digits an identifier starts with.
  case invalidID(String, column: Int)
  /// A date qualifier's value that isn't a date, a range or a comparison.
  case invalidDate(String, qualifier: String, column: Int)
  /// A date range that ends before it starts (`2026-12..2026-01`).
  case emptyRange(String, qualifier: String, column: Int)
  /// Parentheses nested deeper than ``NoteQuery/deepestNesting``.
  case nestedTooDeeply(column: Int)
  /// More terms than ``NoteQuery/mostTerms``; the column is the first term too many.
  case tooManyTerms(limit: Int, column: Int)

  /// Where the problem starts in the search, from 1.
  public var column: Int {
    switch self {
    case .unclosedParenthesis(let column), .unclosedQuote(let column), .emptyPhrase(let column),
      .emptyGroup(let column), .nothingToSearchFor(let column), .missingTerm(_, let column),
      .missingExclusion(let column), .missingValue(_, let column), .invalidTag(_, let column),
      .unknownNotebook(_, let column), .unknownState(_, let column), .invalidID(_, let column),
      .invalidDate(_, _, let column),
      .emptyRange(_, _, let column), .nestedTooDeeply(let column), .tooManyTerms(_, let column):
      column
    }
  }

  /// A message for the user.
  public var errorDescription: String? {
    switch self {
    case .unclosedParenthesis(let column):
      "The ( at column \(column) is never closed; quote it (\"(\") to search for it."
    case .unclosedQuote(let column):
      "The quote at column \(column) is never closed."
    case .emptyPhrase(let column):
      "The quotes at column \(column) hold nothing to search for."
    case .emptyGroup(let column):
      "The parentheses at column \(column) hold nothing to search for."
    case .nothingToSearchFor(let column):
      "The term at column \(column) is only accents, which searches set aside: it holds nothing "
        + "to search for."
    case .missingTerm(let word, let column):
      "\(word) at column \(column) needs a term on each side."
    case .missingExclusion(let column):
      "The exclusion at column \(column) needs a term after it."
    case .missingValue(let qualifier, let column):
      "\(qualifier) at column \(column) needs a value after it."
    case .invalidTag(let tag, let column):
      "\u{201C}\(tag)\u{201D} is not a tag (at column \(column)): "
        + "tags hold letters, digits, - and _."
    case .unknownNotebook(let name, let column):
      "There is no notebook called \u{201C}\(name)\u{201D} (in: at column \(column))."
    case .unknownState(let word, let column):
      "is:\(word) at column \(column) is not a state; is: takes pinned or untagged."
    case .invalidID(let text, let column):
      "id:\(text) at column \(column) is not the start of a note's id; an id is hex digits, "
        + "as a list shows them (id:e621)."
    case .invalidDate(let text, let qualifier, let column):
      "\(text) is not a date (\(qualifier): at column \(column)); write YYYY, YYYY-MM, "
        + "YYYY-MM-DD, today, 3d, a range A..B or a comparison such as >=2026-01."
    case .emptyRange(let text, let qualifier, let column):
      "\(text) ends before it starts (\(qualifier): at column \(column))."
    case .nestedTooDeeply(let column):
      "The parentheses at column \(column) nest more than \(NoteQuery.deepestNesting) deep."
    case .tooManyTerms(let limit, let column):
      "A search can hold at most \(limit) terms; the one at column \(column) is one too many."
    }
  }
}
