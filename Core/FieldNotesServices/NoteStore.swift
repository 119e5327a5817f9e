import FieldNotesModel
import Foundation
import Observation

/// The one source of truth for the user's notes and notebooks.
///
/// Screens read ``notes`` and ``notebooks`` directly, and Observation redraws exactly the screens
/// that read what changed. Every change goes through the store: the seed's conveniences
/// (``add(_:)``, ``delete(_:)``, ``togglePin(_:)``, ``move(_:to:)``) and, for screens that need to
/// react to a failure, ``perform(_:)``. Each change is applied in memory at once (an optimistic
/// update) and written through the ``NoteRepository`` as one transaction; a write that fails puts
/// the in-memory values back, so what is shown is always what is saved.
@Observable
@MainActor
public final class NoteStore {
  /// Every notebook and note, in one value so that each mutation is one observable change:
  /// no observer ever sees a notebook gone while its notes still point at it.
  private var library: NoteLibrary

  /// Every note, oldest first.
  ///
  /// Change notes through the store's methods so that every change is saved.
  public var notes: [Note] { library.notes }

  /// Every notebook, in the order they were created.
  public var notebooks: [Notebook] { library.notebooks }

  /// The error of the last seed-style mutation (``add(_:)`` and friends) that failed, if any.
  ///
  /// Screens that call ``perform(_:)`` get the error thrown instead.
  public private(set) var lastError: NoteStoreError?

  @ObservationIgnored var index = NoteIndex()
  @ObservationIgnored private let syncer: any NoteSyncing
  @ObservationIgnored let repository: (any NoteRepository)?
  /// Drafts kept by a store with no repository.
  @ObservationIgnored var draftsInMemory: [Draft] = []
  @ObservationIgnored let now: DateProvider

  /// Creates a store that keeps its notes in memory only.
  ///
  /// - Parameters:
  ///   - notes: The initial notes; none by default.
  ///   - notebooks: The initial notebooks; none by default.
  ///   - syncer: The sync service ``refresh()`` calls; one that does nothing by default.
  ///   - now: Where the store gets the date it stamps on edited notes; the system clock by default.
  public init(
    notes: [Note] = [], notebooks: [Notebook] = [],
    syncer: any NoteSyncing = NoOpNoteSyncer(), now: DateProvider = .system
  ) {
    self.library = NoteLibrary(notebooks: notebooks, notes: notes)
    self.syncer = syncer
    self.repository = nil
    self.now = now
  }

  /// Creates a store that loads from a repository and saves every change to it.
  ///
  /// Unlike the in-memory store's (the seed's, whose own tests call it bare), this initializer
  /// has no defaults: a caller that forgets the syncer or the clock doesn't compile, instead of
  /// running quietly against no sync or the system clock.
  ///
  /// - Parameters:
  ///   - repository: Where the notes are saved.
  ///   - syncer: The sync service ``refresh()`` calls; ``NoOpNoteSyncer`` for none.
  ///   - now: Where the store gets the date it stamps on edited notes.
  /// - Throws: ``NoteStoreError/persistence(_:)`` when the repository cannot be read.
  public init(
    repository: any NoteRepository, syncer: any NoteSyncing, now: DateProvider
  ) throws(NoteStoreError) {
    let library: NoteLibrary
    do { library = try repository.load() } catch { throw .persistence(error) }
    self.library = library
    self.syncer = syncer
    self.repository = repository
    self.now = now
  }

  /// Notes the store holds but could not read (damaged rows): left exactly as they are, never
  /// written over, and reported so the user knows.
  public var unreadableNotes: [UnreadableNote] { library.unreadableNotes }

  /// Whether what the store saves outlives this process: `false` in memory (no repository, or
  /// one in memory), where a draft kept as FieldNotes ends would be gone with it.
  public var isPersistent: Bool { repository?.isPersistent ?? false }

  // MARK: - Reading

  /// Returns the notes carrying a tag.
  ///
  /// - Parameter tag: The tag to look for, matched exactly.
  /// - Returns: The notes whose tags contain `tag`, oldest first.
  /// - Complexity: O(*n*), where *n* is the number of notes.
  public func notes(taggedWith tag: String) -> [Note] {
    notes.filter { $0.tags.contains(tag) }
  }

  /// Returns the note with an identifier, if the store holds it.
  ///
  /// - Parameter id: The note's identifier.
  /// - Returns: The note, or `nil`.
  /// - Complexity: O(1) on average.
  public func note(withID id: Note.ID) -> Note? {
    index.position(of: id, in: library.notes).map { library.notes[$0] }
  }

  /// Returns the notes a list of a scope shows, oldest first.
  ///
  /// - Parameter scope: All notes, the notes in no notebook, or one notebook's.
  /// - Returns: The notes in the scope.
  /// - Complexity: O(*k*) for *k* notes in the scope, after a first call that is O(*n*).
  public func notes(in scope: NoteScope) -> [Note] {
    notes(in: scope, matching: "")
  }

  /// Returns how many notes a list holds.
  ///
  /// - Parameter scope: The list.
  /// - Returns: The number of notes in it.
  /// - Complexity: O(1) for All Notes, and for a notebook's list once its notes are known;
  ///   O(*n*) for a tag's.
  public func noteCount(in scope: NoteScope) -> Int {
    switch scope {
    case .allNotes: library.notes.count
    case .unfiled: index.positions(in: nil, of: library.notes).count
    case .notebook(let id): index.positions(in: id, of: library.notes).count
    case .tagged: notes(in: scope).count
    }
  }

  /// Returns the notebook with a name, ignoring case and surrounding spaces.
  ///
  /// - Parameter name: The name as typed.
  /// - Returns: The notebook, or `nil`.
  public func notebook(named name: String) -> Notebook? {
    let folded = name.trimmingCharacters(in: .whitespaces).lowercased()
    return notebooks.first { $0.name.lowercased() == folded }
  }

  /// The notebook a name typed as a note's destination stands for: a notebook's name, ignoring
  /// case, or `none` for no notebook.
  ///
  /// - Parameter name: The name as typed.
  /// - Returns: The notebook, or `nil` for `none`.
  /// - Throws: ``NoteStoreError/noNotebookNamed(_:)`` when no notebook has that name.
  public func destination(named name: String) throws(NoteStoreError) -> Notebook? {
    if name.trimmingCharacters(in: .whitespaces).lowercased() == "none" { return nil }
    guard let notebook = notebook(named: name) else { throw .noNotebookNamed(name) }
    return notebook
  }

  /// Returns the notebook with an identifier, if the store holds it.
  ///
  /// - Parameter id: The notebook's identifier.
  /// - Returns: The notebook, or `nil`.
  public func notebook(withID id: Notebook.ID) -> Notebook? {
    notebooks.first { $0.id == id }
  }

  // MARK: - Seed conveniences

  /// Adds a note.
  ///
  /// A failure is reported in ``lastError``.
  ///
  /// - Parameter note: The note to add, with its own identifier and dates.
  public func add(_ note: Note) { performRecordingError(.addNote(note)) }

  /// Deletes a note.
  ///
  /// A failure is reported in ``lastError``.
  ///
  /// - Parameter note: The note to delete. Notes the store doesn't contain are ignored.
  public func delete(_ note: Note) {
    guard self.note(withID: note.id) != nil else { return }
    performRecordingError(.deleteNote(note.id))
  }

  /// Pins an unpinned note or unpins a pinned one.
  ///
  /// A failure is reported in ``lastError``.
  ///
  /// - Parameter note: The note to flip. Notes the store doesn't contain are ignored.
  public func togglePin(_ note: Note) {
    guard self.note(withID: note.id) != nil else { return }
    performRecordingError(.togglePin(note.id))
  }

  /// Moves a note into a different notebook.
  ///
  /// The note keeps its identifier, tags and pin state; only its notebook changes. A failure is
  /// reported in ``lastError``.
  ///
  /// - Parameters:
  ///   - note: The note to move. Notes the store doesn't contain are ignored.
  ///   - destination: The notebook that receives the note.
  public func move(_ note: Note, to destination: Notebook) {
    guard self.note(withID: note.id) != nil else { return }
    performRecordingError(.moveNote(note.id, to: destination.id))
  }

  // MARK: - Sync

  /// Synchronises through the syncer, then reloads whatever the sync saved.
  ///
  /// - Throws: The syncer's error, `CancellationError` when cancelled, or
  ///   ``NoteStoreError/persistence(_:)`` when the reload fails. The notes shown stay as they were.
  public func refresh() async throws {
    try await syncer.sync()
    try reload()
  }

  /// Reads the repository again, replacing the in-memory notes with what is saved, unless the
  /// repository can tell that nothing changed behind the store's back.
  ///
  /// - Throws: ``NoteStoreError/persistence(_:)`` when the repository cannot be read; the notes
  ///   shown stay as they were.
  public func reload() throws(NoteStoreError) {
    guard let repository, repository.mayHaveUnloadedChanges else { return }
    let library: NoteLibrary
    do { library = try repository.load() } catch { throw .persistence(error) }
    // The same notes may be in other rows now (another process deleted them and wrote them
    // back): a search places the repository's answer by the keys the notes carry, so a load
    // whose keys differ from the ones held is taken even when its notes are equal.
    if Self.keysMoved(from: self.library.notes, to: library.notes) || library != self.library {
      self.library = library
      index.reset()
    }
  }

  /// Whether a note held carries a repository key that the note loaded in its place doesn't.
  ///
  /// A note written in this session carries none (its text is in memory), and nothing is placed
  /// by it.
  private static func keysMoved(from held: [Note], to loaded: [Note]) -> Bool {
    guard held.count == loaded.count else { return true }
    return zip(held, loaded).contains { held, loaded in
      held.bodyText.storeKey.map { $0 != loaded.bodyText.storeKey } ?? false
    }
  }

  // MARK: - Mutations

  /// Applies a mutation in memory and saves it as one transaction.
  ///
  /// Every write of a note checks, in its transaction, that the saved note is still the one this
  /// store last read. When another process changed it meanwhile, the store reads what is saved
  /// and, for a change whose intent still holds (pin or unpin, move, delete, or deleting a
  /// notebook), makes it again on the fresh note; any other change is refused with
  /// ``RepositoryError/conflict(_:)`` and the fresh notes are shown.
  ///
  /// - Parameter mutation: The change to make.
  /// - Throws: ``NoteStoreError``; the store then holds what is saved.
  public func perform(_ mutation: Mutation) throws(NoteStoreError) {
    _ = try performReturningEdit(mutation)
  }

  /// Pins or unpins a note, unless it already is so: the one place that rule is kept, for every
  /// screen and both forms of the note list.
  ///
  /// - Parameters:
  ///   - id: The note.
  ///   - isPinned: Whether it should be pinned.
  /// - Returns: Whether the note changed; `false` when it already was as asked (nothing is
  ///   written then, and its edit date stays).
  /// - Throws: ``NoteStoreError``; nothing changed then.
  @discardableResult
  public func setPinned(_ id: Note.ID, _ isPinned: Bool) throws(NoteStoreError) -> Bool {
    !(try performReturningEdit(.setPinned(id, isPinned)).changes.isEmpty)
  }

  /// Deletes a note, and returns it as it was when deleted (the fresh version, when another
  /// process had changed it meanwhile).
  ///
  /// - Parameter id: The note.
  /// - Returns: The note deleted.
  /// - Throws: ``NoteStoreError``; nothing was deleted then.
  @discardableResult
  public func deleteNote(withID id: Note.ID) throws(NoteStoreError) -> Note {
    let edit = try performReturningEdit(.deleteNote(id))
    guard let removed = edit.removedNote else { throw .noteNotFound(id) }
    return removed
  }

  private func performReturningEdit(_ mutation: Mutation) throws(NoteStoreError) -> Edit {
    let edit = try apply(mutation)
    guard let repository, !edit.changes.isEmpty else { return edit }
    do {
      try repository.commit(edit.changes)
      return edit
    } catch .conflict(let id) {
      edit.rollback()
      try reload()
      // A notebook deleted meanwhile is said as such: the note can't go there.
      if let notebookID = mutation.notebookID, notebook(withID: notebookID) == nil {
        throw .notebookNotFound(notebookID)
      }
      guard mutation.isIntentOnly else { throw .persistence(.conflict(id)) }
      let retry = try apply(mutation)
      guard !retry.changes.isEmpty else { return retry }
      do { try repository.commit(retry.changes) } catch {
        retry.rollback()
        throw .persistence(error)
      }
      return retry
    } catch {
      edit.rollback()
      throw .persistence(error)
    }
  }

  private func performRecordingError(_ mutation: Mutation) {
    do {
      try perform(mutation)
      if lastError != nil { lastError = nil }
    } catch {
      lastError = error
    }
  }

  // MARK: - Applying mutations in memory

  /// What one applied mutation saves, and how to undo it in memory if saving fails.
  struct Edit {
    var changes: [RepositoryChange]

    /// The same edit, failing unless the note's notebook is still saved when it is written
    /// (another process may have deleted it since the store read it).
    func expecting(notebookOf note: Note) -> Edit {
      guard let id = note.notebookID, !changes.isEmpty else { return self }
      var edit = self
      edit.changes.insert(.expectNotebook(id, forNote: note.id), at: 0)
      return edit
    }
    /// The note a deletion removed, as it was.
    var removedNote: Note?
    var rollback: @MainActor () -> Void

    init(
      changes: [RepositoryChange], removedNote: Note? = nil,
      rollback: @escaping @MainActor () -> Void
    ) {
      self.changes = changes
      self.removedNote = removedNote
      self.rollback = rollback
    }

    /// An edit that changes nothing.
    static var none: Edit { Edit(changes: []) {} }
  }

  func indexOfNote(_ id: Note.ID) throws(NoteStoreError) -> Int {
    guard let position = index.position(of: id, in: library.notes) else {
      throw .noteNotFound(id)
    }
    return position
  }

  func indexOfNotebook(_ id: Notebook.ID) throws(NoteStoreError) -> Int {
    guard let index = notebooks.firstIndex(where: { $0.id == id }) else {
      throw .notebookNotFound(id)
    }
    return index
  }

  /// Replaces the note at an index, stamping it as edited now.
  func replaceNote(at index: Int, with note: Note) -> Edit {
    let original = notes[index]
    var edited = note
    edited.updatedAt = now()
    library.notes[index] = edited
    self.index.noteChanged(at: index, from: original, to: edited)
    return Edit(changes: [.replaceNote(original, with: edited)]) {
      [weak self] in
      self?.library.notes[index] = original
      self?.index.noteChanged(at: index, from: edited, to: original)
    }
  }

  /// Inserts a note where it keeps the notes oldest first: at the end for a new note, in its
  /// place for an older one (a deleted note brought back).
  func insertNote(_ note: Note) -> Edit {
    // A note coming back (a deletion undone) gets a new row in the repository: its text is
    // taken into memory, so that no key of its old row, which another note may have by now,
    // stays with it.
    var note = note
    if note.bodyText.storeKey != nil, let text = note.bodyText.textIfReadable {
      note.bodyText = NoteText(text)
    }
    let notes = library.notes
    var place = notes.count
    if let last = notes.last, !NoteIndex.isCreated(last, before: note) {
      var low = 0
      while low < place {
        let middle = (low + place) / 2
        if NoteIndex.isCreated(notes[middle], before: note) {
          low = middle + 1
        } else {
          place = middle
        }
      }
    }
    if place == notes.count {
      library.notes.append(note)
      index.noteAppended(note, at: place, after: notes.last)
    } else {
      library.notes.insert(note, at: place)
      index.reset()
    }
    return Edit(changes: [.expectNote(note.id, nil), .saveNote(note)]) { [weak self] in
      self?.library.notes.remove(at: place)
      self?.index.reset()
    }
  }

  func removeNote(at index: Int) -> Edit {
    let removed = library.notes.remove(at: index)
    self.index.reset()
    return Edit(
      changes: [.expectNote(removed.id, removed), .deleteNote(removed.id)], removedNote: removed
    ) { [weak self] in
      self?.library.notes.insert(removed, at: index)
      self?.index.reset()
    }
  }

  func insertNotebook(_ notebook: Notebook) -> Edit {
    library.notebooks.append(notebook)
    return Edit(changes: [.saveNotebook(notebook)]) { [weak self] in
      self?.library.notebooks.removeLast()
    }
  }

  func replaceNotebook(at index: Int, with notebook: Notebook) -> Edit {
    let original = library.notebooks[index]
    library.notebooks[index] = notebook
    return Edit(changes: [.saveNotebook(notebook)]) { [weak self] in
      self?.library.notebooks[index] = original
    }
  }

  /// Gives notes new tags, all in one observable change, stamping each as edited now.
  func replaceTags(_ tagsByNote: [Note.ID: [String]]) throws(NoteStoreError) -> Edit {
    let original = library
    var updated = library
    let stamp = now()
    var changes: [RepositoryChange] = []
    for (id, tags) in tagsByNote.sorted(by: { $0.key.uuidString < $1.key.uuidString }) {
      let position = try indexOfNote(id)
      let original = updated.notes[position]
      updated.notes[position].tags = tags
      try requireSize(of: updated.notes[position])
      updated.notes[position].updatedAt = stamp
      changes.append(.replaceNote(original, with: updated.notes[position]))
    }
    library = updated
    index.reset()
    return Edit(changes: changes) { [weak self] in
      self?.library = original
      self?.index.reset()
    }
  }

  /// Appends notebooks and notes, all in one observable change.
  func insertLibrary(_ addition: NoteLibrary) -> Edit {
    let original = library
    var updated = library
    updated.notebooks += addition.notebooks
    updated.notes += addition.notes
    library = updated
    index.reset()
    let changes =
      addition.notebooks.map { RepositoryChange.saveNotebook($0) }
      + addition.notes.map { RepositoryChange.saveNote($0) }
    return Edit(changes: changes) { [weak self] in
      self?.library = original
      self?.index.reset()
    }
  }

  /// Removes a notebook and deletes or releases its notes, all in one observable change.
  func removeNotebook(at index: Int, notes disposition: NotebookDeletion) -> Edit {
    let original = library
    var updated = library
    let removed = updated.notebooks.remove(at: index)
    var changes: [RepositoryChange] = []
    switch disposition {
    case .deleteNotes:
      for note in updated.notes where note.notebookID == removed.id {
        changes += [.expectNote(note.id, note), .deleteNote(note.id)]
      }
      updated.notes.removeAll { $0.notebookID == removed.id }
    case .keepNotes:
      let stamp = now()
      for noteIndex in updated.notes.indices where updated.notes[noteIndex].notebookID == removed.id
      {
        let original = updated.notes[noteIndex]
        updated.notes[noteIndex].notebookID = nil
        updated.notes[noteIndex].updatedAt = stamp
        changes.append(.replaceNote(original, with: updated.notes[noteIndex]))
      }
    }
    changes.append(.deleteNotebook(removed.id))
    library = updated
    self.index.reset()
    return Edit(changes: changes) { [weak self] in
      self?.library = original
      self?.index.reset()
    }
  }
}
