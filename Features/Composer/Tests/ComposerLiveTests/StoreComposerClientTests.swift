import ComposerFeature
import ComposerLive
import FieldNotesModel
import FieldNotesPersistence
import FieldNotesServices
import FieldNotesTesting
import Foundation
import Testing

/// The live client keeps the promises of ``ComposerFeature/ComposerClient`` over a store and a
/// draft repository: what the view model's tests assume of the in-memory client holds of the
/// real one, and the drafts it keeps are in the repository, read here directly.
@MainActor
@Suite struct StoreComposerClientTests {
  let repository = InMemoryNoteRepository(SampleData.library)

  func makeClient() throws -> (StoreComposerClient, NoteStore) {
    let store = try NoteStore(
      repository: repository, syncer: NoOpNoteSyncer(), now: .fixed(SampleData.date(minutes: 90)))
    return (StoreComposerClient(store: store, drafts: repository), store)
  }

  func draft(
    _ title: String, of noteID: Note.ID? = nil, session: Int, minutes: Int
  ) -> Draft {
    Draft(
      noteID: noteID, notebookID: nil, title: title, body: "", tags: [],
      keptAt: SampleData.date(minutes: minutes), session: SampleData.session(session),
      baseUpdatedAt: nil)
  }

  @Test func itReadsAndSavesAsTheInMemoryClientDoes() throws {
    let (live, store) = try makeClient()
    let memory = InMemoryComposerClient(
      notes: SampleData.library.notes, notebooks: SampleData.library.notebooks)
    #expect(live.note(SampleData.heron.id) == memory.note(SampleData.heron.id))
    #expect(live.notebooks == memory.notebooks)
    #expect(live.knownTags == memory.knownTags)
    for name in ["Birds", "  plants ", "fungi"] {
      #expect(live.notebook(named: name) == memory.notebook(named: name))
    }

    let wren = Note(id: UUID(number: 1), title: "Wren", createdAt: SampleData.date(minutes: 5))
    try live.add(wren)
    try memory.add(wren)
    #expect(live.note(wren.id) == memory.note(wren.id))
    #expect(throws: ComposerError.saveFailed(.duplicateNote(wren.id))) { try live.add(wren) }
    #expect(throws: ComposerError.saveFailed(.duplicateNote(wren.id))) { try memory.add(wren) }

    var heron = SampleData.heron
    heron.title = "Heron at dusk"
    try live.update(heron)
    #expect(try store.note(withID: heron.id)?.title == "Heron at dusk")
    #expect(
      try store.journal.versions(ofNote: heron.id).map(\.title) == [SampleData.heron.title],
      "the store kept the text the save replaced")
    let gone = Note(id: UUID(number: 0xDEAD), title: "Gone")
    #expect(throws: ComposerError.saveFailed(.noteNotFound(gone.id))) { try live.update(gone) }
    #expect(throws: ComposerError.saveFailed(.noteNotFound(gone.id))) { try memory.update(gone) }
  }

  @Test func aFailedSaveSaysWhyAndSavesNothing() throws {
    let (client, store) = try makeClient()
    repository.failNextCommit(with: .diskFull)
    let wren = Note(id: UUID(number: 1), title: "Wren")

    #expect(throws: ComposerError.saveFailed(.persistence(.diskFull))) { try client.add(wren) }

    #expect(try store.note(withID: wren.id) == nil && repository.commitCount == 0)
  }

  @Test func draftsAreKeptInTheRepositoryOnePerSessionAndNote() throws {
    let (client, _) = try makeClient()
    let first = draft("Wren", session: 1, minutes: 1)
    let second = draft("Robin", session: 2, minutes: 2)
    try client.keepDraft(first, superseding: nil)
    try client.keepDraft(second, superseding: nil)
    let again = draft("Wren, again", session: 1, minutes: 3)
    try client.keepDraft(again, superseding: nil)

    #expect(try repository.keptDrafts(forNote: nil).map(\.title) == ["Wren, again", "Robin"])
    #expect(client.keptDrafts(forNote: nil).map(\.title) == ["Wren, again", "Robin"])

    let grown = draft("Robin, grown", session: 3, minutes: 4)
    try client.keepDraft(grown, superseding: second)
    #expect(
      try repository.keptDrafts(forNote: nil).map(\.title) == ["Robin, grown", "Wren, again"])
    try client.discardDraft(again)
    #expect(try repository.keptDrafts(forNote: nil) == [grown])
  }

  /// A new note is offered the drafts of notes the store no longer holds; a note that is there
  /// keeps its own.
  @Test func aNewNoteIsOfferedTheDraftsOfNotesThatAreGone() throws {
    let (client, store) = try makeClient()
    let ofHeron = draft("Heron, kept", of: SampleData.heron.id, session: 1, minutes: 1)
    let ofMoss = draft("Moss, kept", of: SampleData.moss.id, session: 1, minutes: 2)
    let new = draft("New, kept", session: 2, minutes: 3)
    for kept in [ofHeron, ofMoss, new] { try client.keepDraft(kept, superseding: nil) }

    #expect(client.keptDrafts(forNote: nil) == [new])
    #expect(client.keptDrafts(forNote: SampleData.moss.id) == [ofMoss])
    try store.perform(.deleteNote(SampleData.moss.id))

    #expect(client.keptDrafts(forNote: nil) == [new, ofMoss], "newest first")
    #expect(client.keptDrafts(forNote: SampleData.heron.id) == [ofHeron])
  }

  /// A repository that can't be written says so through the client's errors, and one that
  /// can't be read offers no draft rather than failing the composer.
  @Test func draftsThatCantBeKeptForgottenOrReadSaySo() throws {
    let store = try NoteStore(repository: repository, syncer: NoOpNoteSyncer(), now: .fixed())
    let client = StoreComposerClient(store: store, drafts: RefusingDrafts(error: .diskFull))
    let kept = draft("Wren", session: 1, minutes: 1)

    #expect(throws: ComposerError.draftNotKept(.persistence(.diskFull))) {
      try client.keepDraft(kept, superseding: nil)
    }
    #expect(throws: ComposerError.discardFailed(.persistence(.diskFull))) {
      try client.discardDraft(kept)
    }
    #expect(client.keptDrafts(forNote: nil) == [])
    #expect(client.keptDrafts(forNote: SampleData.heron.id) == [])
  }

  /// Drafts outlive the session as the repository does: a store file's do; an in-memory
  /// store's don't, so none is promised there.
  @Test func draftsOutliveTheSessionAsTheirRepositoryDoes() throws {
    let (client, store) = try makeClient()
    #expect(client.keepsDraftsPastTheSession)
    let memory = try SQLiteNoteRepository.inMemory()
    #expect(!StoreComposerClient(store: store, drafts: memory).keepsDraftsPastTheSession)
  }
}

/// Drafts in a store that can be neither written nor read: a full disk, a damaged file.
private struct RefusingDrafts: DraftRepository {
  /// What every use throws.
  let error: RepositoryError

  var isPersistent: Bool { true }

  func keepDraft(_ draft: Draft, superseding origin: Draft?) throws(RepositoryError) {
    throw error
  }

  func keptDrafts(forNote noteID: Note.ID?) throws(RepositoryError) -> [Draft] { throw error }

  func noteIDsWithKeptDrafts() throws(RepositoryError) -> Set<Note.ID> { throw error }

  func discardDraft(_ draft: Draft) throws(RepositoryError) { throw error }
}
