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
  }

  /// Validates a mutation against the current values and applies it in memory.
  func apply(_ mutation: Mutation) throws(NoteStoreError) -> Edit {
    switch mutation {
    case .addNote(let note):
      guard self.note(withID: note.id) == nil else { throw .duplicateNote(note.id) }
      try requireNotebook(note.notebookID)
      try requireSize(of: note)
      return insertNote(note).expecting(notebookOf: note)
    case .updateNote(let note):
      let index = try indexOfNote(note.id)
      try requireNotebook(note.notebookID)
      try requireSize(of: note)
      return replaceNote(at: index, with: note).expecting(notebookOf: note)
    case .deleteNote(let id):
      return removeNote(at: try indexOfNote(id))
    case .togglePin(let id):
      let index = try indexOfNote(id)
      var note = notes[index]
      note.isPinned.toggle()
      return replaceNote(at: index, with: note)
    case .setPinned(let id, let isPinned):
      let index = try indexOfNote(id)
      guard notes[index].isPinned != isPinned else { return .none }
      var note = notes[index]
      note.isPinned = isPinned
      return replaceNote(at: index, with: note)
    case .moveNote(let id, let notebookID):
      let index = try indexOfNote(id)
      try requireNotebook(notebookID)
      var note = notes[index]
      note.notebookID = notebookID
      return replaceNote(at: index, with: note).expecting(notebookOf: note)
    case .addNotebook(let notebook):
      guard self.notebook(withID: notebook.id) == nil else {
        throw .duplicateNotebook(notebook.id)
      }
      return insertNotebook(notebook)
    case .renameNotebook(let id, let name):
      let index = try indexOfNotebook(id)
      var notebook = notebooks[index]
      notebook.name = name
      return replaceNotebook(at: index, with: notebook)
    case .deleteNotebook(let id, let disposition):
      return removeNotebook(at: try indexOfNotebook(id), notes: disposition)
    case .addLibrary(let addition):
      for notebook in addition.notebooks where self.notebook(withID: notebook.id) != nil {
        throw .duplicateNotebook(notebook.id)
      }
      let knownNotes = Set(notes.map(\.id))
      let knownNotebooks = Set((notebooks + addition.notebooks).map(\.id))
      for note in addition.notes {
        guard !knownNotes.contains(note.id) else { throw .duplicateNote(note.id) }
        if let id = note.notebookID, !knownNotebooks.contains(id) { throw .notebookNotFound(id) }
        try requireSize(of: note)
      }
      return insertLibrary(addition)
    case .replaceTags(let tagsByNote):
      return try replaceTags(tagsByNote)
    }
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

  var isIntentOnly: Bool {
    switch self {
    case .setPinned, .moveNote, .deleteNote, .deleteNotebook, .renameNotebook: true
    case .addNote, .updateNote, .togglePin, .addNotebook, .addLibrary, .replaceTags: false
    }
  }
}
