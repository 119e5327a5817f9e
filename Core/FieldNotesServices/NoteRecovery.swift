import FieldNotesModel
import Foundation

/// What a repository keeps beside its notes so that nothing saved is lost: the version each
/// save replaced, and the trash.
///
/// The rules are the SQLite store's (its triggers and statements in `FieldNotesPersistence`),
/// kept here for the repositories in memory, so every repository keeps the same versions for
/// the same writes (`RecoveryContractTests` holds the two to it):
///
/// - a save that changes a note's title, body, tags or notebook keeps the note as it was saved
///   before, as its next version (a pin or a date alone keeps none);
/// - a trashed note leaves the notes and is kept with the date it was deleted and the name of
///   its notebook then; its versions stay;
/// - a note saved again under its identifier (restored, undone, synced back, imported) leaves
///   the trash, and the trashed text is kept as its next version when the note comes back with
///   other text;
/// - purging a trashed note deletes it, its versions and its attachments, only when its trash entry is the one
///   the user was asked about; nothing else deletes either.
public struct NoteRecovery: Hashable, Sendable {
  /// Each note's versions, oldest first.
  public private(set) var versions: [Note.ID: [NoteVersion]] = [:]
  /// The trashed notes, in the order they were deleted.
  public private(set) var trash: [TrashedNote] = []
  /// The files kept with each note, by name (see ``RepositoryChange/saveAttachment(_:forNote:)``).
  public private(set) var attachments: [Note.ID: [NoteAttachment]] = [:]

  /// Creates an empty record.
  public init() {}

  /// The trashed notes, deleted last first (by their dates, then the order they came in, as
  /// the SQLite store orders them).
  public var trashedNotes: [TrashedNote] {
    trash.enumerated()
      .sorted { ($0.element.trashedAt, $0.offset) > ($1.element.trashedAt, $1.offset) }
      .map(\.element)
  }

  /// Whether a note is in the trash.
  ///
  /// - Parameter id: The note.
  /// - Returns: `true` when it is.
  public func isTrashed(_ id: Note.ID) -> Bool { trash.contains { $0.id == id } }

  /// Keeps what one change replaces or removes, given the library before it.
  ///
  /// - Parameters:
  ///   - change: A change about to be applied.
  ///   - library: The library before it.
  public mutating func record(_ change: RepositoryChange, before library: NoteLibrary) {
    switch change {
    case .saveNote(let note), .replaceNote(_, with: let note), .restoreTrashedNote(let note):
      // The text replaced is the saved note's or, for a note saved again out of the trash
      // (a sync, an import), the trashed note's: its text may be found nowhere else.
      let trashed = trash.first { $0.id == note.id }?.note
      trash.removeAll { $0.id == note.id }
      guard let replaced = library.notes.first(where: { $0.id == note.id }) ?? trashed,
        !replaced.hasSameContent(as: note)
      else { return }
      let number = (versions[note.id]?.count ?? 0) + 1
      versions[note.id, default: []].append(
        NoteVersion(of: replaced, number: number, replacedAt: note.updatedAt))
    case .trashNote(let id, let date):
      guard let saved = library.notes.first(where: { $0.id == id }) else { return }
      let notebookName = saved.notebookID.flatMap { notebookID in
        library.notebooks.first { $0.id == notebookID }?.name
      }
      trash.append(TrashedNote(note: saved, trashedAt: date, notebookName: notebookName))
    case .purgeTrashedNote(let asked):
      let id = asked.id
      guard
        trash.contains(where: {
          $0.id == id && $0.trashedAt == asked.trashedAt
            && $0.note.updatedAt == asked.note.updatedAt
        }), !library.notes.contains(where: { $0.id == id })
      else { return }
      trash.removeAll { $0.id == id }
      versions[id] = nil
      attachments[id] = nil
    case .saveAttachment(let attachment, let id):
      guard !(attachments[id] ?? []).contains(where: { $0.name == attachment.name }) else { return }
      attachments[id, default: []].append(attachment)
      attachments[id]?.sort { $0.name < $1.name }
    case .deleteNotebook, .saveNotebook, .expectNote, .expectNotebook:
      break
    }
  }
}

extension NoteLibrary {
  /// Applies one commit's changes to the library, as ``apply(_:)`` does, keeping what they
  /// replace and remove in a record of versions and trash; a restore fails the commit unless
  /// the note is in that trash.
  ///
  /// - Parameters:
  ///   - changes: The changes of one commit.
  ///   - recovery: The versions and trash kept beside the library.
  /// - Throws: ``RepositoryError/conflict(_:)`` when an expectation fails; nothing changed then.
  public mutating func apply(_ changes: [RepositoryChange], keeping recovery: inout NoteRecovery)
    throws(RepositoryError)
  {
    for case .restoreTrashedNote(let note) in changes where !recovery.isTrashed(note.id) {
      throw .conflict(note.id)
    }
    var kept = recovery
    var before = self
    for change in changes {
      kept.record(change, before: before)
      try? before.apply([change])
    }
    // Every expectation is checked against the library before the commit, as the stores do.
    try apply(changes)
    recovery = kept
  }
}
