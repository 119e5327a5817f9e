import FieldNotesServices
import Foundation

/// Why a composer action did not happen.
public enum ComposerError: Error, Hashable, LocalizedError {
  /// The draft cannot be changed or saved now: the composer has closed, or asks a question.
  case notEditable
  /// The draft breaks these rules, so it was not saved.
  case invalidDraft([DraftProblem])
  /// No notebook has this name.
  case unknownNotebook(String)
  /// There is no question to answer.
  case noQuestionAsked
  /// The store refused the note; the draft is kept, and saving again retries.
  case saveFailed(NoteStoreError)
  /// No kept draft is at this position of the list; `count` are kept.
  case noSuchDraft(position: Int, count: Int)
  /// A kept draft can't be taken up over text typed since the composer opened.
  case unsavedChangesInTheWay
  /// The store could not forget a kept draft; it is still kept.
  case discardFailed(NoteStoreError)
  /// The store could not keep the unsaved text as a draft; nothing changed.
  case draftNotKept(NoteStoreError)
  /// The user's editor couldn't run, or failed; the draft is as it was.
  case editorFailed(TextEditingError)
  /// The editor failed (a signal, an exit status) after writing the file: what it wrote is kept
  /// as a draft, at this position of ``ComposerViewModel/keptDrafts``; the draft being written
  /// is as it was.
  case editorEndedAfterWriting(EditorEnding, draftPosition: Int)
  /// The editor left a file whose front matter or heading can't be read, for this reason; its
  /// whole text is the body now.
  case editedFileUnreadable(String)
  /// The view model was given a client that doesn't do this (a test's
  /// ``UnimplementedComposerClient``): the member asked for.
  case notProvided(String)

  /// A message for the user.
  public var errorDescription: String? {
    switch self {
    case .notEditable:
      "The note can't be changed now."
    case .invalidDraft(let problems):
      problems.compactMap(\.errorDescription).joined(separator: " ")
    case .unknownNotebook(let name):
      "There is no notebook called \u{201C}\(name)\u{201D}."
    case .noQuestionAsked:
      "There is no question to answer."
    case .saveFailed(.persistence(.conflict)):
      "Another FieldNotes changed this note since you opened it; saving again puts your version "
        + "over theirs."
    case .saveFailed(.noteNotFound):
      "Another FieldNotes moved this note to the trash or deleted it since you opened it; saving "
        + "again keeps your text as a new note."
    case .saveFailed(let error):
      error.errorDescription ?? "The note was not saved."
    case .noSuchDraft(_, let count):
      switch count {
      case 0: "No draft of this note is kept."
      case 1: "Only one draft of this note is kept."
      default: "Only \(count) drafts of this note are kept."
      }
    case .unsavedChangesInTheWay:
      "A kept draft would replace what you typed here; save it or cancel it first."
    case .discardFailed(let error):
      "The draft is still kept: " + (error.errorDescription ?? "the store refused.")
    case .draftNotKept(let error):
      "The draft was not kept: " + (error.errorDescription ?? "the store refused.")
    case .editorFailed(let error):
      (error.errorDescription ?? "The editor failed.") + " The note is as it was, not saved."
    case .editorEndedAfterWriting(let ending, let position):
      "The editor \(ending.phrase) after it wrote the file; what it wrote is kept as a draft: "
        + "`draft \(position + 1)` goes on with it. The note is as it was, not saved."
    case .editedFileUnreadable(let reason):
      "The file the editor left can't be read as a note (\(reason)), so all of it is the body "
        + "now: `editor` again to fix it."
    case .notProvided(let member): "\(member) was not provided to the composer's view model."
    }
  }
}
