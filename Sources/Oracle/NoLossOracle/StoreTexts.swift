import FieldNotesModel
import FieldNotesPersistence
import FieldNotesServices
import Foundation

/// Every text a store holds where FieldNotes can give it back: its notes (conflict copies
/// among them), every version of every note it keeps, its trash, and the drafts every session
/// kept.
struct StoreTexts {
  /// The texts kept anywhere but the trash and the versions of trashed notes.
  var kept: [String] = []
  /// The texts of the trash and of trashed notes' versions: what `empty` may delete for good.
  var trashed: [String] = []
  /// The notes' titles, oldest note first.
  var titles: [String] = []
  /// How many notes, trashed notes, conflict copies and versions the store holds.
  var noteCount = 0
  var trashCount = 0
  var conflictCount = 0
  var versionCount = 0
  /// How many drafts of new notes are kept.
  var newNoteDraftCount = 0

  /// Nothing: a store not read yet.
  init() {}

  /// Reads a store file.
  ///
  /// - Parameter path: The store.
  /// - Throws: ``FieldNotesServices/RepositoryError`` when it can't be read.
  init(store path: String) throws {
    let repository = try SQLiteNoteRepository(path: path)
    let library = try repository.load()
    noteCount = library.notes.count
    titles = library.notes.map(\.title)
    for note in library.notes {
      kept.append(Self.text(of: note))
      if note.conflictOf != nil { conflictCount += 1 }
      for version in try repository.versions(ofNote: note.id) {
        kept.append(([version.title, version.body] + version.tags).joined(separator: "\n"))
        versionCount += 1
      }
    }
    let trash = try repository.trashedNotes()
    trashCount = trash.count
    for trashedNote in trash {
      trashed.append(Self.text(of: trashedNote.note))
      for version in try repository.versions(ofNote: trashedNote.id) {
        trashed.append(([version.title, version.body] + version.tags).joined(separator: "\n"))
      }
    }
    let newNoteDrafts = try repository.keptDrafts(forNote: nil)
    newNoteDraftCount = newNoteDrafts.count
    var drafts = newNoteDrafts
    for id in try repository.noteIDsWithKeptDrafts() {
      drafts += try repository.keptDrafts(forNote: id)
    }
    kept += drafts.map { ([$0.title, $0.body] + $0.tags).joined(separator: "\n") }
  }

  private static func text(of note: Note) -> String {
    ([note.title, note.body] + note.tags).joined(separator: "\n")
  }

  /// Whether a word is anywhere in the store.
  func holds(_ word: String) -> Bool {
    kept.contains { $0.contains(word) } || trashed.contains { $0.contains(word) }
  }

  /// Whether a word is in the store other than in the trash and the versions of trashed notes.
  func holdsOutsideTheTrash(_ word: String) -> Bool {
    kept.contains { $0.contains(word) }
  }
}
