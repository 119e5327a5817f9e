import FieldNotesModel
import FieldNotesServices
import Foundation

/// Why an action on the trash did not happen.
public enum TrashError: Error, Hashable, LocalizedError {
  /// The list has no such row: the row asked for, and how many there are.
  case noRow(Int, count: Int)
  /// The trash is empty already.
  case alreadyEmpty
  /// No question is waiting for `yes` or `no`.
  case nothingAsked
  /// The note is not in the trash (restored, or the trash emptied, meanwhile).
  case notInTrash(Note.ID)
  /// The store could not make the change; nothing changed.
  case store(NoteStoreError)
  /// The view model was given a client that doesn't do this (a test's
  /// ``UnimplementedTrashClient``): the member asked for.
  case notProvided(String)

  /// A message for the user.
  public var errorDescription: String? {
    switch self {
    case .noRow(let number, let count):
      count == 0
        ? "The trash is empty."
        : "There is no note \(number) in the trash; it holds "
          + (count == 1 ? "only one." : "\(count).")
    case .alreadyEmpty: "The trash is empty already."
    case .nothingAsked: "Nothing was asked; `empty` asks whether to empty the trash."
    case .notInTrash: "That note is no longer in the trash."
    case .store(let error): error.errorDescription
    case .notProvided(let member): "\(member) was not provided to the trash's view model."
    }
  }
}

extension NoteStoreError {
  /// The trash's refusal of a restore, ``TrashError/notInTrash(_:)``, as the store's one write
  /// path carries it.
  ///
  /// - Parameter id: The note no longer in the trash.
  /// - Returns: The refusal.
  public static func notInTrash(_ id: Note.ID) -> NoteStoreError {
    .refused(StoreRefusal(TrashError.notInTrash(id)))
  }
}
