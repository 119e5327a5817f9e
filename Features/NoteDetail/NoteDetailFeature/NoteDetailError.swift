import FieldNotesServices
import Foundation

/// Why an action on a note's page did not happen.
public enum NoteDetailError: Error, Hashable, LocalizedError {
  /// The store could not save the change; nothing changed.
  case store(NoteStoreError)
  /// There is no deletion to undo.
  case nothingToUndo

  /// A message for the user.
  public var errorDescription: String? {
    switch self {
    case .store(let error): error.errorDescription
    case .nothingToUndo: "There is nothing to undo."
    }
  }
}
