import FieldNotesModel

/// What the composer needs of the notes and of the drafts kept beside them, and all it may do
/// to them: the one data dependency of ``ComposerViewModel``.
///
/// The composer owns its data through this client: the view model names no store, so a test
/// hands it the client it means — ``InMemoryComposerClient`` to play out a scene,
/// ``UnimplementedComposerClient`` to prove a step touches nothing — and the app hands it
/// `StoreComposerClient` (in `ComposerLive`), which reads the notes from the store, saves through
/// it, and keeps drafts in the store's draft repository.
///
/// Reads don't throw: the composer's state is its own draft, never a read of the notes. A live
/// client answers `nil` for a note it can't read, and the save that follows reads the note again
/// in its own transaction, where a failure is thrown and said.
@MainActor
public protocol ComposerClient: AnyObject {
  /// A note as the notes hold it now, or `nil` when there is none (deleted meanwhile, or never
  /// saved).
  ///
  /// - Parameter id: The note.
  /// - Returns: The note.
  func note(_ id: Note.ID) -> Note?

  /// Every notebook, in the order they were created: what the draft's notebook is checked
  /// against, named by, and chosen from.
  var notebooks: [Notebook] { get }

  /// The notebook a name stands for: the one named exactly so, else one named so ignoring case
  /// and spaces at its ends (a name given back as it was read finds its own notebook first).
  ///
  /// - Parameter name: The name as typed, or as the editor's file gave it back.
  /// - Returns: The notebook, or `nil` when none has the name.
  func notebook(named name: String) -> Notebook?

  /// Every tag some note carries, sorted, for completing the draft's.
  var knownTags: [String] { get }

  /// Reads again what another process may have changed (a notebook made while the editor ran),
  /// so what follows is checked against it.
  func refresh()

  /// Saves a new note.
  ///
  /// - Parameter note: The note, with the identifier it keeps for good.
  /// - Throws: ``ComposerError/saveFailed(_:)``; nothing was saved then.
  func add(_ note: Note) throws(ComposerError)

  /// Saves a note over the one with its identifier, stamping it as edited now.
  ///
  /// - Parameter note: The note as edited.
  /// - Throws: ``ComposerError/saveFailed(_:)``; nothing was saved then. A conflict with a save
  ///   another process made is `.saveFailed(.persistence(.conflict))`, after which ``note(_:)``
  ///   answers the note as that process saved it.
  func update(_ note: Note) throws(ComposerError)

  /// Whether a draft kept here is there after FieldNotes ends: `false` beside notes kept in
  /// memory, where no draft may be promised as kept.
  var keepsDraftsPastTheSession: Bool { get }

  /// The drafts kept of a note, by every session, newest first; drafts that can't be read
  /// count as none.
  ///
  /// A new note is offered, besides the drafts of new notes, the drafts of notes that are gone
  /// (deleted elsewhere, or by a sync, after the draft was kept), which no other composer could
  /// reach: taken up there, such a draft is saved as a new note.
  ///
  /// - Parameter noteID: The note, or `nil` for a new note.
  /// - Returns: The drafts.
  func keptDrafts(forNote noteID: Note.ID?) -> [Draft]

  /// Keeps the unsaved text of a note being written, so the next composer for the note offers
  /// it back: it replaces the draft the same session kept of the note (never another
  /// session's), and forgets the draft it was taken up from.
  ///
  /// - Parameters:
  ///   - draft: The draft.
  ///   - origin: The kept draft it was taken up from, forgotten in the same write; `nil` for
  ///     none.
  /// - Throws: ``ComposerError/draftNotKept(_:)``; nothing changed then.
  func keepDraft(_ draft: Draft, superseding origin: Draft?) throws(ComposerError)

  /// Forgets a kept draft, once it was saved or the user chose to.
  ///
  /// - Parameter draft: The draft.
  /// - Throws: ``ComposerError/discardFailed(_:)``; it is still kept then, and offered again
  ///   next time, which loses nothing.
  func discardDraft(_ draft: Draft) throws(ComposerError)
}
