import FieldNotesModel
import FieldNotesServices
import NoteDetailFeature

/// The live note page's data: the store's notes, notebooks, trash and versions, its one write
/// path, and the session's undo shared by every screen.
///
/// The app makes one for each page; it holds nothing of its own.
@MainActor
public final class StoreNoteDetailClient: NoteDetailClient {
  private let store: NoteStore
  private let history: DeletionHistory

  /// Creates the client.
  ///
  /// - Parameters:
  ///   - store: The store holding the notes.
  ///   - history: The session's deleted notes, which `undo` on any screen restores.
  public init(store: NoteStore, history: DeletionHistory) {
    self.store = store
    self.history = history
  }

  /// The note, read through the store's observed cache.
  ///
  /// - Parameter id: The note.
  /// - Returns: The note, or `nil`.
  public func note(_ id: Note.ID) -> Note? { store.note(withID: id) }

  /// Whether the store's trash holds the note.
  ///
  /// - Parameter id: The note.
  /// - Returns: `true` when it is in the trash.
  public func isInTrash(_ id: Note.ID) -> Bool { store.trashedNotes.contains { $0.id == id } }

  /// The notebook's name.
  ///
  /// - Parameter id: The notebook.
  /// - Returns: Its name, or `nil`.
  public func notebookName(_ id: Notebook.ID) -> String? { store.notebook(withID: id)?.name }

  /// The store's notebooks' names.
  public var notebookNames: [String] { store.notebooks.map(\.name) }

  /// The store's notebook of that name.
  ///
  /// - Parameter name: The name, or `none`.
  /// - Returns: The notebook, or `nil` for `none`.
  /// - Throws: ``NoteDetailFeature/NoteDetailError/store(_:)``.
  public func notebook(named name: String) throws(NoteDetailError) -> Notebook? {
    do { return try store.destination(named: name) } catch { throw .store(error) }
  }

  /// Pins or unpins through the store.
  ///
  /// - Parameters:
  ///   - id: The note.
  ///   - isPinned: Whether it should be pinned.
  /// - Returns: Whether it changed.
  /// - Throws: ``NoteDetailFeature/NoteDetailError/store(_:)``.
  public func setPinned(_ id: Note.ID, _ isPinned: Bool) throws(NoteDetailError) -> Bool {
    do { return try store.setPinned(id, isPinned) } catch { throw .store(error) }
  }

  /// Moves through the store's one write path.
  ///
  /// - Parameters:
  ///   - id: The note.
  ///   - notebookID: The destination.
  /// - Throws: ``NoteDetailFeature/NoteDetailError/store(_:)``.
  public func move(_ id: Note.ID, to notebookID: Notebook.ID?) throws(NoteDetailError) {
    try commit(NoteStore.Mutation.moveNote(id, to: notebookID))
  }

  /// Deletes through the session's undo history, so `undo` on any screen restores it.
  ///
  /// - Parameter id: The note.
  /// - Throws: ``NoteDetailFeature/NoteDetailError/store(_:)``.
  public func delete(_ id: Note.ID) throws(NoteDetailError) {
    do { try history.delete(id, from: store) } catch { throw .store(error) }
  }

  /// Restores the session's note deleted last.
  ///
  /// - Returns: The note restored, or `nil`.
  /// - Throws: ``NoteDetailFeature/NoteDetailError/store(_:)``.
  public func undoDelete() throws(NoteDetailError) -> Note? {
    do { return try history.restoreLast(to: store) } catch { throw .store(error) }
  }

  /// The store's versions of the note.
  ///
  /// - Parameter id: The note.
  /// - Returns: The versions.
  public func versions(of id: Note.ID) -> [NoteVersion] { store.versions(ofNote: id) }

  /// Restores a version through the store's one write path, which keeps the replaced text.
  ///
  /// - Parameters:
  ///   - id: The note.
  ///   - number: The version.
  /// - Throws: ``NoteDetailFeature/NoteDetailError/store(_:)``.
  public func restoreVersion(_ id: Note.ID, number: Int) throws(NoteDetailError) {
    try commit(RestoreVersion(id, number: number))
  }

  private func commit(_ change: some StoreChange) throws(NoteDetailError) {
    do { try store.commit(change) } catch { throw .store(error) }
  }
}
