import ComposerFeature
import FieldNotesModel
import FieldNotesServices

/// The live composer's data: the store's notes and notebooks, saved through the store (which
/// keeps every text a save replaces), and the drafts kept beside them in a
/// ``FieldNotesServices/DraftRepository``.
///
/// The drafts are read from the repository and the notes from the store, so a new note can be
/// offered the drafts of notes that are gone. The repository is the store's own file for the
/// SQLite store, and memory for the session beside notes in memory. The app makes one client
/// for each composer; it holds nothing of its own.
@MainActor
public final class StoreComposerClient: ComposerClient {
  private let store: NoteStore
  private let drafts: any DraftRepository

  /// Creates the client.
  ///
  /// - Parameters:
  ///   - store: The store holding the notes.
  ///   - drafts: Where drafts of notes being written are kept.
  public init(store: NoteStore, drafts: any DraftRepository) {
    self.store = store
    self.drafts = drafts
  }

  /// The note, read through the store's observed cache.
  ///
  /// The composer's state is its own draft, never a read of the store: a read that fails here
  /// answers `nil`, and the save that follows reads the note again in its own transaction,
  /// where a failure is thrown.
  ///
  /// - Parameter id: The note.
  /// - Returns: The note, or `nil`.
  public func note(_ id: Note.ID) -> Note? { (try? store.note(withID: id)) ?? nil }

  /// The store's notebooks.
  public var notebooks: [Notebook] { store.notebooks }

  /// The store's notebook of that name, the exact name first.
  ///
  /// - Parameter name: The name.
  /// - Returns: The notebook, or `nil`.
  public func notebook(named name: String) -> Notebook? { store.notebooks.notebook(named: name) }

  /// The store's tags, for completing them: none when they can't be read.
  public var knownTags: [String] { (try? store.summary.tagCounts.keys.sorted()) ?? [] }

  /// Reads the store again; a failed read is the next save's to report.
  public func refresh() {
    try? store.reload()
  }

  /// Adds the note through the store.
  ///
  /// - Parameter note: The note.
  /// - Throws: ``ComposerFeature/ComposerError/saveFailed(_:)``.
  public func add(_ note: Note) throws(ComposerError) {
    do { try store.perform(.addNote(note)) } catch { throw .saveFailed(error) }
  }

  /// Saves the note over its saved version through the store, which refuses it when another
  /// process changed the note since the store read it (and then reads it again).
  ///
  /// - Parameter note: The note.
  /// - Throws: ``ComposerFeature/ComposerError/saveFailed(_:)``.
  public func update(_ note: Note) throws(ComposerError) {
    do { try store.perform(.updateNote(note)) } catch { throw .saveFailed(error) }
  }

  /// Whether the draft repository outlives this process.
  public var keepsDraftsPastTheSession: Bool { drafts.isPersistent }

  /// The drafts the repository keeps of the note, newest first.
  ///
  /// For a new note, with the drafts of notes the store no longer holds, readable or not. A
  /// failed read counts as no draft.
  ///
  /// - Parameter noteID: The note, or `nil` for a new note.
  /// - Returns: The drafts.
  public func keptDrafts(forNote noteID: Note.ID?) -> [Draft] {
    var kept = (try? drafts.keptDrafts(forNote: noteID)) ?? []
    if noteID == nil {
      let gone = ((try? drafts.noteIDsWithKeptDrafts()) ?? []).filter { !holdsNote($0) }
      for id in gone { kept += (try? drafts.keptDrafts(forNote: id)) ?? [] }
    }
    return kept.sorted {
      $0.keptAt != $1.keptAt
        ? $0.keptAt > $1.keptAt : $0.session.id.uuidString < $1.session.id.uuidString
    }
  }

  /// Whether the store has a note, readable or not: a damaged note's drafts stay its own, and
  /// so do those of a note that can't be read now.
  private func holdsNote(_ id: Note.ID) -> Bool {
    do {
      return try store.note(withID: id) != nil
        || store.journal.unreadableNotes().contains { $0.id == id }
    } catch {
      return true
    }
  }

  /// Keeps the draft in the repository.
  ///
  /// - Parameters:
  ///   - draft: The draft.
  ///   - origin: The draft it was taken up from, or `nil`.
  /// - Throws: ``ComposerFeature/ComposerError/draftNotKept(_:)``.
  public func keepDraft(_ draft: Draft, superseding origin: Draft?) throws(ComposerError) {
    do { try drafts.keepDraft(draft, superseding: origin) } catch {
      throw .draftNotKept(.persistence(error))
    }
  }

  /// Forgets the draft in the repository.
  ///
  /// - Parameter draft: The draft.
  /// - Throws: ``ComposerFeature/ComposerError/discardFailed(_:)``.
  public func discardDraft(_ draft: Draft) throws(ComposerError) {
    do { try drafts.discardDraft(draft) } catch { throw .discardFailed(.persistence(error)) }
  }
}
