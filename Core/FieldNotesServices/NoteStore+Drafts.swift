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
    do { try drafts.keepDraft(draft, superseding: origin) } catch { throw .persistence(error) }
  }

  /// The drafts kept of a note by every session, newest first; drafts that can't be read
  /// count as none.
  ///
  /// A new note is offered, besides the drafts of new notes, the drafts of notes that are gone
  /// (deleted elsewhere, or by a sync, after the draft was kept), which no other composer could
  /// reach: taken up there, such a draft is saved as a new note.
  ///
  /// - Parameter noteID: The note, or `nil` for a new note.
  /// - Returns: The drafts.
  public func keptDrafts(forNote noteID: Note.ID?) -> [Draft] {
    var kept = (try? drafts.keptDrafts(forNote: noteID)) ?? []
    if noteID == nil {
      let gone = ((try? drafts.noteIDsWithKeptDrafts()) ?? []).filter { !holdsNote($0) }
      for id in gone { kept += (try? drafts.keptDrafts(forNote: id)) ?? [] }
    }
    return kept.sorted {
      $0.keptAt != $1.keptAt
        ? $0.keptAt > $1.keptAt : $0.session.id.uuidString < $1.session.id.uuidString
    }
  }

  /// Whether the store has a note, readable or not.
  private func holdsNote(_ id: Note.ID) -> Bool {
    note(withID: id) != nil || unreadableNotes.contains { $0.id == id }
  }

  /// Forgets a kept draft, once it was saved or the user chose to.
  ///
  /// - Parameter draft: The draft.
  /// - Throws: ``NoteStoreError/persistence(_:)`` when it could not be removed; it is then
  ///   offered again next time, which loses nothing.
  public func discardDraft(_ draft: Draft) throws(NoteStoreError) {
    do { try drafts.discardDraft(draft) } catch { throw .persistence(error) }
  }
}
