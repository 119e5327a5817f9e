import FieldNotesCommandLine
import FieldNotesModel
import FieldNotesPersistence
import FieldNotesPlatform
import FieldNotesQuery
import FieldNotesTerminal
import Foundation

/// The answer to a completion script's hidden `fieldnotes __complete …`: the store's
/// notebooks, tags or note ids, a line each, for the word under the cursor.
enum CompletionAnswer {
  /// The digits of an id a shell offers: as many as a list shows at the least for a store of
  /// a few thousand notes, and what the scripts type.
  static let idLength = 8

  /// Prints the candidates of a request, read from the store `--store` names or the default
  /// one, which is only read: no store is created, no init file runs, nothing is migrated.
  ///
  /// - Parameters:
  ///   - request: What is asked.
  ///   - environment: The process environment, where the default store is found.
  ///   - console: Where to print.
  /// - Returns: Always 0: a store that isn't there or can't be read answers nothing.
  @MainActor
  static func run(
    _ request: CompletionRequest, environment: [String: String], console: any ConsoleOutput
  ) -> Int32 {
    guard let kind = request.kind, !request.isInMemory,
      let path = request.storePath ?? (try? StoreLocation.defaultPath(environment: environment)),
      !path.isEmpty
    else { return 0 }
    let words: SQLiteNoteRepository.CompletionWords =
      switch kind {
      case .notebooks: .notebooks
      case .tags: .tags
      case .ids: .notes
      }
    guard var found = try? SQLiteNoteRepository.completionWords(words, ofStoreAt: path) else {
      return 0
    }
    if kind == .ids {
      found = found.compactMap { word, title in
        guard let id = Note.ID(uuidString: word) else { return nil }
        return (NoteIDPrefix(of: id, length: idLength).description, title)
      }
    }
    let lines = request.lines(of: found)
    if !lines.isEmpty { console.print(lines: lines) }
    return 0
  }
}
