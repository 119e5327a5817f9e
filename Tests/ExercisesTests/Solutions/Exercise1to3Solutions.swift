import FieldNotesModel
import FieldNotesServices
import FieldNotesTesting
import Foundation
import NoteListFeature
import NotebooksFeature
import Testing

extension Solutions {
  /// Solution to exercise 1: a refused command is a typed error, and refusing changes nothing.
  @MainActor
  @Suite struct Exercise1 {
    @Test func renamingANotebookToATakenNameIsRefusedAndChangesNothing() throws {
      let repository = InMemoryNoteRepository(SampleData.library)
      let store = try NoteStore(repository: repository, syncer: NoOpNoteSyncer(), now: .fixed())
      let model = NotebooksViewModel(store: store, ids: .incrementing())
      model.load()
      let recorder = StateRecorder(model, \.state)

      #expect(throws: NotebooksError.invalidName(.duplicate(existing: "Birds"))) {
        try model.renameNotebook(named: "Plants", to: "birds")
      }

      #expect(recorder.transitions.isEmpty, "no state moved")
      #expect(repository.savedLibrary == SampleData.library, "nothing was written")
    }
  }

  /// Solution to exercise 2: set what the user typed, then state the whole sequence of states.
  @MainActor
  @Suite struct Exercise2 {
    @Test func aSearchNarrowsTheListThenFindsNothingThenClears() throws {
      let store = try NoteStore(
        repository: InMemoryNoteRepository(SampleData.library), syncer: NoOpNoteSyncer(),
        now: .fixed())
      let utc = TimeZone(identifier: "UTC") ?? .current
      let now = DateProvider.fixed(SampleData.date(minutes: 60))
      let model = NoteListViewModel(
        store: store, scope: .allNotes, now: now, timeZone: utc, history: DeletionHistory())
      model.load()
      let all = model.state
      let recorder = StateRecorder(model, \.state)

      model.searchText = "flash"
      model.searchText = "zzz"
      model.searchText = ""

      let kingfisher = NoteRow(
        note: SampleData.kingfisher,
        shortID: NoteIDs(store: store).shortID(of: SampleData.kingfisher.id), now: now(),
        timeZone: utc, notebooks: store.notebooks)
      #expect(
        recorder.values == [
          all, .loaded([kingfisher], sync: .idle), .empty(.noMatches, sync: .idle), all,
        ])
    }
  }

  /// Solution to exercise 3: a gated double holds the sync, so the test looks at the state while
  /// it is in flight; nothing sleeps.
  @MainActor
  @Suite struct Exercise3 {
    struct Offline: Error, LocalizedError {
      var errorDescription: String? { "The network is unavailable." }
    }

    @Test func aFailedRefreshKeepsTheRowsAndARetrySucceeds() async throws {
      let syncer = GatedNoteSyncer()
      let store = try NoteStore(
        repository: InMemoryNoteRepository(SampleData.library), syncer: syncer, now: .fixed())
      let model = NoteListViewModel(
        store: store, scope: .notebook(SampleData.birds.id), now: .fixed(),
        timeZone: TimeZone(identifier: "UTC") ?? .current, history: DeletionHistory())
      model.load()
      guard case .loaded(let rows, .idle, _, _) = model.state else {
        Issue.record("the list should start loaded")
        return
      }

      let first = Task { await model.refresh() }
      await syncer.waitUntilSyncing()
      #expect(model.state == .loaded(rows, sync: .refreshing))
      await syncer.fail(with: Offline())
      await first.value
      #expect(model.state == .loaded(rows, sync: .failed(message: "The network is unavailable.")))

      let retry = Task { await model.refresh() }
      await syncer.waitUntilSyncing()
      await syncer.succeed()
      await retry.value
      #expect(model.state == .loaded(rows, sync: .idle))
    }
  }
}
