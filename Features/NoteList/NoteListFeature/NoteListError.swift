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
  /// The id typed names no note, or several.
  case noteID(NoteIDError)
  /// The number typed is a row's and also the start of another note's id, titled so: which is
  /// meant can't be told.
  case rowOrID(String, title: String)

  /// A message for the user.
  public var errorDescription: String? {
    switch self {
    case .store(let error): error.errorDescription
    case .nothingToUndo: "There is nothing to undo."
    case .invalidSearch(let error): error.errorDescription
    case .noteID(let error): error.errorDescription
    case .rowOrID(let number, let title):
      "\(number) is a row of this list and the start of the id of \u{201C}\(title)\u{201D}: "
        + "type the id the row shows, or more of that note's id"
    }
  }
}
