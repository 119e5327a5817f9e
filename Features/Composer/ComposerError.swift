import FieldNotesServices
import Foundation

/// Why a composer action did not happen.
public enum ComposerError: Error, Hashable, LocalizedError {
  /// The draft cannot be changed or saved now (it is being saved, or the composer has closed).
  case notEditable
  /// The draft breaks these rules, so it was not saved.
  case invalidDraft([DraftProblem])
  /// No notebook has this name.
  case unknownNotebook(String)
  /// There is no discard question to answer.
  case noDiscardPending
  /// The store refused the note; the draft is kept, and saving again retries.
  case saveFailed(NoteStoreError)

  /// A message for the user.
  public var errorDescription: String? {
    switch self {
    case .notEditable:
      "The note can't be changed now."
    case .invalidDraft(let problems):
      problems.compactMap(\.errorDescription).joined(separator: " ")
    case .unknownNotebook(let name):
      "There is no notebook called \u{201C}\(name)\u{201D}."
    case .noDiscardPending:
      "There is no question to answer."
    case .saveFailed(.persistence(.conflict)):
      "Another FieldNotes changed this note since you opened it; saving again puts your version "
        + "over theirs."
    case .saveFailed(let error):
      error.errorDescription ?? "The note was not saved."
    }
  }
}
