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
    /// Gives each note its new tags, in one transaction (renaming or removing a tag everywhere).
    case replaceTags([Note.ID: [String]])
    /// Makes a version of a note its current text (title, body, tags and notebook); the text
    /// it replaces is kept as a version, so restoring loses nothing. Nothing is written when
    /// the version is the note's text already (its notebook, if deleted since, counting as
    /// none).
    case restoreVersion(Note.ID, number: Int)
    /// Puts a trashed note back where it was, or in no notebook when its notebook is gone.
    case restoreTrashedNote(Note.ID)
    /// Deletes trashed notes for good, with their versions (emptying the trash): the trash
    /// entries the user was asked about; a note no longer in the trash, or deleted again since,
    /// is left alone.
    case purgeTrashedNotes([TrashedNote])
    /// Resolves the conflict of a copy a sync kept, in one transaction (see
    /// ``FieldNotesModel/ConflictResolution``).
    case resolveConflict(Note.ID, ConflictResolution)
  }

  /// Validates a mutation against what the store last read and works out what it saves.
  func edit(for mutation: Mutation) throws(NoteStoreError) -> Edit {
    switch mutation {
    case .addNote(let note):
      guard self.note(withID: note.id) == nil else { throw .duplicateNote(note.id) }
      try requireNotebook(note.notebookID)
      try requireSize(of: note)
      return Edit(changes: [.expectNote(note.id, nil), .saveNote(note)], savedNotes: [note])
        .expecting(notebookOf: note)
    case .updateNote(let note):
      let saved = try savedNote(note.id)
      try requireNotebook(note.notebookID)
      try requireSize(of: note)
      return replacing(saved, with: note).expecting(notebookOf: note)
    case .deleteNote(let id):
      let saved = try savedNote(id)
      return Edit(
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
      guard self.notebook(withID: notebook.id) == nil else {
        throw .duplicateNotebook(notebook.id)
      }
      return Edit(changes: [.saveNotebook(notebook)])
    case .renameNotebook(let id, let name):
      guard var notebook = notebook(withID: id) else { throw .notebookNotFound(id) }
      notebook.name = name
      return Edit(changes: [.saveNotebook(notebook)])
    case .deleteNotebook(let id, let disposition):
      guard notebook(withID: id) != nil else { throw .notebookNotFound(id) }
      return try removingNotebook(id, notes: disposition)
    case .addLibrary(let addition):
      for notebook in addition.notebooks where self.notebook(withID: notebook.id) != nil {
        throw .duplicateNotebook(notebook.id)
      }
      let knownNotes: Set<Note.ID>
      do { knownNotes = try repository.savedNoteIDs(among: addition.notes.map(\.id)) } catch {
        throw .persistence(error)
      }
      let knownNotebooks = Set((notebooks + addition.notebooks).map(\.id))
      var added = Set<Note.ID>()
      for note in addition.notes {
        guard !knownNotes.contains(note.id), added.insert(note.id).inserted else {
          throw .duplicateNote(note.id)
        }
        if let id = note.notebookID, !knownNotebooks.contains(id) { throw .notebookNotFound(id) }
        try requireSize(of: note)
      }
      return Edit(
        changes: addition.notebooks.map { RepositoryChange.saveNotebook($0) }
          + addition.notes.map { RepositoryChange.saveNote($0) },
        savedNotes: addition.notes)
    case .replaceTags(let tagsByNote):
      let stamp = now()
      var edit = Edit(changes: [])
      for (id, tags) in tagsByNote.sorted(by: { $0.key.uuidString < $1.key.uuidString }) {
        let saved = try savedNote(id)
        var note = saved
        note.tags = tags
        try requireSize(of: note)
        note.updatedAt = stamp
        edit.changes.append(.replaceNote(saved, with: note))
        edit.savedNotes.append(note)
      }
      return edit
    case .restoreVersion(let id, let number):
      let saved = try savedNote(id)
      guard let version = versions(ofNote: id).first(where: { $0.number == number }) else {
        throw .versionNotFound(id, number: number)
      }
      var restored = version.applied(to: saved)
      if let notebookID = restored.notebookID, notebook(withID: notebookID) == nil {
        restored.notebookID = nil
      }
      guard !restored.hasSameContent(as: saved) else { return .none }
      try requireSize(of: restored)
      return replacing(saved, with: restored).expecting(notebookOf: restored)
    case .restoreTrashedNote(let id):
      guard var note = trashedNotes.first(where: { $0.id == id })?.note else {
        throw .notInTrash(id)
      }
      if let notebookID = note.notebookID, notebook(withID: notebookID) == nil {
        note.notebookID = nil
      }
      return Edit(changes: [.restoreTrashedNote(note)], savedNotes: [note])
        .expecting(notebookOf: note)
    case .purgeTrashedNotes(let entries):
      return Edit(changes: entries.map { RepositoryChange.purgeTrashedNote($0) })
    case .resolveConflict(let id, let resolution):
      return try resolving(id, resolution)
    }
  }

  /// The changes that resolve a conflict: the copy trashed, the original given its text, or
  /// the copy kept as a note of its own.
  private func resolving(_ id: Note.ID, _ resolution: ConflictResolution)
    throws(NoteStoreError) -> Edit
  {
    // A copy gone (resolved, or deleted, elsewhere) has no conflict left to resolve.
    guard let copy = note(withID: id), let originalID = copy.conflictOf, originalID != id else {
      throw .notAConflict(id)
    }
    let conflict = NoteConflict(copy: copy, original: note(withID: originalID))
    let trashCopy = Edit(
      changes: [.expectNote(id, copy), .trashNote(id, at: now())], removedNotes: [copy])
    switch (resolution, conflict.original) {
    case (.keepOriginal, nil):
      // Trashing the copy would leave neither text among the notes.
      throw .conflictOriginalGone(id)
    case (.keepOriginal, _?):
      return trashCopy
    case (.keepCopy, let original?):
      var kept = original
      kept.title = conflict.copyTitle
      kept.body = copy.body
      kept.tags = copy.tags
      try requireSize(of: kept)
      var edit = replacing(original, with: kept)
      edit.changes += trashCopy.changes
      edit.removedNotes = [copy]
      return edit
    case (.keepBoth, _), (.keepCopy, nil):
      var kept = copy
      kept.conflictOf = nil
      kept.title = conflict.keptApartTitle
      try requireSize(of: kept)
      return replacing(copy, with: kept)
    }
  }

  /// The note as the store last read it, which a write of it expects to find saved.
  private func savedNote(_ id: Note.ID) throws(NoteStoreError) -> Note {
    guard let note = note(withID: id) else { throw .noteNotFound(id) }
    return note
  }

  /// Replaces a saved note with a changed copy, stamping it as edited now.
  private func replacing(_ saved: Note, with note: Note) -> Edit {
    var edited = note
    edited.updatedAt = now()
    return Edit(changes: [.replaceNote(saved, with: edited)], savedNotes: [edited])
  }

  /// Removes a notebook and deletes or releases its notes, in one transaction.
  private func removingNotebook(_ id: Notebook.ID, notes disposition: NotebookDeletion)
    throws(NoteStoreError) -> Edit
  {
    let held: [Note]
    do { held = try repository.page(NoteListQuery(scope: .notebook(id))).notes } catch {
      throw .persistence(error)
    }
    var edit = Edit(changes: [])
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
    guard notebook(withID: id) != nil else { throw .notebookNotFound(id) }
  }

  /// Refuses a note too large for its file, when its title, body or tags are written.
  ///
  /// It must fit the one limit every way in applies (``FieldNotesModel/NoteDocument/maximumBytes``),
  /// so the note can be synced and exported as it is saved. A pin or a move changes nothing that
  /// counts.
  func requireSize(of note: Note) throws(NoteStoreError) {
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
  /// Whether the mutation can be made again on a note another process changed.
  ///
  /// Pin or unpin, move, delete, and deleting or renaming a notebook say what the user wants
  /// whatever the note's other fields hold. Flipping a pin, saving a whole note, adding one and
  /// retagging from a computed list do not.
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
    case .deleteNote(let id), .togglePin(let id), .setPinned(let id, _), .moveNote(let id, _),
      .restoreVersion(let id, _), .resolveConflict(let id, _):
      id
    default: nil
    }
  }

  var isIntentOnly: Bool {
    switch self {
    case .setPinned, .moveNote, .deleteNote, .deleteNotebook, .renameNotebook, .purgeTrashedNotes:
      true
    case .addNote, .updateNote, .togglePin, .addNotebook, .addLibrary, .replaceTags,
      .restoreVersion, .restoreTrashedNote, .resolveConflict:
      false
    }
  }
}
