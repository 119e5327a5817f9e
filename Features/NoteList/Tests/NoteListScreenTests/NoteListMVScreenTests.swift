import FieldNotesModel
import FieldNotesNavigation
import FieldNotesQuery
import FieldNotesServices
import FieldNotesTerminal
import FieldNotesTesting
import Foundation
import NoteListFeature
import Testing

@testable import NoteListScreen

/// The MV form's logic, tested without a terminal: its rows are computed from the store and its
/// view-local state, its actions call the store, and its sync keeps its progress in view-local
/// state.
@MainActor
@Suite struct NoteListMVScreenTests {
  let repository = InMemoryNoteRepository(SampleData.library)

  func makeScreen(
    scope: NoteScope = .notebook(SampleData.birds.id), syncer: any NoteSyncing = NoOpNoteSyncer()
  ) throws -> (NoteListMVScreen, NoteStore) {
    let store = try NoteStore(repository: repository, syncer: syncer, now: .fixed())
    let screen = NoteListMVScreen(
      store: store, scope: scope, settings: NoteListSettings(), history: DeletionHistory(),
      now: .fixed(), timeZone: NoteListForms.utc,
      preferences: ScreenPreferences(noteListForm: .mv))
    return (screen, store)
  }

  /// The notes of the rows the view draws now.
  func rows(of screen: NoteListMVScreen) -> [Note.ID] {
    _ = screen.render(in: .plain)
    return screen.drawn.rows.map(\.id)
  }

  @Test func aReadThatFailsWhileDrawingIsDrawnAsTheMVVMFormDrawsItThenTheListAgain() throws {
    let repository = InMemoryNoteRepository(SampleData.library)
    let store = try NoteStore(repository: repository, syncer: NoOpNoteSyncer(), now: .fixed())
    let mv = NoteListMVScreen(
      store: store, scope: .notebook(SampleData.birds.id), settings: NoteListSettings(),
      history: DeletionHistory(), now: .fixed(), timeZone: NoteListForms.utc,
      preferences: ScreenPreferences(noteListForm: .mv))
    let mvvm = NoteListScreen(
      model: NoteListViewModel(
        store: store, scope: .notebook(SampleData.birds.id), now: .fixed(),
        timeZone: NoteListForms.utc, history: DeletionHistory()),
      preferences: ScreenPreferences(noteListForm: .mvvm))
    let json = TerminalContext(columns: nil, rows: nil, style: .plain, format: .json)
    #expect(rows(of: mv) == [SampleData.heron.id, SampleData.kingfisher.id])

    repository.failLoads(with: .readFailed(reason: "disk I/O error"))
    mv.settings.showsPinnedOnly = true
    mvvm.settings.showsPinnedOnly = true

    let failed = mv.render(in: TerminalContext.plain)
    #expect(
      failed == [
        "Birds · The notes could not be read: disk I/O error.",
        "  Type `retry` to read them again.",
      ])
    #expect(mvvm.render(in: TerminalContext.plain) == failed, "both forms draw the failure alike")
    #expect(mv.drawn.rows.isEmpty, "a row number names no row the failure hid")
    #expect(!mv.drawsRecords(in: json), "the failure is words, not an empty list of records")

    repository.failLoads(with: nil)
    #expect(rows(of: mv) == [SampleData.heron.id])
    #expect(mvvm.render(in: TerminalContext.plain) == mv.render(in: TerminalContext.plain))
    #expect(repository.savedLibrary == SampleData.library, "nothing was lost")
  }

  @Test func theScopeSearchTagAndPinnedFilterSelectTheNotes() throws {
    let (screen, _) = try makeScreen()
    #expect(rows(of: screen) == [SampleData.heron.id, SampleData.kingfisher.id])

    screen.settings.search = NoteSearch(literally: "FLASH")
    #expect(rows(of: screen) == [SampleData.kingfisher.id])

    screen.settings.search = NoteSearch(literally: "")
    screen.settings.tag = "lake"
    #expect(rows(of: screen) == [SampleData.heron.id])

    screen.settings.tag = nil
    screen.settings.showsPinnedOnly = true
    #expect(rows(of: screen) == [SampleData.heron.id])
  }

  @Test func theUntaggedFilterShowsOnlyNotesWithoutTags() throws {
    let (screen, _) = try makeScreen(scope: .allNotes)
    screen.settings.showsUntaggedOnly = true
    #expect(rows(of: screen) == [SampleData.shoppingList.id])
  }

  @Test func actionsGoStraightToTheStoreAndUndoRestores() throws {
    let (screen, store) = try makeScreen()
    try screen.delete(SampleData.heron.id)
    #expect(try store.note(withID: SampleData.heron.id) == nil)
    #expect(try screen.undoDelete() == SampleData.heron)
    #expect(try store.note(withID: SampleData.heron.id) == SampleData.heron)
    #expect(throws: ScreenError.failed(NoteListError.nothingToUndo)) { try screen.undoDelete() }
  }

  @Test func aSyncShowsItsProgressAndItsFailureInViewLocalState() async throws {
    let syncer = GatedNoteSyncer()
    let (screen, _) = try makeScreen(syncer: syncer)
    let sync = Task { await screen.showSync() }
    await syncer.waitUntilSyncing()
    #expect(screen.viewState.sync == .refreshing)
    await syncer.fail(with: SyncTestFailure())

    #expect(await sync.value == "The sync remote could not be reached.")
    #expect(screen.viewState.sync == .failed(message: "The sync remote could not be reached."))
    #expect(rows(of: screen) == [SampleData.heron.id, SampleData.kingfisher.id], "rows kept")
  }
}

/// A sync failure with a message, as a live syncer's would have.
struct SyncTestFailure: Error, LocalizedError {
  var errorDescription: String? { "The sync remote could not be reached." }
}
