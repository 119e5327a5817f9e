import FieldNotesFormats
import FieldNotesModel
import FieldNotesServices
import FieldNotesTesting
import Foundation
import Testing

@MainActor
@Suite struct NoteStoreTests {
  // MARK: - The seed's tests

  @Test func refreshSyncsExactlyOnce() async throws {
    let syncer = RecordingNoteSyncer()
    let store = NoteStore(syncer: syncer)

    try await store.refresh()

    let count = syncer.syncCount
    #expect(count == 1)
  }

  /// The note flipped is the second of two, so a pin that always flipped the first would fail.
  @Test func togglePinFlipsOnlyThatNote() {
    let first = Note(title: "Heron")
    let second = Note(title: "Kingfisher", isPinned: true)
    let store = NoteStore(notes: [first, second])

    store.togglePin(second)
    #expect(store.notes.map(\.isPinned) == [false, false])
    store.togglePin(second)
    #expect(store.notes.map(\.isPinned) == [false, true])
  }

  /// Pinning a pinned note, or unpinning an unpinned one, changes nothing: no write, and the
  /// edit date stays.
  @Test(arguments: [true, false])
  func settingThePinANoteAlreadyHasWritesNothing(isPinned: Bool) throws {
    let note = Note(
      title: "Heron", createdAt: SampleData.date(minutes: 0), isPinned: isPinned,
      updatedAt: SampleData.date(minutes: 5))
    let repository = InMemoryNoteRepository(NoteLibrary(notes: [note]))
    let store = try NoteStore(
      repository: repository, syncer: NoOpNoteSyncer(), now: .fixed(SampleData.date(minutes: 90)))

    try store.perform(.setPinned(note.id, isPinned))

    #expect(repository.commitCount == 0)
    #expect(store.notes == [note])
  }

  // MARK: - Operations

  @Test func addAppendsTheNoteAsGiven() {
    let store = NoteStore()
    store.add(SampleData.shoppingList)
    #expect(store.notes == [SampleData.shoppingList])
  }

  @Test func deleteRemovesOnlyThatNote() {
    let store = NoteStore(notes: [SampleData.heron, SampleData.kingfisher])
    store.delete(SampleData.heron)
    #expect(store.notes == [SampleData.kingfisher])
  }

  @Test func moveChangesOnlyTheNotebookAndStampsTheEdit() {
    let later = SampleData.date(minutes: 99)
    let store = NoteStore(
      notes: [SampleData.heron], notebooks: [SampleData.birds, SampleData.plants],
      now: .fixed(later))

    store.move(SampleData.heron, to: SampleData.plants)

    var expected = SampleData.heron
    expected.notebookID = SampleData.plants.id
    expected.updatedAt = later
    #expect(store.notes == [expected])
  }

  @Test func notesTaggedWithMatchesExactly() {
    let store = NoteStore(notes: SampleData.library.notes)
    #expect(store.notes(taggedWith: "birds") == [SampleData.heron, SampleData.kingfisher])
    #expect(store.notes(taggedWith: "bird") == [])
  }

  @Test func operationsOnUnknownNotesAreIgnored() {
    let store = NoteStore(notes: [SampleData.heron])
    store.delete(SampleData.moss)
    store.togglePin(SampleData.moss)
    #expect(store.notes == [SampleData.heron])
    #expect(store.lastError == nil)
  }

  @Test func performRejectsDuplicatesAndUnknownNotebooks() {
    let store = NoteStore(notes: [SampleData.heron], notebooks: [SampleData.birds])
    #expect(throws: NoteStoreError.duplicateNote(SampleData.heron.id)) {
      try store.perform(.addNote(SampleData.heron))
    }
    #expect(throws: NoteStoreError.notebookNotFound(SampleData.plants.id)) {
      try store.perform(.addNote(SampleData.moss))
    }
    #expect(throws: NoteStoreError.noteNotFound(SampleData.moss.id)) {
      try store.perform(.togglePin(SampleData.moss.id))
    }
    #expect(store.notes == [SampleData.heron])
  }

  /// One limit covers a whole note wherever it enters the store: adding, editing, importing
  /// and retagging all refuse a note its file couldn't hold, and save nothing.
  @Test func aNoteTooLargeForItsFileIsRefusedWhereverItEnters() throws {
    let repository = InMemoryNoteRepository(SampleData.library)
    let store = try NoteStore(repository: repository, syncer: NoOpNoteSyncer(), now: .fixed())
    let room = NoteDocument.maximumBytes - NoteDocument.byteCount(title: "Big", body: "", tags: [])
    let big = Note(title: "Big", body: String(repeating: "a", count: room))
    try store.perform(.addNote(big))
    let tooLarge = NoteStoreError.noteTooLarge(
      title: "Big", bytes: NoteDocument.maximumBytes + 7)
    var over = big
    over.id = UUID()
    over.tags = ["heron"]

    #expect(throws: tooLarge) { try store.perform(.addNote(over)) }
    #expect(throws: LibraryImportError.store(tooLarge)) {
      try LibraryImport.merge(into: store, NoteLibrary(notes: [over]))
    }
    over.id = big.id
    #expect(throws: tooLarge) { try store.perform(.updateNote(over)) }
    var retagged = big
    retagged.tags = ["heron"]
    #expect(throws: tooLarge) { try store.perform(.updateNote(retagged)) }
    #expect(repository.commitCount == 1, "only the note that fits was saved")
    try store.perform(.setPinned(big.id, true))
  }

  // MARK: - Persistence

  @Test func loadsTheRepositoryAtStart() throws {
    let repository = InMemoryNoteRepository(SampleData.library)
    let store = try NoteStore(repository: repository, syncer: NoOpNoteSyncer(), now: .fixed())
    #expect(store.notes == SampleData.library.notes)
    #expect(store.notebooks == SampleData.library.notebooks)
  }

  @Test func aFailingLoadIsATypedError() {
    let repository = InMemoryNoteRepository()
    repository.failLoads(with: .corrupt(path: "/tmp/x", detail: "bad page"))
    #expect(throws: NoteStoreError.persistence(.corrupt(path: "/tmp/x", detail: "bad page"))) {
      _ = try NoteStore(repository: repository, syncer: NoOpNoteSyncer(), now: .fixed())
    }
  }

  @Test func everyMutationIsWrittenThrough() throws {
    let repository = InMemoryNoteRepository()
    let store = try NoteStore(repository: repository, syncer: NoOpNoteSyncer(), now: .fixed())

    try store.addNotebook(SampleData.birds)
    store.add(SampleData.heron)
    store.add(SampleData.kingfisher)
    store.togglePin(SampleData.kingfisher)
    store.delete(SampleData.heron)

    #expect(repository.commitCount == 5)
    #expect(repository.savedLibrary.notebooks == store.notebooks)
    #expect(repository.savedLibrary.notes == store.notes)
  }

  @Test func aFailedWriteRollsBackAndReportsTheError() throws {
    let repository = InMemoryNoteRepository(SampleData.library)
    let store = try NoteStore(repository: repository, syncer: NoOpNoteSyncer(), now: .fixed())
    repository.failCommits(with: .diskFull)

    store.add(Note(title: "Lost?"))
    store.togglePin(SampleData.kingfisher)
    store.delete(SampleData.heron)
    store.move(SampleData.moss, to: SampleData.birds)

    #expect(store.notes == SampleData.library.notes)
    #expect(store.lastError == .persistence(.diskFull))
    #expect(repository.savedLibrary == SampleData.library)
  }

  @Test func aSuccessfulMutationClearsTheLastError() throws {
    let repository = InMemoryNoteRepository(SampleData.library)
    let store = try NoteStore(repository: repository, syncer: NoOpNoteSyncer(), now: .fixed())
    repository.failNextCommit()
    store.togglePin(SampleData.heron)
    #expect(store.lastError != nil)

    store.togglePin(SampleData.heron)

    #expect(store.lastError == nil)
    #expect(store.notes.first?.isPinned == false)
  }

  @Test func refreshReloadsWhatTheSyncSaved() async throws {
    let repository = InMemoryNoteRepository()
    let store = try NoteStore(repository: repository, syncer: NoOpNoteSyncer(), now: .fixed())
    try repository.commit([.saveNote(SampleData.moss)])

    try await store.refresh()

    #expect(store.notes == [SampleData.moss])
  }

  @Test func aFailingRefreshKeepsTheNotes() async throws {
    let store = NoteStore(notes: [SampleData.heron], syncer: FailingNoteSyncer())
    await #expect(throws: SyncTestError.offline) { try await store.refresh() }
    #expect(store.notes == [SampleData.heron])
  }

  @Test func errorsHaveUserFacingMessages() {
    let errors: [NoteStoreError] = [
      .persistence(.diskFull), .noteNotFound(UUID()), .notebookNotFound(UUID()),
      .duplicateNote(UUID()), .refused(StoreRefusal(Refusal.gone)),
      .persistence(.notAFieldNotesStore(path: "/x")), .persistence(.busy),
    ]
    for error in errors {
      #expect(error.errorDescription?.isEmpty == false)
    }
  }

  /// A feature's reason, as a feature's change refuses with it.
  enum Refusal: LocalizedError, Hashable {
    case gone, changed

    var errorDescription: String? { self == .gone ? "It is gone." : "It changed." }
  }

  /// A feature's refusal says the feature's words, and is equal only to the same reason.
  @Test func aRefusalCarriesTheFeaturesReason() {
    let gone = NoteStoreError.refused(StoreRefusal(Refusal.gone))
    #expect(gone.errorDescription == "It is gone.")
    #expect(gone == .refused(StoreRefusal(Refusal.gone)))
    #expect(gone != .refused(StoreRefusal(Refusal.changed)))
    #expect(gone != .refused(StoreRefusal(RepositoryError.diskFull)))
    #expect(Set([gone, .refused(StoreRefusal(Refusal.gone))]).count == 1)
  }
}

@MainActor
@Suite struct NoteStoreNotebookLookupTests {
  @Test func notebooksAreFoundByNameIgnoringCaseAndSpaces() {
    let store = NoteStore(notebooks: SampleData.library.notebooks)
    #expect(store.notebooks.notebook(named: "  birds ") == SampleData.birds)
    #expect(store.notebooks.notebook(named: "PLANTS") == SampleData.plants)
    #expect(store.notebooks.notebook(named: "Fungi") == nil)
  }
}
