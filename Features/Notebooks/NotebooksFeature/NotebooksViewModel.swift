import FieldNotesModel
import FieldNotesServices
import Observation

/// The view model of the notebooks screen: the app's home, listing every notebook with its
/// counts, plus entries for all notes and for notes in no notebook.
///
/// ``state`` is derived from the store each time it is read, so counts follow changes made
/// anywhere in the app (a note saved by the composer, a pin toggled in a list) with no refresh
/// call. Actions throw ``NotebooksError``; the store has rolled back by then, so ``state`` shows
/// what is saved.
@MainActor
@Observable
public final class NotebooksViewModel {
  /// What the notebooks screen shows.
  public enum State: Hashable, Sendable {
    /// The rows: "All Notes", each notebook by name, then "No Notebook"; and how many
    /// conflicts a sync found that are not resolved yet.
    case loaded([NotebookRow], unresolvedConflicts: Int = 0)
    /// No notebooks yet; the screen offers to create one and says how many notes exist, and
    /// how many conflicts are not resolved yet.
    case empty(noteCount: Int, unresolvedConflicts: Int = 0)
    /// Asking whether a notebook's notes go with it or stay, in no notebook.
    case confirming(NotebookDeletionRequest)
    /// The store could not be read; ``load()`` tries again.
    case failed(message: String)
  }

  /// The deletion being asked about, if any: what an answer acts on.
  ///
  /// Read without the store, unlike ``state`` (which shows the question only while the store
  /// can be read), so asking whether a question waits costs nothing, however many notes and
  /// tags the library's counts hold.
  public private(set) var pendingDeletion: NotebookDeletionRequest?
  /// Why the last ``load()`` failed, if it did.
  private var loadFailure: String?
  @ObservationIgnored let store: NoteStore
  @ObservationIgnored private let makeID: IDGenerator

  /// Creates the view model.
  ///
  /// - Parameters:
  ///   - store: The store holding the notebooks and notes.
  ///   - ids: Where new notebooks get their identifiers.
  public init(store: NoteStore, ids: IDGenerator) {
    self.store = store
    self.makeID = ids
  }

  /// What the screen shows now.
  ///
  /// The store is read first, whatever else is shown, so that Observation tracks it even
  /// while a question is on screen: the rows shown after the answer are always current. A read
  /// that fails is shown as ``State/failed(message:)``; the next one reads the store again.
  public var state: State {
    let rows: [NotebookRow]
    let conflicts: Int
    do {
      rows = try self.rows
      conflicts = try unresolvedConflictCount()
    } catch {
      return .failed(message: loadFailure ?? Self.message(for: error))
    }
    if let loadFailure { return .failed(message: loadFailure) }
    if let pendingDeletion { return .confirming(pendingDeletion) }
    // Beside All Notes and No Notebook, a row for each notebook.
    guard rows.count > 2 else {
      return .empty(noteCount: rows[0].noteCount, unresolvedConflicts: conflicts)
    }
    return .loaded(rows, unresolvedConflicts: conflicts)
  }

  /// How many conflict copies a sync kept that no one resolved yet: read from the store's
  /// journal, where Observation sees it (through the store's change count).
  private func unresolvedConflictCount() throws(NotebooksError) -> Int {
    _ = store.changeCount
    do {
      return try store.journal.conflictCopies().count { NoteConflict.isUnresolvedCopy($0) }
    } catch {
      throw .store(.persistence(error))
    }
  }

  /// What the screen says when the store can't be read.
  private static func message(for error: NotebooksError) -> String {
    error.errorDescription ?? "The notes could not be read."
  }

  // MARK: - Loading

  /// Reads the store again and shows the notebooks, or why they could not be read.
  ///
  /// Reading is synchronous, so there is no loading state to show; loading again is how to
  /// retry after ``State/failed(message:)``.
  public func load() {
    do {
      try store.reload()
      loadFailure = nil
    } catch {
      loadFailure = error.errorDescription ?? "The notes could not be read."
    }
  }

  // MARK: - Actions

  /// Creates a notebook.
  ///
  /// - Parameters:
  ///   - name: The name as typed; it is trimmed.
  ///   - symbolName: The symbol shown beside it; a closed book by default.
  /// - Returns: The new notebook.
  /// - Throws: ``NotebooksError/invalidName(_:)`` or ``NotebooksError/store(_:)``.
  @discardableResult
  public func createNotebook(named name: String, symbolName: String = "book.closed")
    throws(NotebooksError) -> Notebook
  {
    let notebook = Notebook(id: makeID(), name: try validated(name), symbolName: symbolName)
    try perform(.add(notebook))
    return notebook
  }

  /// Renames a notebook.
  ///
  /// - Parameters:
  ///   - currentName: The notebook's name now, matched ignoring case.
  ///   - newName: The new name as typed; it is trimmed.
  /// - Throws: ``NotebooksError``.
  public func renameNotebook(named currentName: String, to newName: String)
    throws(NotebooksError)
  {
    let notebook = try notebook(named: currentName)
    let name = try validated(newName, renaming: notebook.id)
    try perform(.rename(notebook.id, to: name))
  }

  /// Asks to delete a notebook: an empty one goes at once; one holding notes moves the screen to
  /// ``State/confirming(_:)``.
  ///
  /// - Parameter name: The notebook's name, matched ignoring case.
  /// - Throws: ``NotebooksError``.
  public func requestDeletion(ofNotebookNamed name: String) throws(NotebooksError) {
    let notebook = try notebook(named: name)
    let noteCount: Int
    do { noteCount = try store.noteCount(in: .notebook(notebook.id)) } catch { throw .store(error) }
    guard noteCount > 0 else {
      try perform(.delete(notebook.id, notes: .keepNotes))
      return
    }
    pendingDeletion = NotebookDeletionRequest(
      notebookID: notebook.id, name: notebook.name, noteCount: noteCount)
  }

  /// Answers the pending deletion question.
  ///
  /// - Parameter disposition: Whether the notebook's notes are deleted too or kept.
  /// - Throws: ``NotebooksError/noDeletionPending`` or ``NotebooksError/store(_:)``; on a store
  ///   failure the question is withdrawn and nothing is deleted.
  /// - Returns: What was deleted: the notebook's name and how many notes it held.
  @discardableResult
  public func confirmDeletion(_ disposition: NotebookDeletion) throws(NotebooksError)
    -> NotebookDeletionRequest
  {
    guard let request = pendingDeletion else { throw .noDeletionPending }
    defer { pendingDeletion = nil }
    try perform(.delete(request.notebookID, notes: disposition))
    return request
  }

  /// Answers no to the pending deletion question; nothing is deleted.
  ///
  /// - Throws: ``NotebooksError/noDeletionPending`` when no question is asked.
  public func declineDeletion() throws(NotebooksError) {
    guard pendingDeletion != nil else { throw .noDeletionPending }
    pendingDeletion = nil
  }

  /// Withdraws the pending deletion question, if one is asked (`back`); nothing is deleted.
  public func cancelDeletion() {
    pendingDeletion = nil
  }

  /// Deletes a notebook without asking, as `notebook delete NAME --force` does.
  ///
  /// - Parameters:
  ///   - name: The notebook's name, matched ignoring case.
  ///   - disposition: Whether its notes are deleted too or kept in no notebook.
  /// - Returns: What was deleted: the notebook's name and how many notes it held.
  /// - Throws: ``NotebooksError``.
  @discardableResult
  public func deleteNotebook(named name: String, notes disposition: NotebookDeletion)
    throws(NotebooksError) -> NotebookDeletionRequest
  {
    let notebook = try notebook(named: name)
    let noteCount: Int
    do { noteCount = try store.noteCount(in: .notebook(notebook.id)) } catch { throw .store(error) }
    let deleted = NotebookDeletionRequest(
      notebookID: notebook.id, name: notebook.name, noteCount: noteCount)
    try perform(.delete(notebook.id, notes: disposition))
    return deleted
  }

  /// The notebooks' names, sorted as the rows are, for completing a name: none when the store
  /// can't be read (completing is no place to say so; the state does).
  public var notebookNames: [String] {
    let rows = (try? rows) ?? []
    return rows.compactMap { row in if case .notebook = row.scope { row.name } else { nil } }
  }

  /// The notes a row opens: the navigation value the app routes to.
  ///
  /// - Parameter row: The chosen row.
  /// - Returns: The scope of the note list to show.
  public func select(_ row: NotebookRow) -> NoteScope { row.scope }

  /// Finds a notebook by name, ignoring case.
  ///
  /// - Parameter name: The name to look for; surrounding spaces are ignored.
  /// - Returns: The notebook.
  /// - Throws: ``NotebooksError/unknownNotebook(_:)``.
  public func notebook(named name: String) throws(NotebooksError) -> Notebook {
    let notebooks: [Notebook]
    do { notebooks = try store.savedNotebooks() } catch { throw .store(error) }
    guard let notebook = notebooks.notebook(named: name) else { throw .unknownNotebook(name) }
    return notebook
  }

  // MARK: - Helpers

  private func validated(_ name: String, renaming id: Notebook.ID? = nil)
    throws(NotebooksError) -> String
  {
    let notebooks: [Notebook]
    do { notebooks = try store.savedNotebooks() } catch { throw .store(error) }
    do {
      return try NotebookName.validated(name, among: notebooks, renaming: id)
    } catch {
      throw .invalidName(error)
    }
  }

  private func perform(_ change: NotebookChange) throws(NotebooksError) {
    do { try store.commit(change) } catch { throw .store(error) }
  }
}
