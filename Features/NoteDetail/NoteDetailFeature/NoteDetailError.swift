import FieldNotesModel
import FieldNotesServices
import Foundation

/// Why an action on a note's page did not happen.
public enum NoteDetailError: Error, Hashable, LocalizedError {
  /// The store could not save the change; nothing changed.
  case store(NoteStoreError)
  /// There is no deletion to undo.
  case nothingToUndo
  /// No note links to the note's earlier title: `relink` has nothing to rewrite.
  case nothingToRelink
  /// The note has no version with this number.
  case versionNotFound(Note.ID, number: Int)
  /// The page's note is gone (deleted here, by another FieldNotes or by a sync), so nothing
  /// can be done to it there: it is in the trash, or was deleted for good.
  case noteGone(inTrash: Bool)
  /// `rename` was given a blank title.
  case titleRequired
  /// `rename` was given the title of another note: links to it would name one of the two.
  case titleTaken(String)
  /// `rename` was given a title no link can name, holding `|`, `#`, `[` or `]`: the links it
  /// rewrote would name another title, or none.
  case titleNotLinkable(String)
  /// `open N` named no row of the note's links and backlinks: the row asked for, and how many
  /// rows the page numbers.
  case noLinkedRow(Int, rowCount: Int)
  /// `attachment save N` named no row of the note's attachments: the row asked for, and how
  /// many the page numbers.
  case noAttachmentRow(Int, rowCount: Int)
  /// A file was not written where it was asked for: it is there already, its folder is
  /// missing, ….
  case fileNotWritten(NewFileError)
  /// The view model was given a client that doesn't do this (a test's
  /// ``UnimplementedNoteDetailClient``): the member asked for.
  case notProvided(String)

  /// A message for the user.
  public var errorDescription: String? {
    switch self {
    case .store(let error): error.errorDescription
    case .nothingToUndo: "There is nothing to undo."
    case .nothingToRelink: "No note links to this note's earlier title."
    case .versionNotFound(_, let number):
      "This note has no version \(number); `history` lists the versions kept."
    case .noteGone(inTrash: true):
      "This note was deleted, and is in the trash: `back` leaves its page; `trash` on the "
        + "notebooks screen, then `restore N`, brings it back with its history."
    case .noteGone(inTrash: false):
      "This note no longer exists (it was deleted for good): `back` leaves its page."
    case .titleRequired: "A note needs a title; type `rename NEW TITLE`."
    case .titleTaken(let title):
      "Another note is titled \u{201C}\(title)\u{201D} (ignoring case and accents), and links "
        + "name a note by its title; choose another title."
    case .titleNotLinkable(let title):
      "A link can't name \u{201C}\(title)\u{201D}: in `[[…]]`, `|` starts the text shown, `#` a "
        + "heading, and `[` or `]` end it; choose a title without them (`edit` changes the title "
        + "without rewriting links)."
    case .noLinkedRow(let row, 0):
      "There is no row \(row): this note links to no note, and no note links to it."
    case .noLinkedRow(let row, let count):
      "There is no row \(row): the links and backlinks are numbered 1 to \(count)."
    case .noAttachmentRow(let row, 0):
      "There is no attachment \(row): no file is kept with this note."
    case .noAttachmentRow(let row, let count):
      "There is no attachment \(row): the attachments are numbered 1 to \(count)."
    case .fileNotWritten(let error):
      "\(error.errorDescription ?? "The file was not written.") (choose a path where nothing is)."
    case .notProvided(let member): "\(member) was not provided to the note page's view model."
    }
  }
}

extension NoteStoreError {
  /// The history's refusal of a version the note doesn't have,
  /// ``NoteDetailError/versionNotFound(_:number:)``, as the store's one write path carries it.
  ///
  /// - Parameters:
  ///   - id: The note.
  ///   - number: The version asked for.
  /// - Returns: The refusal.
  public static func versionNotFound(_ id: Note.ID, number: Int) -> NoteStoreError {
    .refused(StoreRefusal(NoteDetailError.versionNotFound(id, number: number)))
  }
}
