import FieldNotesModel
import FieldNotesServices
import Foundation
import Synchronization
import Testing

/// A store never shows a note its repository's search index names without the text searched
/// for: each note the index names is checked against the note's own text, the rows a page
/// shows and no more (the rest are counted), every match for the whole list of them.
@MainActor
@Suite struct NoteStoreSearchCheckTests {
  static let heron = Note(
    title: "Heron", body: "grey, by the weir", createdAt: Date(timeIntervalSinceReferenceDate: 1))
  static let wren = Note(
    title: "Wren", body: "in the hedge", createdAt: Date(timeIntervalSinceReferenceDate: 2))
  static let moss = Note(
    title: "Moss", body: "on the stones", createdAt: Date(timeIntervalSinceReferenceDate: 3))

  @Test func aNoteTheIndexNamesWithoutTheTextIsNeverShown() throws {
    let repository = MisleadingIndexRepository(notes: [Self.heron, Self.wren, Self.moss])
    let store = try NoteStore(repository: repository, syncer: NoOpNoteSyncer(), now: .fixed())

    #expect(store.notes(in: .allNotes, matching: "heron") == [Self.heron])
    #expect(store.notes(in: .unfiled, matching: "weir") == [Self.heron])
    #expect(
      store.page(of: .allNotes, matching: "heron", sortedBy: .newest, count: 200)
        == NotePage(notes: [Self.heron], totalCount: 1))
    #expect(repository.invalidations > 0, "the index was reported wrong")
    // A page whose rows all hold the text is not checked further: its count is the index's
    // (checking the count would read every match), and the next rows are checked when shown.
    #expect(
      store.page(of: .allNotes, matching: "grey", sortedBy: .title, count: 1)
        == NotePage(notes: [Self.heron], totalCount: 3))
    #expect(
      store.page(of: .allNotes, matching: "grey", sortedBy: .title, count: 2)
        == NotePage(notes: [Self.heron], totalCount: 1))
  }

  /// While another process may have changed notes, a note the index names can hold other text
  /// in memory than on disk: it is left out, and the index isn't blamed.
  @Test func aNoteChangedByAnotherProcessIsLeftOutWithoutBlamingTheIndex() throws {
    let repository = MisleadingIndexRepository(notes: [Self.heron, Self.wren, Self.moss])
    let store = try NoteStore(repository: repository, syncer: NoOpNoteSyncer(), now: .fixed())
    repository.anotherProcessWrote()

    #expect(store.notes(in: .allNotes, matching: "hedge") == [Self.wren])
    #expect(
      store.page(of: .allNotes, matching: "hedge", sortedBy: .newest, count: 200).notes == [
        Self.wren
      ])
    #expect(repository.invalidations == 0)
  }

  /// A list's own filter is applied before the rows are chosen and checked: a wrong note the
  /// filter lets through is still never shown.
  @Test func aFilteredPageShowsNoNoteWithoutTheText() throws {
    var pinnedWren = Self.wren
    pinnedWren.isPinned = true
    var pinnedHeron = Self.heron
    pinnedHeron.isPinned = true
    let repository = MisleadingIndexRepository(notes: [pinnedHeron, pinnedWren, Self.moss])
    let store = try NoteStore(repository: repository, syncer: NoOpNoteSyncer(), now: .fixed())

    let page = store.page(
      of: .allNotes, matching: "heron", sortedBy: .newest, count: 200, where: \.isPinned)

    #expect(page == NotePage(notes: [pinnedHeron], totalCount: 1))
    #expect(
      store.page(of: .allNotes, sortedBy: .title, count: 200, where: { !$0.isPinned })
        == NotePage(notes: [Self.moss], totalCount: 1))
  }

  /// Checking costs what is shown: a page of 200 rows among 2,000 matches reads 200 bodies.
  @Test func aPageChecksTheRowsItShowsAndNoMore() throws {
    let reads = Mutex(0)
    let source = DeferredTextSource(
      readOne: { key in
        reads.withLock { $0 += 1 }
        return "a heron by the weir, number \(key)"
      }, readAll: nil)
    let notes = (1...2_000).map { number in
      var note = Note(
        title: "Note \(number)", createdAt: Date(timeIntervalSinceReferenceDate: Double(number)))
      note.bodyText = NoteText(deferredFrom: source, key: Int64(number))
      return note
    }
    let repository = MisleadingIndexRepository(notes: notes)
    let store = try NoteStore(repository: repository, syncer: NoOpNoteSyncer(), now: .fixed())

    let page = store.page(of: .allNotes, matching: "weir", sortedBy: .newest, count: 200)

    #expect(page.notes.map(\.title) == (1_801...2_000).reversed().map { "Note \($0)" })
    #expect(page.totalCount == 2_000)
    #expect(reads.withLock { $0 } == 200)
    // So does a filtered page: one note in ten passes the filter, and its 200 rows are shown
    // and checked, 20 of them already read for the first page (a body is read once).
    let filtered = store.page(
      of: .allNotes, matching: "weir", sortedBy: .oldest, count: 200,
      where: { $0.title.hasSuffix("5") })
    #expect(filtered.notes.count == 200 && filtered.totalCount == 200)
    #expect(reads.withLock { $0 } == 380)
    #expect(store.notes(in: .allNotes, matching: "weir").count == 2_000)
    #expect(reads.withLock { $0 } == 2_000, "the whole list of matches is checked whole")
    #expect(repository.invalidations == 0)
  }
}

/// What `reindex` rebuilds when the notes have no repository index: the folded text the store
/// keeps between searches.
@MainActor
@Suite struct NoteStoreRebuildTests {
  @Test func aStoreWithoutARepositoryIndexRebuildsItsOwnFoldedText() throws {
    let store = NoteStore(notes: [NoteStoreSearchCheckTests.heron, NoteStoreSearchCheckTests.wren])
    #expect(store.notes(in: .allNotes, matching: "weir") == [NoteStoreSearchCheckTests.heron])

    #expect(try store.rebuildSearchIndex() == 2)

    #expect(store.notes(in: .allNotes, matching: "weir") == [NoteStoreSearchCheckTests.heron])
    #expect(store.notes(in: .allNotes, matching: "hedge") == [NoteStoreSearchCheckTests.wren])
  }
}

/// A repository whose search index names every note for any query, as one filled with wrong text
/// might; the notes it loads carry their position (from 1) as their key.
final class MisleadingIndexRepository: NoteRepository {
  private struct State {
    var notes: [Note]
    var hasUnloadedChanges = false
    var invalidations = 0
  }

  private let state: Mutex<State>

  /// Creates a repository holding notes, oldest first.
  init(notes: [Note]) {
    state = Mutex(State(notes: notes))
  }

  /// How many times the store said the index answered wrongly.
  var invalidations: Int { state.withLock { $0.invalidations } }

  /// Makes ``mayHaveUnloadedChanges`` `true`, as after another process's write.
  func anotherProcessWrote() { state.withLock { $0.hasUnloadedChanges = true } }

  func load() throws(RepositoryError) -> NoteLibrary {
    NoteLibrary(notes: state.withLock { $0.notes })
  }

  func commit(_ changes: [RepositoryChange]) throws(RepositoryError) {}

  func update(_ transform: (NoteLibrary) -> [RepositoryChange]) throws(RepositoryError) {}

  var mayHaveUnloadedChanges: Bool { state.withLock { $0.hasUnloadedChanges } }

  func noteKeys(matchingFolded query: [UInt8]) throws(RepositoryError) -> [Int64]? {
    state.withLock { state in state.notes.indices.map { Int64($0 + 1) } }
  }

  func noteIDs(forKeys keys: [Int64]) throws(RepositoryError) -> [Note.ID] {
    state.withLock { state in keys.map { state.notes[Int($0) - 1].id } }
  }

  func invalidateSearchIndex() { state.withLock { $0.invalidations += 1 } }

  func keepDraft(_ draft: Draft, superseding origin: Draft?) throws(RepositoryError) {}

  func keptDrafts(forNote noteID: Note.ID?) throws(RepositoryError) -> [Draft] { [] }

  func noteIDsWithKeptDrafts() throws(RepositoryError) -> Set<Note.ID> { [] }

  func discardDraft(_ draft: Draft) throws(RepositoryError) {}
}
