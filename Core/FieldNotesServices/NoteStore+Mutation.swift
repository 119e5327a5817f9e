import FieldNotesFormats
import FieldNotesModel
import FieldNotesQuery

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
    /// Adds a notebook.
    case addNotebook(Notebook)
    /// Renames a notebook.
    case renameNotebook(Notebook.ID, to: String)
    /// Deletes a notebook, deleting its notes or keeping them in no notebook.
    case deleteNotebook(Notebook.ID, notes: NotebookDeletion)
    /// Adds many notebooks and notes at once, exactly as given, in one transaction (an import).
    case addLibrary(NoteLibrary)
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
  /// Pin or unpin, move, delete, and deleting or renaming a notebook do, whatever the note's
  /// other fields hold. Flipping a pin, saving a whole note and adding one do not.
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
      try requireSize(of: note)
      return StoreEdit(changes: [.expectNote(note.id, nil), .saveNote(note)], savedNotes: [note])
        .expecting(notebookOf: note)
    case .updateNote(let note):
      let saved = try savedNote(note.id)
      try requireNotebook(note.notebookID)
      try requireSize(of: note)
      return replacing(saved, with: note).expecting(notebookOf: note)
    case .deleteNote(let id):
      let saved = try savedNote(id)
      return StoreEdit(
        changes: [.expectNote(id, saved), .trashNote(id, at: now())], removedNotes: [saved])
    case .togglePin(let id):
      var note = try savedNote(id)
      note.isPinned.toggle()
      return replacing(try savedNote(id), with: note)
    case .setPinned(let id, let isPinned):
      var note = try savedNote(id)
      guard note.isPinned != isPinned else { return .none }
      note.isPinned = isPinned
      return replacing(try savedNote(id), with: note)
    case .moveNote(let id, let notebookID):
      var note = try savedNote(id)
      try requireNotebook(notebookID)
      note.notebookID = notebookID
      return replacing(try savedNote(id), with: note).expecting(notebookOf: note)
    case .addNotebook(let notebook):
      guard try self.notebook(withID: notebook.id) == nil else {
        throw .duplicateNotebook(notebook.id)
      }
      return StoreEdit(changes: [.saveNotebook(notebook)])
    case .renameNotebook(let id, let name):
      guard var notebook = try notebook(withID: id) else { throw .notebookNotFound(id) }
      notebook.name = name
      return StoreEdit(changes: [.saveNotebook(notebook)])
    case .deleteNotebook(let id, let disposition):
      guard try notebook(withID: id) != nil else { throw .notebookNotFound(id) }
      return try removingNotebook(id, notes: disposition)
    case .addLibrary(let addition):
      for notebook in addition.notebooks where try self.notebook(withID: notebook.id) != nil {
        throw .duplicateNotebook(notebook.id)
      }
      let knownNotes: Set<Note.ID>
      do { knownNotes = try repository.savedNoteIDs(among: addition.notes.map(\.id)) } catch {
        throw .persistence(error)
      }
      let knownNotebooks = Set((try savedNotebooks() + addition.notebooks).map(\.id))
      var added = Set<Note.ID>()
      for note in addition.notes {
        guard !knownNotes.contains(note.id), added.insert(note.id).inserted else {
          throw .duplicateNote(note.id)
        }
        if let id = note.notebookID, !knownNotebooks.contains(id) { throw .notebookNotFound(id) }
        try requireSize(of: note)
      }
      return StoreEdit(
        changes: addition.notebooks.map { RepositoryChange.saveNotebook($0) }
          + addition.notes.map { RepositoryChange.saveNote($0) },
        savedNotes: addition.notes)
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

  /// Replaces a saved note with a changed copy, stamping it as edited now: the write checks
  /// that the saved note is still the one read, and keeps its text as a version.
  ///
  /// - Parameters:
  ///   - saved: The note as read.
  ///   - note: The note as it should be.
  /// - Returns: The edit.
  public func replacing(_ saved: Note, with note: Note) -> StoreEdit {
    var edited = note
    edited.updatedAt = now()
    return StoreEdit(changes: [.replaceNote(saved, with: edited)], savedNotes: [edited])
  }

  /// Removes a notebook and deletes or releases its notes, in one transaction.
  private func removingNotebook(_ id: Notebook.ID, notes disposition: NotebookDeletion)
    throws(NoteStoreError) -> StoreEdit
  {
    let held: [Note]
    do { held = try repository.page(NoteListQuery(scope: .notebook(id))).notes } catch {
      throw .persistence(error)
    }
    var edit = StoreEdit(changes: [])
    switch disposition {
    case .deleteNotes:
      let stamp = now()
      for note in held {
        edit.changes += [.expectNote(note.id, note), .trashNote(note.id, at: stamp)]
      }
      edit.removedNotes = held
    case .keepNotes:
      let stamp = now()
      for note in held {
        var released = note
        released.notebookID = nil
        released.updatedAt = stamp
        edit.changes.append(.replaceNote(note, with: released))
        edit.savedNotes.append(released)
      }
    }
    edit.changes.append(.deleteNotebook(id))
    return edit
  }

  private func requireNotebook(_ id: Notebook.ID?) throws(NoteStoreError) {
    guard let id else { return }
    guard try notebook(withID: id) != nil else { throw .notebookNotFound(id) }
  }

  /// Refuses a note too large for its file, when its title, body or tags are written.
  ///
  /// It must fit the one limit every way in applies (``FieldNotesModel/NoteDocument/maximumBytes``),
  /// so the note can be synced and exported as it is saved. A pin or a move changes nothing that
  /// counts.
  ///
  /// - Parameter note: The note as it would be saved.
  /// - Throws: ``NoteStoreError/noteTooLarge(title:bytes:)``.
  public func requireSize(of note: Note) throws(NoteStoreError) {
    let bytes = NoteDocument.byteCount(of: note)
    guard bytes <= NoteDocument.maximumBytes else {
      throw .noteTooLarge(title: note.title, bytes: bytes)
    }
  }
}

/// What happens to a notebook's notes when the notebook is deleted.
public enum NotebookDeletion: Hashable, Sendable {
  /// The notes are deleted with the notebook.
  case deleteNotes
  /// The notes stay, in no notebook.
  case keepNotes
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
    case .setPinned, .moveNote, .deleteNote, .deleteNotebook, .renameNotebook: true
    case .addNote, .updateNote, .togglePin, .addNotebook, .addLibrary: false
    }
  }
}
