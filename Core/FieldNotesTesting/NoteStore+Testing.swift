import FieldNotesModel
import FieldNotesQuery
import FieldNotesServices

extension NoteStore {
  /// A store over a repository in memory whose changes are stamped, as the SQLite store's are,
  /// with a clock that moves a minute with each date it gives: where a test of what the store
  /// keeps (versions, the trash) starts, so each save has a date of its own.
  ///
  /// - Parameters:
  ///   - repository: The repository; one holding the sample library by default.
  ///   - minutes: The minute, after ``SampleData/date(minutes:)``'s start, the clock starts at.
  /// - Returns: The store.
  /// - Throws: ``FieldNotesServices/NoteStoreError`` when the repository can't be read.
  public static func stamped(
    _ repository: InMemoryNoteRepository = InMemoryNoteRepository(
      SampleData.library),
    from minutes: Int = 100
  ) throws(NoteStoreError) -> NoteStore {
    try NoteStore(
      repository: repository, syncer: NoOpNoteSyncer(),
      now: .advancing(from: SampleData.date(minutes: minutes)))
  }
}

// MARK: - Notebooks

/// A test's way to add a notebook or see one go, as the notebooks screen (or another FieldNotes)
/// does: a feature's test reads notebooks without linking the Notebooks feature, whose own
/// change (`NotebookChange`) it stands in for, made of the store's own changes.
extension NoteStore {
  /// Adds a notebook.
  ///
  /// - Parameter notebook: The notebook, with its own identifier.
  /// - Throws: ``FieldNotesServices/NoteStoreError/persistence(_:)`` when it can't be saved.
  public func addNotebook(_ notebook: Notebook) throws(NoteStoreError) {
    try commit(NotebookWrite(change: .saveNotebook(notebook)))
  }

  /// Deletes a notebook, deleting its notes (into the trash) or moving them into no notebook a
  /// note at a time, and then the notebook.
  ///
  /// - Parameters:
  ///   - id: The notebook.
  ///   - deletingNotes: Whether its notes are deleted too; otherwise they stay, in no notebook.
  /// - Throws: ``FieldNotesServices/NoteStoreError`` when a change can't be made.
  public func deleteNotebook(_ id: Notebook.ID, deletingNotes: Bool) throws(NoteStoreError) {
    for note in try page(NoteListQuery(scope: .notebook(id))).notes {
      try perform(deletingNotes ? .deleteNote(note.id) : .moveNote(note.id, to: nil))
    }
    try commit(NotebookWrite(change: .deleteNotebook(id)))
  }
}

/// A notebook saved or deleted as it is.
private struct NotebookWrite: StoreChange {
  let change: RepositoryChange

  func edit(in store: NoteStore) -> StoreEdit { StoreEdit(changes: [change]) }
}
