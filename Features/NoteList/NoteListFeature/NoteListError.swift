import FieldNotesModel
import FieldNotesQuery
import FieldNotesServices
import Foundation

/// Why an action on a note list did not happen.
public enum NoteListError: Error, Hashable, LocalizedError {
  /// The store could not save the change; nothing changed.
  case store(NoteStoreError)
  /// There is no deletion to undo.
  case nothingToUndo
  /// The text typed isn't a search; the list kept the search it had.
  case invalidSearch(NoteQueryError)

  /// A message for the user.
  public var errorDescription: String? {
    switch self {
    case .store(let error): error.errorDescription
    case .nothingToUndo: "There is nothing to undo."
    case .invalidSearch(let error): error.errorDescription
    }
  }
}
