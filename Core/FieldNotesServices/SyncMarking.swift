import FieldNotesModel

/// A store that remembers which commit of its sync repository its notes were last made to
/// match: its sync mark.
///
/// A sync folder is kept beside its store (`notes.sqlite.sync`), and a sync takes a note the
/// folder's last commit holds and the store doesn't for one deleted here. That holds only for
/// the store the folder synced: beside a new store (the old one removed) or one restored from
/// a backup, it would delete those notes on every machine. The mark tells them apart: a sync
/// whose store's mark isn't the folder's last commit syncs the store as one new to the remote,
/// its notes merged with the remote's with no common base, so nothing it lacks is deleted and
/// nothing older it holds is taken for an edit.
public protocol SyncMarking: Sendable {
  /// The store's sync mark: the name of a commit; ``SyncMark/neverSynced`` for a store made
  /// since FieldNotes keeps marks and never synced; `nil` for a store from before marks, which
  /// is trusted to be the one its folder synced, as it always was.
  ///
  /// - Returns: The mark.
  /// - Throws: ``RepositoryError`` when it can't be read.
  func syncMark() throws(RepositoryError) -> String?

  /// Records that the store's notes now descend from a commit: written by a sync once the store
  /// holds what the commit holds (or more, written since).
  ///
  /// - Parameter commit: The commit's name.
  /// - Throws: ``RepositoryError`` when it can't be written; the next sync then syncs the
  ///   store as new to the remote, which loses nothing.
  func recordSyncMark(_ commit: String) throws(RepositoryError)
}

/// The marks a ``SyncMarking`` store may hold besides a commit's name.
public enum SyncMark {
  /// The mark of a store that has never synced: a new store.
  public static let neverSynced = "never-synced"
}

/// A ``SyncMarking`` store that also keeps a journal of the notes and notebooks written since
/// its mark, so a sync reads and commits only those instead of the whole library.
///
/// The journal is kept through every write, FieldNotes' own or another program's; a sync reads
/// it (``syncChanges()``), commits what it names, and empties it up to where it read as it
/// records its mark (``recordSyncMark(_:journalThrough:)``). Anything written meanwhile stays
/// in it for the next sync.
public protocol SyncJournaling: SyncMarking {
  /// What the journal holds now; the first call turns the journal on, so a store that never
  /// syncs keeps none.
  ///
  /// - Returns: The notes and notebooks written since the journal's start, and where it ends.
  /// - Throws: ``RepositoryError`` when it can't be read.
  func syncChanges() throws(RepositoryError) -> SyncChanges

  /// Reads some notes and notebooks, in one read: those a journal names.
  ///
  /// - Parameters:
  ///   - noteIDs: The notes.
  ///   - notebookIDs: The notebooks.
  /// - Returns: Those saved, and the notes whose rows FieldNotes can't read.
  /// - Throws: ``RepositoryError`` when they can't be read.
  func journaledItems(noteIDs: Set<Note.ID>, notebookIDs: Set<Notebook.ID>)
    throws(RepositoryError) -> JournaledItems

  /// Reads some notes and notebooks and saves changes computed from them as one transaction,
  /// with no other writer in between: the read-modify-write of ``NoteRepository/update(_:)``,
  /// reading only what a sync merged rather than the whole library.
  ///
  /// - Parameters:
  ///   - noteIDs: The notes read.
  ///   - notebookIDs: The notebooks read.
  ///   - transform: Returns the changes to save, given those notes and notebooks as saved now.
  /// - Throws: ``RepositoryError``; nothing was saved then.
  func update(
    noteIDs: Set<Note.ID>, notebookIDs: Set<Notebook.ID>,
    _ transform: (JournaledItems) -> [RepositoryChange]
  ) throws(RepositoryError)

  /// Reads the saved notes a page at a time, in an order of the store's own: how a first sync
  /// writes every note's file without holding the whole library.
  ///
  /// Each page is a read of its own: a note written between two pages is read as it was or as
  /// it is, and is named in the journal either way.
  ///
  /// - Parameters:
  ///   - position: Where the last page ended, or `nil` for the first page.
  ///   - limit: The most rows a page reads.
  /// - Returns: The page's readable notes, the identifiers of its rows that can't be read, and
  ///   where it ended: `nil` after the last page.
  /// - Throws: ``RepositoryError`` when they can't be read.
  func notes(after position: Int?, limit: Int) throws(RepositoryError) -> (
    items: JournaledItems, next: Int?
  )

  /// Records the mark, as ``SyncMarking/recordSyncMark(_:)`` does, and empties the journal up
  /// to a position, in one write: the journal then starts at that commit.
  ///
  /// - Parameters:
  ///   - commit: The commit the store's notes now descend from.
  ///   - position: ``SyncChanges/position`` as read before the store was read for the commit.
  /// - Throws: ``RepositoryError`` when it can't be written; the next sync then reads the
  ///   whole library, which loses nothing.
  func recordSyncMark(_ commit: String, journalThrough position: Int) throws(RepositoryError)

  /// The names of the attachments of every note the store holds (trashed notes' left out),
  /// read without their bytes: what a sync that can't trust its journal compares with the
  /// attachments its last commit holds.
  ///
  /// - Returns: Each note's attachments' names, for the notes that have any.
  /// - Throws: ``RepositoryError`` when they can't be read.
  func attachmentNames() throws(RepositoryError) -> [Note.ID: [String]]
}

/// What a ``SyncJournaling`` store's journal holds.
public struct SyncChanges: Equatable, Sendable {
  /// The commit the journal starts at: the notes and notebooks it names are all that changed
  /// since the store held what that commit holds; `nil` when it is not known to start at a
  /// commit (a store just upgraded, or whose mark was recorded without emptying it).
  public var start: String?
  /// The notes written since, saved or deleted.
  public var noteIDs: Set<Note.ID>
  /// The notebooks written since, saved or deleted.
  public var notebookIDs: Set<Notebook.ID>
  /// The notes whose attachments were kept or purged since (``FieldNotesModel/NoteAttachment``).
  public var attachmentNoteIDs: Set<Note.ID> = []
  /// Whether a row written since has an identifier that isn't one as FieldNotes writes it, so
  /// the journal can't name its note.
  public var hasForeignIdentifiers: Bool
  /// The journal's last entry: what a mark recorded afterwards empties it up to.
  public var position: Int

  /// Creates a journal's reading.
  ///
  /// - Parameters:
  ///   - start: The commit it starts at, if known.
  ///   - noteIDs: The notes written since.
  ///   - notebookIDs: The notebooks written since.
  ///   - hasForeignIdentifiers: Whether a written row's identifier isn't FieldNotes'.
  ///   - position: Its last entry.
  public init(
    start: String?, noteIDs: Set<Note.ID> = [], notebookIDs: Set<Notebook.ID> = [],
    hasForeignIdentifiers: Bool = false, position: Int
  ) {
    self.start = start
    self.noteIDs = noteIDs
    self.notebookIDs = notebookIDs
    self.hasForeignIdentifiers = hasForeignIdentifiers
    self.position = position
  }
}

/// The notes and notebooks a journal names, as the store holds them now.
public struct JournaledItems: Sendable {
  /// The notes saved, readable.
  public var notes: [Note]
  /// The notes whose rows are there but can't be read: their files are left as they are.
  public var unreadableNoteIDs: Set<Note.ID>
  /// The notebooks saved.
  public var notebooks: [Notebook]

  /// Creates the items.
  ///
  /// - Parameters:
  ///   - notes: The readable notes.
  ///   - unreadableNoteIDs: The notes whose rows can't be read.
  ///   - notebooks: The notebooks.
  public init(notes: [Note], unreadableNoteIDs: Set<Note.ID>, notebooks: [Notebook]) {
    self.notes = notes
    self.unreadableNoteIDs = unreadableNoteIDs
    self.notebooks = notebooks
  }
}
