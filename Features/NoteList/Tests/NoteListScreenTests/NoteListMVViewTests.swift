import FieldNotesModel
import FieldNotesServices
import FieldNotesTesting
import Foundation
import Testing

@testable import NoteListScreen

/// The MV form's logic, tested on values like the view model's: no rendering, no terminal.
///
/// `visibleNotes` is a computed property of the view over the store and its view-local state;
/// a test sets the state, reads the property, and compares notes. Its sync path keeps its
/// progress in view-local state, checked the same way.
@MainActor
@Suite struct NoteListMVViewTests {
  let repository = InMemoryNoteRepository(SampleData.library)

  func makeView(
    scope: NoteScope = .notebook(SampleData.birds.id), syncer: any NoteSyncing = NoOpNoteSyncer()
  ) throws -> (NoteListMVView, NoteListViewState, NoteStore) {
    let store = try NoteStore(repository: repository, syncer: syncer, now: .fixed())
    let state = NoteListViewState()
    let view = NoteListMVView(
      store: store, scope: scope, state: state, history: DeletionHistory(), now: .fixed(),
      timeZone: TimeZone(identifier: "UTC") ?? .current)
    return (view, state, store)
  }

  @Test func theScopeSearchTagAndPinnedFilterSelectTheNotes() throws {
    let (view, state, _) = try makeView()
    #expect(Set(view.visibleNotes) == [SampleData.heron, SampleData.kingfisher])

    state.searchText = "FLASH"
    #expect(view.visibleNotes == [SampleData.kingfisher])

    state.searchText = ""
    state.tag = "lake"
    #expect(view.visibleNotes == [SampleData.heron])

    state.tag = nil
    state.showsPinnedOnly = true
    #expect(view.visibleNotes == [SampleData.heron])
  }

  @Test func theUntaggedFilterShowsOnlyNotesWithoutTags() throws {
    let (view, state, _) = try makeView(scope: .allNotes)
    state.showsUntaggedOnly = true
    #expect(view.visibleNotes == [SampleData.shoppingList])
  }

  @Test func actionsGoStraightToTheStoreAndUndoRestores() throws {
    let (view, _, store) = try makeView()
    try view.delete(SampleData.heron.id)
    #expect(store.note(withID: SampleData.heron.id) == nil)
    try view.undoDelete()
    #expect(store.note(withID: SampleData.heron.id) == SampleData.heron)
    #expect(throws: NoteListMVView.ActionError.self) { try view.undoDelete() }
  }

  @Test func aRefreshShowsItsProgressAndItsFailureInViewLocalState() async throws {
    let syncer = GatedNoteSyncer()
    let (view, state, _) = try makeView(syncer: syncer)
    let refresh = Task { await view.refresh() }
    await syncer.waitUntilSyncing()
    #expect(state.isRefreshing)
    await syncer.fail(with: SyncTestFailure())
    await refresh.value
    #expect(!state.isRefreshing)
    #expect(state.syncError == "The sync remote could not be reached.")
    #expect(Set(view.visibleNotes) == [SampleData.heron, SampleData.kingfisher], "rows kept")
  }
}

/// A sync failure with a message, as a live syncer's would have.
struct SyncTestFailure: Error, LocalizedError {
  var errorDescription: String? { "The sync remote could not be reached." }
}
