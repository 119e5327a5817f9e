import FieldNotesModel

extension NoteLibrary {
  /// Applies one commit's changes to the library, as a repository saves them: every
  /// expectation is checked first, and then either every change is made or none.
  ///
  /// A new note goes where it keeps the notes oldest first (at the end, for a note written
  /// now), so a library in memory reads back as a store's load does.
  ///
  /// - Parameter changes: The changes of one commit.
  /// - Throws: ``RepositoryError/conflict(_:)`` when an expectation fails; nothing changed then.
  public mutating func apply(_ changes: [RepositoryChange]) throws(RepositoryError) {
    for change in changes {
      switch change {
      case .expectNote(let id, let expected) where notes.first(where: { $0.id == id }) != expected:
        throw .conflict(id)
      case .replaceNote(let old, _) where notes.first(where: { $0.id == old.id }) != old:
        throw .conflict(old.id)
      case .expectNotebook(let id, let noteID) where !notebooks.contains(where: { $0.id == id }):
        throw .conflict(noteID)
      case .restoreTrashedNote(let note) where notes.contains(where: { $0.id == note.id }):
        throw .conflict(note.id)
      default: continue
      }
    }
    for change in changes { apply(change) }
  }

  private mutating func apply(_ change: RepositoryChange) {
    switch change {
    case .saveNote(let note), .replaceNote(_, with: let note), .restoreTrashedNote(let note):
      if let index = notes.firstIndex(where: { $0.id == note.id }) {
        notes[index] = note
      } else {
        notes.insert(note, at: placeInCreationOrder(of: note))
      }
    case .trashNote(let id, _):
      notes.removeAll { $0.id == id }
    case .saveNotebook(let notebook):
      if let index = notebooks.firstIndex(where: { $0.id == notebook.id }) {
        notebooks[index] = notebook
      } else {
        notebooks.append(notebook)
      }
    case .deleteNotebook(let id):
      notebooks.removeAll { $0.id == id }
    case .expectNote, .expectNotebook, .purgeTrashedNote, .saveAttachment:
      break  // checked before any change is made; a purge and an attachment change no note
    }
  }

  /// Where a new note goes among notes kept oldest first: the end, unless it is older than the
  /// last (a deleted note brought back).
  private func placeInCreationOrder(of note: Note) -> Int {
    guard let last = notes.last, NoteSortOrder.isCreated(note, before: last) else {
      return notes.count
    }
    var low = 0
    var high = notes.count
    while low < high {
      let middle = (low + high) / 2
      if NoteSortOrder.isCreated(notes[middle], before: note) {
        low = middle + 1
      } else {
        high = middle
      }
    }
    return low
  }
}
