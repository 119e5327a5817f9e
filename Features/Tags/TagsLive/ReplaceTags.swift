import FieldNotesModel
import FieldNotesServices

/// Gives each note its new tags, in one transaction through the store's one write path
/// (renaming or removing a tag everywhere, or undoing that); each note's text before is kept as
/// a version.
public struct ReplaceTags: StoreChange, Hashable, Sendable {
  /// Each note's tags as they should be.
  public let tagsByNote: [Note.ID: [String]]

  /// Names the new tags.
  ///
  /// - Parameter tagsByNote: Each note's tags as they should be.
  public init(_ tagsByNote: [Note.ID: [String]]) {
    self.tagsByNote = tagsByNote
  }

  /// Works out the change from the notes as the store reads them now, all stamped as edited at
  /// one moment.
  ///
  /// - Parameter store: The store.
  /// - Returns: What is written.
  /// - Throws: ``FieldNotesServices/NoteStoreError``: a note gone, or a text too large.
  public func edit(in store: NoteStore) throws(NoteStoreError) -> StoreEdit {
    let stamp = store.now()
    var edit = StoreEdit(changes: [])
    for (id, tags) in tagsByNote.sorted(by: { $0.key.uuidString < $1.key.uuidString }) {
      let saved = try store.savedNote(id)
      var note = saved
      note.tags = tags
      try note.validateSize()
      note.updatedAt = stamp
      edit.changes.append(.replaceNote(saved, with: note))
      edit.savedNotes.append(note)
    }
    return edit
  }
}
