import FieldNotesModel

extension NoteStore {
  /// Keeps the unsaved text of a note being written, so the next composer for the same note
  /// can offer it back; it replaces only the draft its own session kept of the note.
  ///
  /// - Parameters:
  ///   - draft: The draft.
  ///   - origin: The kept draft it was taken up from, forgotten in the same write; `nil` for
  ///     none.
  /// - Throws: ``NoteStoreError/persistence(_:)`` when it could not be kept; nothing changed then.
  public func keepDraft(_ draft: Draft, superseding origin: Draft? = nil) throws(NoteStoreError) {
    guard let repository else {
      draftsInMemory.removeAll { $0.isKept(as: draft) || origin.map($0.isKept(as:)) == true }
      draftsInMemory.append(draft)
      return
    }
    do { try repository.keepDraft(draft, superseding: origin) } catch { throw .persistence(error) }
  }

  /// The drafts kept of a note by every session, newest first; drafts that can't be read
  /// count as none.
  ///
  /// - Parameter noteID: The note, or `nil` for a new note.
  /// - Returns: The drafts.
  public func keptDrafts(forNote noteID: Note.ID?) -> [Draft] {
    guard let repository else {
      return draftsInMemory.filter { $0.noteID == noteID }.sorted { $0.keptAt > $1.keptAt }
    }
    return (try? repository.keptDrafts(forNote: noteID)) ?? []
  }

  /// Forgets a kept draft, once it was saved or the user chose to.
  ///
  /// - Parameter draft: The draft.
  /// - Throws: ``NoteStoreError/persistence(_:)`` when it could not be removed; it is then
  ///   offered again next time, which loses nothing.
  public func discardDraft(_ draft: Draft) throws(NoteStoreError) {
    guard let repository else {
      draftsInMemory.removeAll { $0.isKept(as: draft) }
      return
    }
    do { try repository.discardDraft(draft) } catch { throw .persistence(error) }
  }
}
