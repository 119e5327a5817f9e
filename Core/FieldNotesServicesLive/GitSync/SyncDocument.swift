import FieldNotesFormats
import FieldNotesModel
import Foundation

/// Where notes and notebooks are kept in the sync repository: one Markdown file each, written
/// and read by ``FieldNotesModel/NoteDocument``.
///
/// A note is `notes/ID.md` and a notebook `notebooks/ID.md`, where ID is the lower-case UUID;
/// a file under any other name is not FieldNotes' and is skipped.
enum SyncDocument {
  /// The folder of the notes' files.
  static let notesFolder = "notes"
  /// The folder of the notebooks' files.
  static let notebooksFolder = "notebooks"
  /// The largest file read: a note at the size limit.
  static let maximumFileBytes = NoteDocument.maximumBytes

  /// What a path in the repository holds.
  enum Kind: Hashable, Sendable {
    case note(UUID)
    case notebook(UUID)
  }

  /// The path of a note's or a notebook's file.
  static func path(_ kind: Kind) -> String {
    switch kind {
    case .note(let id): "\(notesFolder)/\(id.uuidString.lowercased()).md"
    case .notebook(let id): "\(notebooksFolder)/\(id.uuidString.lowercased()).md"
    }
  }

  /// What a path holds, or `nil` for a path FieldNotes doesn't write (another name, another
  /// case, another folder).
  static func kind(ofPath path: String) -> Kind? {
    let parts = path.split(separator: "/", omittingEmptySubsequences: false)
    guard parts.count == 2, parts[1].hasSuffix(".md") else { return nil }
    let name = String(parts[1].dropLast(3))
    guard let id = UUID(uuidString: name), id.uuidString.lowercased() == name else { return nil }
    switch parts[0] {
    case Substring(notesFolder): return .note(id)
    case Substring(notebooksFolder): return .notebook(id)
    default: return nil
    }
  }

  // MARK: - The files

  /// Why a file can't be read as a note or a notebook.
  typealias Problem = NoteDocumentError

  /// A note's file: its properties too, each as written, after FieldNotes' own keys.
  static func data(of note: Note) -> Data { NoteDocument.data(of: note) }

  /// A notebook's file.
  static func data(of notebook: Notebook) -> Data { NoteDocument.data(of: notebook) }

  /// Reads a note's file, whose name gives its identifier; a file written before notes had
  /// properties (an earlier FieldNotes') is a note with none.
  static func note(from data: Data, id: UUID) throws(Problem) -> Note {
    try NoteDocument.note(from: data, id: id)
  }

  /// Reads a notebook's file, whose name gives its identifier.
  static func notebook(from data: Data, id: UUID) throws(Problem) -> Notebook {
    try NoteDocument.notebook(from: data, id: id)
  }

  /// A date as the files write it.
  static func stamp(_ date: Date) -> String { NoteDocument.stamp(date) }
}
