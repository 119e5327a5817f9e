import FieldNotesModel

extension NoteStore {
  /// Keeps the unsaved text of a note being written, so the next composer for the same note
  /// can offer it back.
  ///
  /// - Parameter draft: The draft.
  /// - Throws: ``NoteStoreError/persistence(_:)`` when it could not be kept.
  public func keepDraft(_ draft: Draft) throws(NoteStoreError) {
    guard let repository else {
      draftsInMemory[draft.noteID] = draft
      return
    }
    do { try repository.keepDraft(draft) } catch { throw .persistence(error) }
  }

  /// The draft kept for a note, if any; a draft that can't be read counts as none.
  ///
  /// - Parameter noteID: The note, or `nil` for a new note.
  /// - Returns: The draft, or `nil`.
  public func keptDraft(forNote noteID: Note.ID?) -> Draft? {
    guard let repository else { return draftsInMemory[noteID] }
    return try? repository.keptDraft(forNote: noteID)
  }

  /// Forgets the draft kept for a note, once it was restored, saved or declined.
  ///
  /// - Parameter noteID: The note, or `nil` for a new note.
  public func discardDraft(forNote noteID: Note.ID?) {
    guard let repository else {
      draftsInMemory[noteID] = nil
      return
    }
    // A draft that can't be removed is offered again next time, which loses nothing.
    try? repository.discardDraft(forNote: noteID)
  }
}
