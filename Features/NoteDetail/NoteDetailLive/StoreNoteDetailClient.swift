import FieldNotesModel
import FieldNotesQuery
import FieldNotesServices
import FieldNotesText
import Foundation
import NoteDetailFeature

/// The live note page's data: the store's notes and notebooks, the trash and versions of its
/// journal (read here, since they are the page's data alone), its one write path, and the
/// session's undo shared by every screen.
///
/// The app makes one for each page; it holds nothing of its own.
@MainActor
public final class StoreNoteDetailClient: NoteDetailClient {
  private let store: NoteStore
  private let history: DeletionHistory
  private let files: any NewFileWriting

  /// Creates the client.
  ///
  /// - Parameters:
  ///   - store: The store holding the notes.
  ///   - history: The session's deleted notes, which `undo` on any screen restores.
  ///   - files: What writes an attachment saved out; by default nothing is written.
  public init(
    store: NoteStore, history: DeletionHistory,
    files: any NewFileWriting = UnavailableNewFileWriter()
  ) {
    self.store = store
    self.history = history
    self.files = files
  }

  /// The note, read through the store's observed cache.
  ///
  /// - Parameter id: The note.
  /// - Returns: The note, or `nil`.
  /// - Throws: ``NoteDetailFeature/NoteDetailError/store(_:)`` when it can't be read.
  public func note(_ id: Note.ID) throws(NoteDetailError) -> Note? {
    do { return try store.note(withID: id) } catch { throw .store(error) }
  }

  /// The store's change count, read where Observation sees it.
  public var revision: Int { store.changeCount }

  /// The note a link names, found by the store's search for its title (through the search
  /// index, for a title of three letters or more), the oldest of those titled so; else, when
  /// none has it, the note imported from a file of that name (a search of every note's file).
  ///
  /// - Parameter link: The link.
  /// - Returns: The note, or `nil` when none has the title.
  /// - Throws: ``NoteDetailFeature/NoteDetailError/store(_:)`` when the notes can't be read.
  public func note(namedBy link: NoteLink) throws(NoteDetailError) -> Note? {
    // Each name the link gives in turn (its title, then a path's file name): the oldest note
    // of that title, else the note imported from a file of that name, if one keeps it.
    for name in link.names {
      let named = NoteLink(title: name)
      if let note = NoteLink.resolved(named, among: try oldestNotes(titled: name)) { return note }
      let files = try self.page(NoteListQuery(scope: .allNotes, search: .fileName(name)))
      if let note = NoteLink.resolved(named, among: files.notes) { return note }
    }
    return nil
  }

  /// The oldest pinned note and the oldest other note of a title, the one a link names among
  /// them: two rows, where a title 1,500 notes share (a daily note's, at a million notes) would
  /// read 1,500.
  ///
  /// A page lists pinned notes first, so the oldest pinned note is the first of the pinned
  /// ones, and the oldest other note comes right after every pinned one.
  private func oldestNotes(titled name: String) throws(NoteDetailError) -> [Note] {
    let pinned = try page(
      NoteListQuery(
        scope: .allNotes, search: .titled(name), pinnedOnly: true, order: .oldest, limit: 1))
    let other = try page(
      NoteListQuery(
        scope: .allNotes, search: .titled(name), order: .oldest, limit: 1,
        offset: pinned.totalCount))
    return pinned.notes + other.notes
  }

  /// The notes the store finds for `links:TITLE`: the search index's notes holding the title
  /// right after `[[` or a path's `/`, each then read for its links, so a page view reads no
  /// body that doesn't hold them.
  ///
  /// - Parameter title: The title.
  /// - Returns: The notes, by title.
  /// - Throws: ``NoteDetailFeature/NoteDetailError/store(_:)`` when the notes can't be read.
  public func notes(linkingTo title: String) throws(NoteDetailError) -> [Note] {
    try page(NoteListQuery(scope: .allNotes, search: .links(title), order: .title)).notes
  }

  private func page(_ query: NoteListQuery) throws(NoteDetailError) -> NotePage {
    do { return try store.page(query) } catch { throw .store(error) }
  }

  /// Whether the trash of the store's journal holds the note.
  ///
  /// - Parameter id: The note.
  /// - Returns: `true` when it is in the trash.
  /// - Throws: ``NoteDetailFeature/NoteDetailError/store(_:)`` when the trash can't be read.
  public func isInTrash(_ id: Note.ID) throws(NoteDetailError) -> Bool {
    try journal { journal throws(RepositoryError) in try journal.trashedNotes() }.contains {
      $0.id == id
    }
  }

  /// The notebook's name.
  ///
  /// - Parameter id: The notebook.
  /// - Returns: Its name, or `nil` (also when the notebooks can't be read: the note's own read
  ///   says the store failed).
  public func notebookName(_ id: Notebook.ID) -> String? {
    store.notebooks.first { $0.id == id }?.name
  }

  /// The store's notebooks' names.
  public var notebookNames: [String] { store.notebooks.map(\.name) }

  /// The store's notebook of that name.
  ///
  /// - Parameter name: The name, or `none`.
  /// - Returns: The notebook, or `nil` for `none`.
  /// - Throws: ``NoteDetailFeature/NoteDetailError/store(_:)``.
  public func notebook(named name: String) throws(NoteDetailError) -> Notebook? {
    do { return try store.savedNotebooks().destination(named: name) } catch {
      throw .store(error)
    }
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

  /// Renames through the store's one write path, the links naming the note rewritten in the
  /// same transaction.
  ///
  /// - Parameters:
  ///   - id: The note.
  ///   - title: The new title.
  /// - Returns: How many other notes' links were rewritten.
  /// - Throws: ``NoteDetailFeature/NoteDetailError/store(_:)``.
  public func rename(_ id: Note.ID, to title: String) throws(NoteDetailError) -> Int {
    let change = RenameNote(id, to: title)
    let linking: Int
    do { linking = try change.linkingNotes(in: store).count } catch { throw .store(error) }
    try commit(change)
    return linking
  }

  /// Rewrites the links naming an earlier title through the store's one write path, in one
  /// transaction.
  ///
  /// - Parameters:
  ///   - id: The note.
  ///   - title: The earlier title.
  /// - Returns: How many notes were rewritten.
  /// - Throws: ``NoteDetailFeature/NoteDetailError/store(_:)``.
  public func relink(_ id: Note.ID, from title: String) throws(NoteDetailError) -> Int {
    let change = RelinkNote(id, from: title)
    let linking: Int
    do { linking = try change.linkingNotes(in: store).count } catch { throw .store(error) }
    try commit(change)
    return linking
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

  /// The versions the store's journal keeps of the note.
  ///
  /// - Parameter id: The note.
  /// - Returns: The versions.
  /// - Throws: ``NoteDetailFeature/NoteDetailError/store(_:)`` when they can't be read.
  public func versions(of id: Note.ID) throws(NoteDetailError) -> [NoteVersion] {
    try journal { journal throws(RepositoryError) in try journal.versions(ofNote: id) }
  }

  /// One version the store's journal keeps of the note, read alone.
  ///
  /// - Parameters:
  ///   - number: The version's number.
  ///   - id: The note.
  /// - Returns: The version, or `nil`.
  /// - Throws: ``NoteDetailFeature/NoteDetailError/store(_:)`` when it can't be read.
  public func version(_ number: Int, of id: Note.ID) throws(NoteDetailError) -> NoteVersion? {
    try journal { journal throws(RepositoryError) in try journal.version(number, ofNote: id) }
  }

  /// Reads the store's journal where Observation sees it: reading the store's change count
  /// tells an observer of every change.
  private func journal<Value>(_ read: (any NoteJournal) throws(RepositoryError) -> Value)
    throws(NoteDetailError) -> Value
  {
    _ = store.changeCount
    do { return try read(store.journal) } catch { throw .store(.persistence(error)) }
  }

  /// Restores a version through the store's one write path, which keeps the replaced text.
  ///
  /// - Parameters:
  ///   - id: The note.
  ///   - number: The version.
  /// - Throws: ``NoteDetailFeature/NoteDetailError/store(_:)``.
  public func restoreVersion(_ id: Note.ID, number: Int) throws(NoteDetailError) {
    try commit(RestoreVersion(id, number: number))
  }

  /// The names and sizes of the files the store's journal keeps with the note, read where
  /// Observation sees it.
  ///
  /// - Parameter id: The note.
  /// - Returns: Its attachments' names and sizes, by name.
  /// - Throws: ``NoteDetailFeature/NoteDetailError/store(_:)`` when they can't be read.
  public func attachments(of id: Note.ID) throws(NoteDetailError) -> [NoteAttachment.Entry] {
    try journal { journal throws(RepositoryError) in try journal.attachments(ofNote: id) }
  }

  /// One file the store's journal keeps with the note, bytes and all.
  ///
  /// - Parameters:
  ///   - name: The attachment's name.
  ///   - id: The note.
  /// - Returns: The attachment; `nil` when the note keeps none of that name.
  /// - Throws: ``NoteDetailFeature/NoteDetailError/store(_:)`` when it can't be read.
  public func attachment(named name: String, of id: Note.ID) throws(NoteDetailError)
    -> NoteAttachment?
  {
    try journal { journal throws(RepositoryError) in
      try journal.attachment(named: name, ofNote: id)
    }
  }

  /// Writes a new file through the session's writer.
  ///
  /// - Parameters:
  ///   - data: The content.
  ///   - path: The file.
  /// - Throws: ``NoteDetailFeature/NoteDetailError/fileNotWritten(_:)``.
  public func createFile(_ data: Data, at path: String) throws(NoteDetailError) {
    do { try files.create(data, at: path) } catch { throw .fileNotWritten(error) }
  }

  private func commit(_ change: some StoreChange) throws(NoteDetailError) {
    do { try store.commit(change) } catch { throw .store(error) }
  }
}
