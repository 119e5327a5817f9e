import FieldNotesModel
import FieldNotesServices
import Foundation

/// Why an action on the notebooks screen did not happen.
public enum NotebooksError: Error, Hashable, LocalizedError {
  /// The name breaks a naming rule.
  case invalidName(NotebookNameError)
  /// No notebook has this name.
  case unknownNotebook(String)
  /// The store could not save the change; nothing changed.
  case store(NoteStoreError)
  /// There is no deletion waiting to be confirmed.
  case noDeletionPending
  /// A notebook with this identifier already exists.
  case duplicateNotebook(Notebook.ID)

  /// A message for the user.
  public var errorDescription: String? {
    switch self {
    case .invalidName(let reason): reason.errorDescription
    case .unknownNotebook(let name): "There is no notebook called \u{201C}\(name)\u{201D}."
    case .store(let error): error.errorDescription
    case .noDeletionPending: "There is no deletion to confirm."
    case .duplicateNotebook: "A notebook with the same identity already exists."
    }
  }
}

extension NoteStoreError {
  /// The notebooks' refusal to add a notebook twice, ``NotebooksError/duplicateNotebook(_:)``,
  /// as the store's one write path carries it.
  ///
  /// - Parameter id: The notebook's identifier.
  /// - Returns: The refusal.
  public static func duplicateNotebook(_ id: Notebook.ID) -> NoteStoreError {
    .refused(StoreRefusal(NotebooksError.duplicateNotebook(id)))
  }
}
