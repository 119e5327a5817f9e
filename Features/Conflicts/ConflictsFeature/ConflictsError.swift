import FieldNotesModel
import FieldNotesServices
import Foundation

/// Why an action on the conflict inbox did not happen.
public enum ConflictsError: Error, Hashable, LocalizedError {
  /// The list has no such row: the row asked for, and how many there are.
  case noRow(Int, count: Int)
  /// No conflict is open, and no row was given: the resolution asked for, which the message
  /// repeats, so following it keeps the text the user chose.
  case nothingOpen(ConflictResolution)
  /// The open conflict's texts changed since they were shown (another process, a sync): the
  /// screen shows them again, and nothing is resolved until the user has seen them.
  case changedSinceShown
  /// The note is no conflict copy (or its conflict was resolved meanwhile).
  case notAConflict(Note.ID)
  /// The note a conflict copy conflicts with is gone, so there is no original to keep.
  case conflictOriginalGone(Note.ID)
  /// The store could not make the change; nothing changed.
  case store(NoteStoreError)
  /// The view model was given a client that doesn't do this (a test's
  /// ``UnimplementedConflictsClient``): the member asked for.
  case notProvided(String)

  /// A message for the user.
  public var errorDescription: String? {
    switch self {
    case .noRow(let number, let count):
      count == 0
        ? "There are no conflicts."
        : "There is no conflict \(number); there " + (count == 1 ? "is only one." : "are \(count).")
    case .nothingOpen(let resolution):
      "Open a conflict first (`open N`), or give its number: keep \(resolution.rawValue) N."
    case .changedSinceShown:
      "This conflict changed since it was shown (another FieldNotes or a sync); it is shown "
        + "again as it is now: look, then `keep` again."
    case .notAConflict: "That conflict is resolved already."
    case .conflictOriginalGone:
      "The note this copy conflicts with is gone (deleted, or in the trash): `keep copy` keeps "
        + "this text as a note of its own, or restore the note from the trash first."
    case .store(let error): error.errorDescription
    case .notProvided(let member): "\(member) was not provided to the conflict inbox's view model."
    }
  }
}

extension NoteStoreError {
  /// The conflict inbox's refusal of a resolution, ``ConflictsError/notAConflict(_:)``, as the
  /// store's one write path carries it.
  ///
  /// - Parameter id: The note that is no conflict copy (any more).
  /// - Returns: The refusal.
  public static func notAConflict(_ id: Note.ID) -> NoteStoreError {
    .refused(StoreRefusal(ConflictsError.notAConflict(id)))
  }

  /// The conflict inbox's refusal to keep an original that is gone,
  /// ``ConflictsError/conflictOriginalGone(_:)``, as the store's one write path carries it.
  ///
  /// - Parameter id: The conflict copy.
  /// - Returns: The refusal.
  public static func conflictOriginalGone(_ id: Note.ID) -> NoteStoreError {
    .refused(StoreRefusal(ConflictsError.conflictOriginalGone(id)))
  }
}
