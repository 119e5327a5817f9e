import FieldNotesModel
import FieldNotesPersistence
import FieldNotesQuery
import Foundation

/// The words a completion script asks `fieldnotes __complete` for: the store's notebooks, tags
/// or note ids, read without changing the store.
public enum StoreCompletionWords {
  /// The digits of an id a shell offers: enough to tell apart the notes of any store a person
  /// keeps, and what a list's JSON gives a script to type.
  public static let idLength = 8

  /// Reads the words of a kind from a store.
  ///
  /// - Parameters:
  ///   - kind: `notebooks`, `tags` or `ids`; anything else has no words.
  ///   - path: The store's file; `nil` for none (a store in memory).
  /// - Returns: The words, each with what a shell may show beside it (a note's title), ids as
  ///   their first ``idLength`` digits; none when there is no store there or it can't be read.
  public static func read(_ kind: String?, ofStoreAt path: String?) -> [(
    word: String, description: String?
  )] {
    guard let kind = kind.flatMap(SQLiteNoteRepository.CompletionWords.init(rawValue:)),
      let path, !path.isEmpty,
      let found = try? SQLiteNoteRepository.completionWords(kind, ofStoreAt: path)
    else { return [] }
    guard kind == .ids else { return found }
    return found.compactMap { word, title in
      UUID(uuidString: word).map { (NoteIDPrefix(of: $0, length: idLength).description, title) }
    }
  }
}
