import FieldNotesModel
import FieldNotesQuery
import FieldNotesServices
import FieldNotesTesting
import FieldNotesText
import Foundation
import NoteListFeature
import Synchronization
import Testing

@MainActor
@Suite struct NoteListViewModelTests {
  static let utc = TimeZone(identifier: "UTC") ?? .current
  /// Row dates are described from an hour after the sample notes were written.
  static let now = DateProvider.fixed(SampleData.date(minutes: 60))

  let repository = InMemoryNoteRepository(SampleData.library)

  func makeModel(
    scope: NoteScope = .allNotes, syncer: any NoteSyncing = NoOpNoteSyncer()
  ) throws -> (NoteListViewModel, NoteStore) {
    let store = try NoteStore(repository: repository, syncer: syncer, now: .fixed())
    return (Self.model(of: store, scope: scope, now: Self.now), store)
  }

  /// A list's view model over a store, with a fixed clock, UTC dates and its own undo history.
  static func model(of store: NoteStore, scope: NoteScope, now: DateProvider = .fixed())
    -> NoteListViewModel
  {
    NoteListViewModel(
      store: store, scope: scope, now: now, timeZone: utc, history: DeletionHistory())
  }

  /// The rows of notes in a list of all notes (or a tag's, or of notes in no notebook), each
  /// naming its notebook.
  static func rows(_ notes: Note...) -> [NoteRow] { rows(notes, namingNotebooks: true) }

  /// The rows of notes in a notebook's own list, which don't repeat its name.
  static func birdsRows(_ notes: Note...) -> [NoteRow] { rows(notes, namingNotebooks: false) }

  /// Rows as the lists make them, each with its short id: the sample notes' ids differ in
  /// their first four digits (`a0a1`, `a0a2`…), so those are what every row shows.
  static func rows(_ notes: [Note], namingNotebooks: Bool) -> [NoteRow] {
    notes.map {
      NoteRow(
        note: $0, shortID: NoteIDPrefix(of: $0.id, length: 4), now: now(), timeZone: utc,
        notebooks: SampleData.library.notebooks, namesNotebook: namingNotebooks)
    }
  }

  static let birds = NoteScope.notebook(SampleData.birds.id)

  // MARK: - Loading

  @Test func loadShowsTheScopeNewestFirstWithPinnedOnTop() throws {
    let (model, _) = try makeModel(scope: Self.birds)
    let recorder = StateRecorder(model, \.state)

    model.load()

    #expect(
      recorder.values == [
        .loaded(Self.birdsRows(SampleData.heron, SampleData.kingfisher), sync: .idle)
      ],
      "reading is synchronous: no loading")
  }

  @Test func rowsAreMadeForDisplay() throws {
    let (model, _) = try makeModel(scope: Self.birds)
    model.load()
    guard case .loaded(let rows, _, _, _) = model.state, let heron = rows.first else {
      Issue.record("expected rows")
      return
    }
    #expect(heron.title == "Heron at the lake")
    #expect(heron.excerpt == "Grey heron, still as a post.")
    #expect(heron.tags == ["birds", "lake"])
    #expect(heron.isPinned)
    #expect(heron.date == "1 h ago")
  }

  /// Each row carries its note's short id, the shortest start of its id no other note shares:
  /// read with the page, and kept through a pin, which leaves which notes are saved as it was;
  /// a note added, here or by another process (seen as the store catches up, at the end of
  /// every line), has them read again, which can lengthen one.
  @Test func rowsCarryTheShortIDsOfTheStoreAsItIs() throws {
    let (model, store) = try makeModel()
    model.load()
    let ids = { () -> [String: String] in
      guard case .loaded(let rows, _, _, _) = model.state else { return [:] }
      return Dictionary(rows.map { ($0.title, $0.shortID.description) }) { first, _ in first }
    }
    let titles = [
      SampleData.heron, SampleData.shoppingList, SampleData.moss, SampleData.kingfisher,
    ]
    .map(\.title)
    #expect(titles.map { ids()[$0] } == ["a0a1", "a0a4", "a0a3", "a0a2"])
    let twin = Note(
      id: UUID(uuidString: "A0A1F000-0000-4000-8000-000000000000") ?? UUID(), title: "Twin",
      createdAt: SampleData.date(minutes: 50))
    try repository.commit([.saveNote(twin)], progress: { _ in })  // another process's note

    try model.setPinned(SampleData.moss.id, true)

    #expect(ids()[SampleData.heron.title] == "a0a1", "kept through the pin, not read again")
    #expect(ids()["Twin"] == "a0a1f", "a note the list had not shown is read")
    try store.reload()
    #expect(titles.map { ids()[$0] } == ["a0a10", "a0a4", "a0a3", "a0a2"], "the twin's seen")
    try store.perform(.deleteNote(twin.id))
    // In the trash, the twin's id is still one the heron's is told from: `a0a1` would name it
    // too, for `restore`.
    #expect(titles.map { ids()[$0] } == ["a0a10", "a0a4", "a0a3", "a0a2"], "and its removal")
  }

  /// The short ids are read with the page and kept while the store is unchanged: a disk that
  /// fails after the list was drawn is not asked again for them when the state is read again.
  @Test func theShortIDsOfAnUnchangedStoreAreReadOnce() throws {
    let repository = InMemoryNoteRepository(SampleData.library)
    let store = try NoteStore(repository: repository, syncer: NoOpNoteSyncer(), now: .fixed())
    let model = Self.model(of: store, scope: .allNotes, now: Self.now)
    let drawn = model.state
    #expect(
      drawn
        == .loaded(
          Self.rows(
            SampleData.heron, SampleData.shoppingList, SampleData.moss, SampleData.kingfisher),
          sync: .idle))

    repository.failLoads(with: .readFailed(reason: "disk I/O error"))
    #expect(model.state == drawn, "nothing was asked of the repository again")
  }

  @Test func aFailedLoadSaysWhy() throws {
    let (model, _) = try makeModel()
    let recorder = StateRecorder(model, \.state)
    repository.failLoads(with: .corrupt(path: "/n.sqlite", detail: "malformed"))
    try repository.commit([])  // another process wrote, so the load reads again

    model.load()

    #expect(
      recorder.values == [
        .loaded(
          Self.rows(
            SampleData.heron, SampleData.shoppingList, SampleData.moss, SampleData.kingfisher),
          sync: .idle),
        .failed(
          message: "/n.sqlite is damaged and cannot be read (malformed); it was left untouched."),
      ])
  }

  @Test func aReadThatFailsWhileTheListIsDrawnIsAFailedStateAndThenTheListAgain() throws {
    let repository = InMemoryNoteRepository(SampleData.library)
    let store = try NoteStore(repository: repository, syncer: NoOpNoteSyncer(), now: .fixed())
    let model = Self.model(of: store, scope: Self.birds, now: Self.now)
    let recorder = StateRecorder(model, \.state)

    // The disk fails; the next question the list asks (its pinned notes) can't be answered.
    repository.failLoads(with: .readFailed(reason: "disk I/O error"))
    model.showsPinnedOnly = true
    #expect(
      recorder.values == [
        .loaded(Self.birdsRows(SampleData.heron, SampleData.kingfisher), sync: .idle),
        .failed(message: "The notes could not be read: disk I/O error."),
      ])

    repository.failLoads(with: nil)
    // The failure was no answer: the next drawing asks again, with no `retry` needed.
    #expect(model.state == .loaded(Self.birdsRows(SampleData.heron), sync: .idle))
    #expect(repository.savedLibrary == SampleData.library, "nothing was lost")
  }

  @Test func anEmptyNotebookAndAFruitlessSearchSayDifferentThings() throws {
    let store = NoteStore(notebooks: [SampleData.birds])
    let model = Self.model(of: store, scope: Self.birds)
    model.load()
    #expect(model.state == .empty(.noNotes, sync: .idle))

    let (searching, _) = try makeModel(scope: Self.birds)
    searching.load()
    searching.searchText = "albatross"
    #expect(searching.state == .empty(.noMatches, sync: .idle))
  }

  // MARK: - Search, filters, sort

  @Test func searchIgnoresCaseAndDiacriticsAcrossTitleBodyAndTags() throws {
    let cafe = Note(title: "Café terrace", body: "sparrows", createdAt: SampleData.date(minutes: 5))
    let store = NoteStore(notes: [cafe, SampleData.heron, SampleData.moss])
    let model = Self.model(of: store, scope: .allNotes)
    model.load()

    model.searchText = "CAFE"
    #expect(try model.visibleNotes == [cafe])
    model.searchText = "rain"
    #expect(try model.visibleNotes == [SampleData.moss])
    model.searchText = "lake"
    #expect(try model.visibleNotes == [SampleData.heron])
  }

  @Test func searchIsLiteral() throws {
    let percent = Note(title: "100% sure", createdAt: SampleData.date(minutes: 1))
    let underscore = Note(title: "snake_case", createdAt: SampleData.date(minutes: 2))
    let store = NoteStore(notes: [percent, underscore, SampleData.heron])
    let model = Self.model(of: store, scope: .allNotes)

    model.searchText = "%"
    #expect(try model.visibleNotes == [percent])
    model.searchText = "_"
    #expect(try model.visibleNotes == [underscore])
    model.searchText = "'); DROP"
    #expect(try model.visibleNotes == [])
  }

  // MARK: - Searching with the query language

  @Test func aTypedSearchIsParsedAndTheStateFollowsIt() throws {
    let (model, _) = try makeModel()
    model.load()
    let recorder = StateRecorder(model, \.state)

    try model.search(for: "blue OR moss")
    try model.search(for: "#birds -heron")
    try model.search(for: "  ")

    let blue = NoteRow(
      note: SampleData.kingfisher, shortID: NoteIDPrefix(of: SampleData.kingfisher.id, length: 4),
      now: Self.now(), timeZone: Self.utc,
      matches: SearchMatches(["blue", "moss"]), notebooks: SampleData.library.notebooks)
    let moss = NoteRow(
      note: SampleData.moss, shortID: NoteIDPrefix(of: SampleData.moss.id, length: 4),
      now: Self.now(), timeZone: Self.utc,
      matches: SearchMatches(["blue", "moss"]), notebooks: SampleData.library.notebooks)
    let everything = Self.rows(
      SampleData.heron, SampleData.shoppingList, SampleData.moss, SampleData.kingfisher)
    #expect(
      recorder.values == [
        .loaded(everything, sync: .idle),
        .loaded([moss, blue], sync: .idle),
        .loaded(Self.rows(SampleData.kingfisher), sync: .idle),
        .loaded(everything, sync: .idle),
      ])
    #expect(model.searchText == "")
  }

  @Test func aSearchThatIsNoneIsRefusedAndTheListKeepsItsSearch() throws {
    let (model, _) = try makeModel()
    model.load()
    try model.search(for: "heron")
    let before = model.state

    #expect(throws: NoteListError.invalidSearch(.unknownNotebook("Nowhere", column: 1))) {
      try model.search(for: "in:Nowhere")
    }
    #expect(throws: NoteListError.invalidSearch(.unclosedQuote(column: 7))) {
      try model.search(for: "heron \"grey")
    }
    #expect(model.searchText == "heron")
    #expect(model.state == before)
  }

  @Test func aSearchNamesNotebooksAndDatesAgainstTheStoreAndTheClock() throws {
    let (model, _) = try makeModel()
    model.load()

    try model.search(for: "in:birds is:pinned")
    #expect(try model.visibleNotes == [SampleData.heron])
    try model.search(for: "in:none")
    #expect(try model.visibleNotes.allSatisfy { $0.notebookID == nil })
    try model.search(
      for: "created:>=\(CivilTime(SampleData.date(minutes: 0), in: Self.utc).dateText)")
    #expect(
      try Set(model.visibleNotes)
        == Set(
          SampleData.library.notes.filter {
            CivilTime($0.createdAt, in: Self.utc).dateText
              >= CivilTime(SampleData.date(minutes: 0), in: Self.utc).dateText
          }))
  }

  @Test func aSearchNamesTheNotebooksAsTheyAreNowAndStartsFromTheFirstRows() throws {
    let (model, _) = try makeModel()
    model.load()
    model.shownRowCount = 3 * NoteListViewModel.rowLimit
    let trips = Notebook(id: UUID(number: 0xB9), name: "Field trips")
    // Another process makes a notebook: the next search can name it.
    try repository.commit([.saveNotebook(trips)])

    try model.search(for: "in:\"field trips\"")

    #expect(model.state == .empty(.noMatches, sync: .idle))
    #expect(model.shownRowCount == NoteListViewModel.rowLimit, "a new search starts at the top")
  }

  @Test func tagPinnedAndSearchCombine() throws {
    let (model, _) = try makeModel()
    model.load()

    model.tag = "birds"
    #expect(try model.visibleNotes == [SampleData.heron, SampleData.kingfisher])
    model.showsPinnedOnly = true
    #expect(try model.visibleNotes == [SampleData.heron])
    model.searchText = "kingfisher"
    #expect(model.state == .empty(.noMatches, sync: .idle))
    model.showsPinnedOnly = false
    #expect(try model.visibleNotes == [SampleData.kingfisher])
  }

  @Test func sortOrdersKeepPinnedNotesFirst() throws {
    let (model, _) = try makeModel()
    model.load()

    model.sortOrder = .newest
    #expect(
      try model.visibleNotes.map(\.title) == [
        "Heron at the lake", "Field kit", "Moss on the north wall", "Kingfisher",
      ])
    model.sortOrder = .oldest
    #expect(
      try model.visibleNotes.map(\.title) == [
        "Heron at the lake", "Kingfisher", "Moss on the north wall", "Field kit",
      ])
    model.sortOrder = .title
    #expect(
      try model.visibleNotes.map(\.title) == [
        "Heron at the lake", "Field kit", "Kingfisher", "Moss on the north wall",
      ])
  }

  /// In the order of changes a note edited last comes first after the pins, and its row says
  /// when it was edited, not when it was written.
  @Test func theOrderOfChangesPutsAnEditedNoteFirstAndDatesItsEdit() throws {
    let store = try NoteStore(
      repository: repository, syncer: NoOpNoteSyncer(), now: .fixed(SampleData.date(minutes: 50)))
    let model = Self.model(of: store, scope: .allNotes, now: Self.now)
    var kingfisher = SampleData.kingfisher
    kingfisher.body = "Seen again from the bridge."
    try store.perform(.updateNote(kingfisher))

    model.sortOrder = .updated

    #expect(
      try model.visibleNotes.map(\.title) == [
        "Heron at the lake", "Kingfisher", "Field kit", "Moss on the north wall",
      ])
    guard case .loaded(let rows, _, _, _) = model.state else {
      Issue.record("expected rows, got \(model.state)")
      return
    }
    #expect(rows.map(\.date) == ["1 h ago", "10 min ago", "30 min ago", "40 min ago"])
  }

  @Test func unfiledScopeShowsNotesInNoNotebook() throws {
    let (model, _) = try makeModel(scope: .unfiled)
    model.load()
    #expect(model.state == .loaded(Self.rows(SampleData.shoppingList), sync: .idle))
  }

  // MARK: - The seed's visibleNotes(from:in:)

  @Test func seedFilterKeepsOneNotebook() {
    let model = NoteListViewModel()
    let notes = SampleData.library.notes
    #expect(
      model.visibleNotes(from: notes, in: SampleData.birds.id) == [
        SampleData.heron, SampleData.kingfisher,
      ])
    #expect(model.visibleNotes(from: notes, in: nil) == [SampleData.shoppingList])
  }

  @Test func seedFilterHonoursPinnedOnlyAndTitleSearch() {
    let model = NoteListViewModel()
    let notes = SampleData.library.notes
    model.showsPinnedOnly = true
    #expect(model.visibleNotes(from: notes, in: SampleData.birds.id) == [SampleData.heron])
    model.showsPinnedOnly = false
    model.searchText = "KINGF"
    #expect(model.visibleNotes(from: notes, in: SampleData.birds.id) == [SampleData.kingfisher])
  }

  @Test func seedInitializerStartsWithNoFilters() {
    let model = NoteListViewModel()
    #expect(model.searchText == "")
    #expect(model.showsPinnedOnly == false)
    model.load()
    #expect(model.state == .empty(.noNotes, sync: .idle))
  }

  // MARK: - Actions

  @Test func togglePinMovesTheRowToTheTop() throws {
    let (model, _) = try makeModel(scope: Self.birds)
    model.load()
    let recorder = StateRecorder(model, \.state)

    try model.togglePin(SampleData.kingfisher.id)

    // The pin is stamped with the store's clock (fixed at `DateProvider.referenceDate`), and
    // the row's record, what a script reads, shows it.
    var kingfisher = SampleData.kingfisher
    kingfisher.isPinned = true
    kingfisher.updatedAt = DateProvider.referenceDate
    #expect(
      recorder.values == [
        .loaded(Self.birdsRows(SampleData.heron, SampleData.kingfisher), sync: .idle),
        .loaded(Self.birdsRows(kingfisher, SampleData.heron), sync: .idle),
      ])
    // The effect: one write, made only if the note is still the one this store read.
    #expect(
      repository.committedChanges == [[.replaceNote(SampleData.kingfisher, with: kingfisher)]])
  }

  /// The store writes first and shows after: a pin that could not be saved is never shown.

  /// The test above, written exhaustively: every state and every store write must be stated,
  /// and one that is not fails the test (docs/Testing.md compares the two).
  @Test func togglePinMovesTheRowToTheTopStatingEveryChange() throws {
    let (model, _) = try makeModel(scope: Self.birds)
    model.load()
    let test = ExhaustiveTest(model, \.state, repository: repository)
    var kingfisher = SampleData.kingfisher
    kingfisher.isPinned = true
    kingfisher.updatedAt = DateProvider.referenceDate

    try test.step(
      "pin the kingfisher", { try model.togglePin(SampleData.kingfisher.id) },
      states: [.loaded(Self.birdsRows(kingfisher, SampleData.heron), sync: .idle)],
      writes: [[.replaceNote(SampleData.kingfisher, with: kingfisher)]])
  }

  @Test func aFailingPinIsNeverShown() throws {
    let (model, store) = try makeModel(scope: Self.birds)
    model.load()
    repository.failNextCommit(with: .diskFull)
    let recorder = StateRecorder(model, \.state)

    #expect(throws: NoteListError.store(.persistence(.diskFull))) {
      try model.togglePin(SampleData.kingfisher.id)
    }

    #expect(
      recorder.values == [
        .loaded(Self.birdsRows(SampleData.heron, SampleData.kingfisher), sync: .idle)
      ])
    #expect(store.notes == SampleData.library.notes)
  }

  @Test func deleteThenUndoRestoresTheNoteExactly() throws {
    let (model, store) = try makeModel(scope: Self.birds)
    model.load()
    let recorder = StateRecorder(model, \.state)

    try model.delete(SampleData.heron.id)
    #expect(model.canUndo)
    try model.undoDelete()

    #expect(
      recorder.values == [
        .loaded(Self.birdsRows(SampleData.heron, SampleData.kingfisher), sync: .idle),
        .loaded(Self.birdsRows(SampleData.kingfisher), sync: .idle),
        .loaded(Self.birdsRows(SampleData.heron, SampleData.kingfisher), sync: .idle),
      ])
    #expect(try store.note(withID: SampleData.heron.id) == SampleData.heron)
    #expect(repository.savedLibrary.notes.contains(SampleData.heron))
    #expect(!model.canUndo)
    #expect(throws: NoteListError.nothingToUndo) { try model.undoDelete() }
  }

  @Test func aFailedUndoCanBeTriedAgain() throws {
    let (model, store) = try makeModel(scope: Self.birds)
    try model.delete(SampleData.heron.id)
    repository.failNextCommit()

    #expect(throws: NoteListError.store(.persistence(.diskFull))) { try model.undoDelete() }
    try model.undoDelete()

    #expect(try store.note(withID: SampleData.heron.id) == SampleData.heron)
  }

  @Test func undoAfterTheNotebookWentKeepsTheNoteInNoNotebook() throws {
    let (model, store) = try makeModel(scope: .allNotes)
    try model.delete(SampleData.moss.id)
    try store.deleteNotebook(SampleData.plants.id, deletingNotes: false)

    try model.undoDelete()

    #expect(try store.note(withID: SampleData.moss.id)?.notebookID == nil)
  }

  @Test func aFailedDeleteKeepsTheNoteAndOffersNoUndo() throws {
    let (model, store) = try makeModel(scope: Self.birds)
    repository.failNextCommit()

    #expect(throws: NoteListError.store(.persistence(.diskFull))) {
      try model.delete(SampleData.heron.id)
    }
    #expect(store.notes == SampleData.library.notes)
    #expect(!model.canUndo)
  }

  @Test func movingANoteOutOfTheNotebookRemovesItsRow() throws {
    let (model, store) = try makeModel(scope: Self.birds)
    model.load()

    try model.move(SampleData.kingfisher.id, to: SampleData.plants.id)

    #expect(model.state == .loaded(Self.birdsRows(SampleData.heron), sync: .idle))
    #expect(try store.note(withID: SampleData.kingfisher.id)?.notebookID == SampleData.plants.id)
  }

  @Test func rowsFollowNotesAddedElsewhere() throws {
    let (model, store) = try makeModel(scope: Self.birds)
    model.load()
    let recorder = StateRecorder(model, \.state)
    let wren = Note(
      title: "Wren", createdAt: SampleData.date(minutes: 50), notebookID: SampleData.birds.id)

    store.add(wren)

    #expect(
      recorder.transitions == [
        .loaded(Self.birdsRows(SampleData.heron, wren, SampleData.kingfisher), sync: .idle)
      ])
  }

  @Test func theUntaggedFilterShowsOnlyNotesWithoutTags() throws {
    let (model, _) = try makeModel()
    model.load()
    let recorder = StateRecorder(model, \.state)

    model.showsUntaggedOnly = true
    model.showsUntaggedOnly = false

    let all = Self.rows(
      SampleData.heron, SampleData.shoppingList, SampleData.moss, SampleData.kingfisher)
    #expect(
      recorder.values == [
        .loaded(all, sync: .idle), .loaded(Self.rows(SampleData.shoppingList), sync: .idle),
        .loaded(all, sync: .idle),
      ])
  }

  // MARK: - Refresh

  @Test func refreshShowsStaleRowsThenTheSyncedOnes() async throws {
    let syncer = GatedNoteSyncer()
    let (model, _) = try makeModel(scope: Self.birds, syncer: syncer)
    model.load()
    let recorder = StateRecorder(model, \.state, inFlight: Self.isSyncing)
    let rows = Self.birdsRows(SampleData.heron, SampleData.kingfisher)

    let refresh = Task { await model.refresh() }
    await syncer.waitUntilSyncing()
    #expect(model.state == .loaded(rows, sync: .refreshing))
    let wren = Note(
      title: "Wren", createdAt: SampleData.date(minutes: 50), notebookID: SampleData.birds.id)
    try repository.commit([.saveNote(wren)])  // what the sync brought in
    await syncer.succeed()
    await refresh.value

    #expect(
      recorder.values == [
        .loaded(rows, sync: .idle),
        .loaded(rows, sync: .refreshing),
        .loaded(Self.birdsRows(SampleData.heron, wren, SampleData.kingfisher), sync: .refreshing),
        .loaded(Self.birdsRows(SampleData.heron, wren, SampleData.kingfisher), sync: .idle),
      ])
    #expect(recorder.workInFlight == nil)
  }

  /// Whether a state shows a sync still running: work in flight, for `StateRecorder`.
  static func isSyncing(_ state: NoteListViewModel.State) -> Bool {
    switch state {
    case .loaded(_, .refreshing, _, _), .empty(_, .refreshing): true
    default: false
    }
  }

  @Test func aFailedRefreshKeepsTheRowsAndSaysWhy() async throws {
    let syncer = GatedNoteSyncer()
    let (model, _) = try makeModel(scope: Self.birds, syncer: syncer)
    model.load()
    let recorder = StateRecorder(model, \.state)
    let rows = Self.birdsRows(SampleData.heron, SampleData.kingfisher)

    let refresh = Task { await model.refresh() }
    await syncer.waitUntilSyncing()
    await syncer.fail(with: SyncTestError.offline)
    await refresh.value

    #expect(
      recorder.values == [
        .loaded(rows, sync: .idle),
        .loaded(rows, sync: .refreshing),
        .loaded(rows, sync: .failed(message: "The sync folder could not be reached.")),
      ])
  }

  @Test func aCancelledRefreshReturnsToThePreviousState() async throws {
    let syncer = GatedNoteSyncer()
    let (model, _) = try makeModel(scope: Self.birds, syncer: syncer)
    model.load()
    let failed = Task { await model.refresh() }
    await syncer.waitUntilSyncing()
    await syncer.fail(with: SyncTestError.offline)
    await failed.value
    let recorder = StateRecorder(model, \.state)
    let rows = Self.birdsRows(SampleData.heron, SampleData.kingfisher)

    let refresh = Task { await model.refresh() }
    await syncer.waitUntilSyncing()
    refresh.cancel()
    await refresh.value

    let failedState = NoteListViewModel.State.loaded(
      rows, sync: .failed(message: "The sync folder could not be reached."))
    #expect(recorder.values == [failedState, .loaded(rows, sync: .refreshing), failedState])
  }

  @Test func anEmptyListRefreshesToo() async throws {
    let store = NoteStore(notebooks: [SampleData.birds], syncer: FailingNoteSyncer())
    let model = Self.model(of: store, scope: Self.birds)
    model.load()

    await model.refresh()

    #expect(
      model.state
        == .empty(.noNotes, sync: .failed(message: "The sync folder could not be reached.")))
  }
}

@MainActor
@Suite struct NoteListRowLimitTests {
  /// A list of `count` notes, "Note 0" the oldest, loaded.
  static func longList(_ count: Int, in store: NoteStore? = nil) -> NoteListViewModel {
    let notes = (0..<count).map { index in
      Note(
        id: UUID(number: index + 1), title: "Note \(index)",
        createdAt: SampleData.date(minutes: index))
    }
    let model = NoteListViewModelTests.model(of: store ?? NoteStore(notes: notes), scope: .allNotes)
    model.load()
    return model
  }

  @Test func aLongListCarriesTheFirstRowsAndCountsTheRest() throws {
    let model = Self.longList(250)

    guard case .loaded(let rows, .idle, above: 0, let hiddenCount) = model.state else {
      Issue.record("expected rows")
      return
    }
    #expect(rows.count == NoteListViewModel.rowLimit)
    #expect(hiddenCount == 50)
    #expect(rows.first?.title == "Note 249")
    #expect(try model.visibleNotes.count == 250)
  }

  /// Each page is the rows it shows, however far down the list: the state carries 200 rows
  /// and counts the rest, above and below.
  @Test func showingTheNextRowsReachesEveryNoteAPageAtATime() {
    let model = Self.longList(450)
    let recorder = StateRecorder(model, \.state)

    model.firstShownRow += NoteListViewModel.rowLimit
    model.firstShownRow += NoteListViewModel.rowLimit

    let counts = recorder.values.map { state -> [Int] in
      guard case .loaded(let rows, _, let above, let hidden) = state else { return [] }
      return [above, rows.count, hidden]
    }
    #expect(counts == [[0, 200, 250], [200, 200, 50], [400, 50, 0]])
    guard case .loaded(let rows, _, _, _) = model.state else { return }
    #expect(rows.first?.title == "Note 49", "row 401")
    #expect(rows.last?.title == "Note 0", "the oldest note is reached")
  }

  /// After `more`, the rows shown are the ones after the place the rows above them ended.
  ///
  /// They are numbered on from those rows: a note pinned from among them goes to the top, and
  /// the rest stay. Setting the first row by number forgets the place and shows the list from
  /// there.
  @Test func thePageAfterMoreGoesOnFromWhereTheRowsAboveEnded() throws {
    let model = Self.longList(450)
    guard case .loaded(let first, _, _, _) = model.state, let end = first.last else {
      Issue.record("expected rows")
      return
    }
    let place = NoteListPosition(
      isPinned: end.isPinned, createdAt: end.record.createdAt, updatedAt: end.record.updatedAt,
      title: end.title, id: end.id, in: model.settings.sortOrder)
    model.settings = NoteListSettingsChange.showMore(after: 200, following: place, hiddenCount: 250)
      .applied(to: model.settings)
    _ = try model.setPinned(UUID(number: 151), true)

    guard case .loaded(let rows, _, let above, let hidden) = model.state else {
      Issue.record("expected rows")
      return
    }
    #expect(above == 200, "numbered on from the rows above, as drawn")
    #expect(rows.first?.title == "Note 249", "the note after Note 250, the last row above")
    #expect(!rows.contains { $0.title == "Note 150" }, "pinned: at the top now")
    #expect(rows.count == 200)
    #expect(rows.last?.title == "Note 49", "the note below moved up")
    #expect(hidden > 0, "notes are left below")

    model.firstShownRow = 0
    guard case .loaded(let top, _, 0, _) = model.state else {
      Issue.record("expected the first rows")
      return
    }
    #expect(top.first?.title == "Note 150", "the list from its first row, the pinned note")
  }

  /// A list that became shorter than the rows above its page (notes deleted since `more`)
  /// shows its first rows again, never no rows, nor rows under others no longer there.
  @Test func aPagePastTheEndOfAShorterListShowsItsFirstRowsAgain() throws {
    let store = NoteStore(notes: try Self.longList(450).visibleNotes)
    let model = Self.longList(0, in: store)
    model.firstShownRow = 400
    for index in 0..<60 { try store.perform(.deleteNote(UUID(number: index + 1))) }

    guard case .loaded(let rows, _, let above, let hidden) = model.state else {
      Issue.record("expected rows")
      return
    }
    #expect([above, rows.count, hidden] as [Int] == [0, 200, 190])
    #expect(rows.first?.title == "Note 449")
  }
}

/// The state is computed once per change of what it is computed from, however often it is read:
/// the store's answers, the list's settings, its sync, a failed load, and the clock where a row's
/// date would read differently.
@MainActor
@Suite struct NoteListStateComputationTests {
  /// A clock the test moves on.
  final class Clock: Sendable {
    private let date = Mutex(SampleData.date(minutes: 60))
    var provider: DateProvider { DateProvider { self.date.withLock { $0 } } }
    func advance(seconds: TimeInterval) { date.withLock { $0 += seconds } }
  }

  let clock = Clock()

  func makeModel() throws -> (NoteListViewModel, NoteStore) {
    let store = try NoteStore(
      repository: InMemoryNoteRepository(SampleData.library), syncer: NoOpNoteSyncer(),
      now: .fixed())
    let model = NoteListViewModelTests.model(
      of: store, scope: NoteListViewModelTests.birds, now: clock.provider)
    model.load()
    return (model, store)
  }

  /// Reads the state, twice, and says how many times it was computed for that.
  func computations(readingTheStateOf model: NoteListViewModel) -> Int {
    let before = model.stateComputations
    _ = model.state
    _ = model.state
    return model.stateComputations - before
  }

  @Test func readingTheStateAgainComputesNothing() throws {
    let (model, _) = try makeModel()
    #expect(computations(readingTheStateOf: model) == 1)
    #expect(computations(readingTheStateOf: model) == 0)
  }

  @Test func eachChangeOfWhatItIsComputedFromComputesItOnce() throws {
    let (model, store) = try makeModel()
    _ = model.state

    model.sortOrder = .title
    #expect(computations(readingTheStateOf: model) == 1, "the settings changed")
    try store.setPinned(SampleData.kingfisher.id, true)
    #expect(computations(readingTheStateOf: model) == 1, "the store's answer changed")
    try store.setPinned(SampleData.moss.id, true)
    #expect(computations(readingTheStateOf: model) == 0, "a note of another list changed")
  }

  @Test func theClockComputesItAgainOnlyWhenADateReadsDifferently() throws {
    let (model, _) = try makeModel()
    _ = model.state

    clock.advance(seconds: 50)
    #expect(computations(readingTheStateOf: model) == 0, "every row's date reads the same")
    clock.advance(seconds: 10)
    #expect(computations(readingTheStateOf: model) == 1)
    guard case .loaded(let rows, _, _, _) = model.state else {
      Issue.record("expected rows")
      return
    }
    #expect(rows.map(\.date) == ["1 h ago", "51 min ago"])
    clock.advance(seconds: -60)
    #expect(computations(readingTheStateOf: model) == 1, "a clock set back describes them again")
  }
}
