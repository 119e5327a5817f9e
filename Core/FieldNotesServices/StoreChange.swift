import FieldNotesModel
import Foundation

/// One change to the notes, worked out from what the store shows now and written as one
/// transaction by ``NoteStore/commit(_:progress:)``, the one write path.
///
/// The store's own changes are ``NoteStore/Mutation``; a feature that writes something of its
/// own (restoring from the trash, resolving a conflict) declares its change in its live target,
/// built from the store's reads (``NoteStore/savedNote(_:)``) and ``StoreEdit``
/// (``StoreEdit/replacing(_:with:editedAt:)``), each note written held to its file's size
/// (``Note/validateSize()``), and refuses, when it can't be made, with a reason
/// of its own (``StoreRefusal``).
@MainActor
public protocol StoreChange {
  /// Works out what to write from what the store reads now; called again, after the store has
  /// read what another process saved, for a change that ``holdsWhateverElseChanged``.
  ///
  /// - Parameter store: The store.
  /// - Returns: The changes, and the notes they save and remove.
  /// - Throws: ``NoteStoreError`` when the change can't be made; nothing is written then.
  func edit(in store: NoteStore) throws(NoteStoreError) -> StoreEdit

  /// Whether the change still says what the user wants when another process changed the note
  /// meanwhile, and is made again on the fresh note (a pin, a move, a delete), rather than
  /// refused as a conflict (a whole note's text, which would overwrite the other change).
  var holdsWhateverElseChanged: Bool { get }

  /// Why the change can no longer be made, asked once the store has read what another process
  /// saved: what it needs is gone (a note deleted, a notebook deleted, a conflict resolved).
  ///
  /// - Parameter store: The store, holding what is saved now.
  /// - Returns: The reason, or `nil` when the change could still be made.
  func whyNot(in store: NoteStore) -> NoteStoreError?
}

extension StoreChange {
  /// `false`: a change is refused when what it read changed, unless it says otherwise.
  public var holdsWhateverElseChanged: Bool { false }

  /// `nil`: a conflict is said as a conflict, unless the change says otherwise.
  ///
  /// - Parameter store: The store.
  /// - Returns: `nil`.
  public func whyNot(in store: NoteStore) -> NoteStoreError? { nil }
}

/// What one change saves: its changes, and the notes they write and remove (which the store
/// then shows without reading them again).
public struct StoreEdit: Sendable {
  /// The changes, in one transaction.
  public var changes: [RepositoryChange]
  /// The notes written, as saved.
  public var savedNotes: [Note]
  /// The notes removed, as they were.
  public var removedNotes: [Note]

  /// Makes an edit.
  ///
  /// - Parameters:
  ///   - changes: The changes, in one transaction.
  ///   - savedNotes: The notes they write, as saved.
  ///   - removedNotes: The notes they remove, as they were.
  public init(
    changes: [RepositoryChange], savedNotes: [Note] = [], removedNotes: [Note] = []
  ) {
    self.changes = changes
    self.savedNotes = savedNotes
    self.removedNotes = removedNotes
  }

  /// An edit that changes nothing.
  public static var none: StoreEdit { StoreEdit(changes: []) }

  /// An edit replacing a saved note with a changed copy, stamped as edited at a date: the write
  /// checks that the saved note is still the one read, and keeps its text as a version.
  ///
  /// - Parameters:
  ///   - saved: The note as read.
  ///   - note: The note as it should be.
  ///   - date: When it is edited (the store's ``NoteStore/now``).
  /// - Returns: The edit.
  public static func replacing(_ saved: Note, with note: Note, editedAt date: Date) -> StoreEdit {
    var edited = note
    edited.updatedAt = date
    return StoreEdit(changes: [.replaceNote(saved, with: edited)], savedNotes: [edited])
  }

  /// The same edit, failing unless the note's notebook is still saved when it is written
  /// (another process may have deleted it since the store read it).
  ///
  /// - Parameter note: The note written.
  /// - Returns: The edit.
  public func expecting(notebookOf note: Note) -> StoreEdit {
    guard let id = note.notebookID, !changes.isEmpty else { return self }
    var edit = self
    edit.changes.insert(.expectNotebook(id, forNote: note.id), at: 0)
    return edit
  }
}
