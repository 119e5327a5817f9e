import FieldNotesPlatform
import FieldNotesServices
import Foundation

extension SQLiteNoteRepository {
  /// The words a shell completes from a store: its notebooks' names, its tags, or its notes.
  public enum CompletionWords: String, CaseIterable, Sendable {
    /// Every notebook's name.
    case notebooks
    /// Every tag a note carries, without its `#`.
    case tags
    /// Every saved note's id, whole, with its title.
    case ids
  }

  /// Reads the words a shell completes from the store at a path, without changing anything.
  ///
  /// The store is opened for reading only, after the checks of ``init(path:)`` that never
  /// write: a path where nothing is stays so (no store is created), and nothing is migrated. A
  /// store too old to hold the lists' tables answers with an error, as any that can't be read.
  /// A store no session has open is left exactly as it was, one file.
  ///
  /// - Parameters:
  ///   - words: Which words.
  ///   - path: The store's file.
  /// - Returns: The words, each with what a shell may show beside it (a note's title), names
  ///   and tags in order, notes changed last first.
  /// - Throws: ``FieldNotesServices/RepositoryError`` when there is no store there or it can't
  ///   be read.
  public static func completionWords(
    _ words: CompletionWords, ofStoreAt path: String
  ) throws(RepositoryError) -> [(word: String, description: String?)] {
    var isFolder: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder),
      !isFolder.boolValue
    else {
      throw .cannotOpen(path: path, reason: "there is no store there")
    }
    try checkIdentity(ofStoreAt: path)
    // A rollback journal is there while an import writes into a store that had no notes
    // (`SQLiteImportJournal`), or after a crash in one until the store is opened again: the
    // file may be half written, and reading it would wait for the import.
    // SQLite keeps its log and journal beside the file a link names, not beside the link.
    let sidecar = FilePaths.resolved(path)
    if FileManager.default.fileExists(atPath: sidecar + "-journal") {
      throw .readFailed(reason: "the store is being written by an import; try again once it ends")
    }
    do {
      // A store no session has open (no `-wal` file) is read as it is, so reading it leaves no
      // `-wal` or `-shm` file behind; one a session has open is read through its log.
      let isOpenElsewhere = FileManager.default.fileExists(atPath: sidecar + "-wal")
      let connection = try SQLiteConnection(
        path: path, readOnly: true, immutable: !isOpenElsewhere)
      let sql =
        switch words {
        case .notebooks: "SELECT name FROM notebooks ORDER BY name"
        case .tags: "SELECT tag FROM tag_counts WHERE notes > 0 ORDER BY tag"
        case .ids: "SELECT id, title FROM notes ORDER BY updated_at DESC"
        }
      let statement = try connection.prepare(sql)
      var found: [(word: String, description: String?)] = []
      while try statement.step() {
        if words == .ids {
          guard let id = statement.uuid(at: 0) else { continue }
          found.append((id.uuidString, statement.text(at: 1)))
        } else {
          found.append((statement.text(at: 0), nil))
        }
      }
      return found
    } catch {
      throw error.repositoryError(path: path, writing: false)
    }
  }
}
