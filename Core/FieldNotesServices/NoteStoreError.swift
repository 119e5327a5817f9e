import FieldNotesFormats
import FieldNotesModel
import Foundation

/// Why a ``NoteStore`` mutation did not happen.
///
/// When a mutation fails, the store has already put every note and notebook back the way it was.
public enum NoteStoreError: Error, Hashable, LocalizedError {
  /// The repository could not save the change.
  case persistence(RepositoryError)
  /// No note has this identifier.
  case noteNotFound(Note.ID)
  /// No notebook has this identifier.
  case notebookNotFound(Notebook.ID)
  /// A note with this identifier already exists.
  case duplicateNote(Note.ID)
  /// No notebook has this name.
  case noNotebookNamed(String)
  /// A note is larger than ``FieldNotesModel/NoteDocument/maximumBytes``: the bytes its file
  /// would take.
  case noteTooLarge(title: String, bytes: Int)
  /// A feature's change can't be made, for a reason of the feature's own (see
  /// ``StoreRefusal``).
  case refused(StoreRefusal)

  /// A message for the user.
  public var errorDescription: String? {
    switch self {
    case .persistence(let error): error.errorDescription
    case .noteNotFound: "That note no longer exists."
    case .notebookNotFound: "That notebook no longer exists."
    case .duplicateNote: "A note with the same identity already exists."
    case .noNotebookNamed(let name): "There is no notebook called \u{201C}\(name)\u{201D}."
    case .noteTooLarge(let title, let bytes):
      "The note \u{201C}\(title.prefix(40))\u{201D} would take \(bytes) bytes, more than the "
        + "\(NoteDocument.maximumBytes) a note may; it was not saved."
    case .refused(let refusal): refusal.reason.errorDescription
    }
  }
}
