import FieldNotesModel
import Foundation

/// A list's search: the text as the user typed it, and the query it was parsed into once.
///
/// Kept together so that a list shows the words typed (`search "heron pond"`) and asks the
/// store the query they mean, and the two can't disagree: the only ways to make one parse the
/// text, or take it literally.
public struct NoteSearch: Hashable, Sendable {
  /// The search as typed; empty for none.
  public let text: String
  /// What it finds.
  public let query: NoteQuery

  /// No search: every note.
  public static let none = NoteSearch(text: "", query: .everything)

  private init(text: String, query: NoteQuery) {
    self.text = text
    self.query = query
  }

  /// Parses a search, trimming the spaces around it.
  ///
  /// - Parameters:
  ///   - text: The search as typed.
  ///   - context: The notebooks, the moment and the time zone it is read against.
  /// - Throws: ``NoteQueryError`` for text that isn't a search.
  public init(parsing text: String, in context: NoteQuery.Context) throws(NoteQueryError) {
    let trimmed = text.trimmingCharacters(in: .whitespaces)
    self.init(text: trimmed, query: try NoteQuery(parsing: trimmed, in: context))
  }

  /// A search for some text exactly as it is: one phrase, no operators, as the seed's
  /// `searchText` filter matches.
  ///
  /// - Parameter text: The text every note found contains; empty for no search.
  public init(literally text: String) {
    self.init(text: text, query: text.isEmpty ? .everything : .text(text))
  }
}
