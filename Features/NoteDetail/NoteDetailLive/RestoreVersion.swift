import FieldNotesModel
import FieldNotesServices

/// Makes a version of a note its current text (title, body, tags, notebook and properties),
/// through the store's one write path.
///
/// The text it replaces is kept as a version, so restoring loses nothing. Nothing is written
/// when the version is the note's text already (its notebook, if deleted since, counting as
/// none).
public struct RestoreVersion: StoreChange, Hashable, Sendable {
  /// The note.
  public let noteID: Note.ID
  /// The version's number, as `history` lists it.
  public let number: Int

  /// Names the version to restore.
  ///
  /// - Parameters:
  ///   - noteID: The note.
  ///   - number: The version's number.
  public init(_ noteID: Note.ID, number: Int) {
    self.noteID = noteID
    self.number = number
  }

  /// Works out the change from the note and its versions as the store reads them now.
  ///
  /// - Parameter store: The store.
  /// - Returns: What is written; nothing when the version is the note's text already.
  /// - Throws: ``FieldNotesServices/NoteStoreError``: no such note, or version, or a text too
  ///   large.
  public func edit(in store: NoteStore) throws(NoteStoreError) -> StoreEdit {
    let saved = try store.savedNote(noteID)
    let found: NoteVersion?
    do { found = try store.journal.version(number, ofNote: noteID) } catch {
      throw .persistence(error)
    }
    guard let version = found else {
      throw .versionNotFound(noteID, number: number)
    }
    var restored = version.applied(to: saved)
    if let notebookID = restored.notebookID, try store.notebook(withID: notebookID) == nil {
      restored.notebookID = nil
    }
    guard !restored.hasSameContent(as: saved) else { return .none }
    try restored.validateSize()
    return StoreEdit.replacing(saved, with: restored, editedAt: store.now()).expecting(
      notebookOf: restored)
  }

  /// The note deleted meanwhile.
  ///
  /// - Parameter store: The store, holding what is saved now.
  /// - Returns: ``FieldNotesServices/NoteStoreError/noteNotFound(_:)``, or `nil`.
  public func whyNot(in store: NoteStore) -> NoteStoreError? {
    do { return try store.note(withID: noteID) == nil ? .noteNotFound(noteID) : nil } catch {
      return error
    }
  }
}
