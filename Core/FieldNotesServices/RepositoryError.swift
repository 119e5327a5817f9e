import FieldNotesModel
import Foundation

/// Why a ``NoteRepository`` could not read or write.
public enum RepositoryError: Error, Hashable, LocalizedError {
  /// The file exists but is not a FieldNotes store: another app's database, or not a database.
  case notAFieldNotesStore(path: String)
  /// The file is a damaged database.
  case corrupt(path: String, detail: String)
  /// The store was written by a newer FieldNotes with a schema this version doesn't know.
  case newerSchema(path: String, version: Int, supported: Int)
  /// The store cannot be opened or created at all.
  case cannotOpen(path: String, reason: String)
  /// The store is read-only, so nothing can be saved.
  case readOnly(path: String)
  /// The disk is full, so nothing can be saved.
  case diskFull
  /// Another process held the store for too long.
  case busy
  /// Another process changed (or deleted, or added) this note since it was read; nothing was
  /// saved.
  case conflict(Note.ID)
  /// Another process committed since the changes were planned from what was read, so they
  /// may no longer fit what is saved; nothing was saved (see
  /// ``NoteRepository/commit(streaming:unchangedSince:progress:)``).
  case changedMeanwhile
  /// The work was stopped before it was saved: the task running it was cancelled (Ctrl-C
  /// during an import), and nothing of it was saved.
  case stopped
  /// Any other failure while writing.
  case writeFailed(reason: String)
  /// Any other failure while reading.
  case readFailed(reason: String)

  /// A message for the user.
  public var errorDescription: String? {
    switch self {
    case .notAFieldNotesStore(let path):
      "\(path) is not a FieldNotes store (it is another kind of file); it was left untouched."
    case .corrupt(let path, let detail):
      "\(path) is damaged and cannot be read (\(detail)); it was left untouched."
    case .newerSchema(let path, let version, let supported):
      "\(path) was written by a newer FieldNotes (schema \(version), this version reads up to "
        + "\(supported)); it was left untouched."
    case .cannotOpen(let path, let reason):
      "Cannot open the store at \(path): \(reason)."
    case .readOnly(let path):
      "The store at \(path) is read-only, so the change was not saved."
    case .diskFull:
      "The disk is full, so the change was not saved."
    case .busy:
      "Another FieldNotes is busy with the store, so the change was not saved; try again."
    case .conflict:
      "Another FieldNotes changed this note meanwhile, so the change was not saved."
    case .changedMeanwhile:
      "Another FieldNotes kept changing the store, so the change was not saved; try again."
    case .stopped:
      "Stopped before anything was saved."
    case .writeFailed(let reason):
      "The change was not saved: \(reason)."
    case .readFailed(let reason):
      "The notes could not be read: \(reason)."
    }
  }

  /// What went wrong, without what it meant for the change or what to do next: for a message
  /// that says those itself, such as one printed as FieldNotes ends, when "try again" can't be.
  public var cause: String {
    switch self {
    case .notAFieldNotesStore(let path): "\(path) is not a FieldNotes store"
    case .corrupt(let path, let detail): "\(path) is damaged (\(detail))"
    case .newerSchema(let path, _, _): "\(path) was written by a newer FieldNotes"
    case .cannotOpen(let path, let reason): "the store at \(path) cannot be opened: \(reason)"
    case .readOnly(let path): "the store at \(path) is read-only"
    case .diskFull: "the disk is full"
    case .busy: "another FieldNotes held the store for too long"
    case .conflict: "another FieldNotes changed this note meanwhile"
    case .changedMeanwhile: "another FieldNotes kept changing the store"
    case .stopped: "it was stopped"
    case .writeFailed(let reason), .readFailed(let reason): reason
    }
  }
}
