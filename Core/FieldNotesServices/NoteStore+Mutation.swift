import FieldNotesModel

extension NoteStore {
  /// A change to the store, applied and saved by ``NoteStore/perform(_:)``.
  public enum Mutation: Hashable, Sendable {
    /// Adds a note exactly as given, keeping its identifier and dates (also how undo restores).
    case addNote(Note)
    /// Replaces the note with the same identifier, stamping it as edited now.
    case updateNote(Note)
    /// Deletes a note.
    case deleteNote(Note.ID)
    /// Flips a note's pin.
    case togglePin(Note.ID)
    /// Pins (`true`) or unpins a note; nothing changes when it already is so.
    case setPinned(Note.ID, Bool)
    /// Moves a note into a notebook, or out of every notebook when the destination is `nil`.
    case moveNote(Note.ID, to: Notebook.ID?)
  }
}

extension NoteStore.Mutation: StoreChange {
  /// Validates the mutation against what the store last read and works out what it saves.
  ///
  /// - Parameter store: The store.
  /// - Returns: What it saves.
  /// - Throws: ``NoteStoreError`` when it can't be made.
  public func edit(in store: NoteStore) throws(NoteStoreError) -> StoreEdit {
    try store.edit(for: self)
  }

  /// Whether the mutation says what the user wants whatever else changed.
  ///
  /// Pin or unpin, move and delete do, whatever the note's other fields hold. Flipping a pin,
  /// saving a whole note and adding one do not.
  public var holdsWhateverElseChanged: Bool { isIntentOnly }

  /// A notebook the note goes into, or the note it changes, deleted meanwhile.
  ///
  /// - Parameter store: The store, holding what is saved now.
  /// - Returns: The reason, or `nil`.
  public func whyNot(in store: NoteStore) -> NoteStoreError? {
    do throws(NoteStoreError) {
      if let notebookID, try store.notebook(withID: notebookID) == nil {
        return .notebookNotFound(notebookID)
      }
      if let changedNoteID, try store.note(withID: changedNoteID) == nil {
        return .noteNotFound(changedNoteID)
      }
      return nil
    } catch {
      return error
    }
  }
}

extension NoteStore {
  /// Validates a mutation against what the store last read and works out what it saves.
  func edit(for mutation: Mutation) throws(NoteStoreError) -> StoreEdit {
    switch mutation {
    case .addNote(let note):
      guard try self.note(withID: note.id) == nil else { throw .duplicateNote(note.id) }
      try requireNotebook(note.notebookID)
      try note.validateSize()
      return StoreEdit(changes: [.expectNote(note.id, nil), .saveNote(note)], savedNotes: [note])
        .expecting(notebookOf: note)
    case .updateNote(let note):
      let saved = try savedNote(note.id)
      try requireNotebook(note.notebookID)
      try note.validateSize()
      return .replacing(saved, with: note, editedAt: now()).expecting(notebookOf: note)
    case .deleteNote(let id):
      let saved = try savedNote(id)
      return StoreEdit(
        changes: [.expectNote(id, saved), .trashNote(id, at: now())], removedNotes: [saved])
    case .togglePin(let id):
      var note = try savedNote(id)
      note.isPinned.toggle()
      return .replacing(try savedNote(id), with: note, editedAt: now())
    case .setPinned(let id, let isPinned):
      var note = try savedNote(id)
      guard note.isPinned != isPinned else { return .none }
      note.isPinned = isPinned
      return .replacing(try savedNote(id), with: note, editedAt: now())
    case .moveNote(let id, let notebookID):
      var note = try savedNote(id)
      try requireNotebook(notebookID)
      note.notebookID = notebookID
      return .replacing(try savedNote(id), with: note, editedAt: now()).expecting(notebookOf: note)
    }
  }

  /// The note as the store last read it, which a write of it expects to find saved.
  ///
  /// - Parameter id: The note.
  /// - Returns: The note.
  /// - Throws: ``NoteStoreError/noteNotFound(_:)`` when the store holds no such note.
  public func savedNote(_ id: Note.ID) throws(NoteStoreError) -> Note {
    guard let note = try note(withID: id) else { throw .noteNotFound(id) }
    return note
  }

  private func requireNotebook(_ id: Notebook.ID?) throws(NoteStoreError) {
    guard let id else { return }
    guard try notebook(withID: id) != nil else { throw .notebookNotFound(id) }
  }
}

extension NoteStore.Mutation {
  /// The notebook a mutation puts a note into, if any.
  var notebookID: Notebook.ID? {
    switch self {
    case .addNote(let note), .updateNote(let note): note.notebookID
    case .moveNote(_, let notebookID): notebookID
    default: nil
    }
  }

  /// The saved note a mutation changes, if it changes one.
  var changedNoteID: Note.ID? {
    switch self {
    case .updateNote(let note): note.id
    case .deleteNote(let id), .togglePin(let id), .setPinned(let id, _), .moveNote(let id, _):
      id
    default: nil
    }
  }

  var isIntentOnly: Bool {
    switch self {
    case .setPinned, .moveNote, .deleteNote: true
    case .addNote, .updateNote, .togglePin: false
    }
  }
}
