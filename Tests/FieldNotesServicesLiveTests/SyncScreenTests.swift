import FieldNotesModel
import FieldNotesQuery
import FieldNotesServices
import FieldNotesServicesLive
import FieldNotesTesting
import Foundation
import NoteListFeature
import Testing

/// The note list's refresh through the real git syncer, transition by transition.
@MainActor
@Suite struct SyncScreenTests {
  let world = SyncWorld()

  @Test func aRefreshBringsInWhatAnotherDeviceSynced() async throws {
    let other = try await world.device(SampleData.library)
    try await other.syncer.sync()
    let here = try await world.device(NoteLibrary(notebooks: SampleData.library.notebooks))
    let store = try NoteStore(repository: here.repository, syncer: here.syncer, now: .fixed())
    let model = NoteListViewModel(
      store: store, scope: .notebook(SampleData.birds.id),
      now: .fixed(SampleData.date(minutes: 60)),
      timeZone: TimeZone(identifier: "UTC") ?? .current, history: DeletionHistory())
    model.load()
    let recorder = StateRecorder(model, \.state)

    await model.refresh()

    let rows = [SampleData.heron, SampleData.kingfisher].map {
      NoteRow(
        note: $0, shortID: NoteIDPrefix(of: $0.id, length: 4), now: SampleData.date(minutes: 60),
        timeZone: TimeZone(identifier: "UTC") ?? .current, notebooks: SampleData.library.notebooks,
        namesNotebook: false)
    }
    #expect(
      recorder.values == [
        .empty(.noNotes, sync: .idle), .empty(.noNotes, sync: .refreshing),
        .loaded(rows, sync: .refreshing), .loaded(rows, sync: .idle),
      ])
  }

  @Test func anOfflineRefreshKeepsTheRowsAndSaysWhy() async throws {
    let here = try await world.device(SampleData.library)
    let offline = NetworkProfileSyncer(
      wrapping: here.syncer, profile: .offline, seed: 1, clock: TestClock())
    let store = try NoteStore(repository: here.repository, syncer: offline, now: .fixed())
    let model = NoteListViewModel(
      store: store, scope: .unfiled, now: .fixed(),
      timeZone: TimeZone(identifier: "UTC") ?? .current, history: DeletionHistory())
    model.load()
    let recorder = StateRecorder(model, \.state)

    await model.refresh()

    let rows = [
      NoteRow(
        note: SampleData.shoppingList,
        shortID: NoteIDPrefix(of: SampleData.shoppingList.id, length: 4),
        now: DateProvider.referenceDate,
        timeZone: TimeZone(identifier: "UTC") ?? .current, notebooks: SampleData.library.notebooks)
    ]
    #expect(
      recorder.values == [
        .loaded(rows, sync: .idle), .loaded(rows, sync: .refreshing),
        .loaded(
          rows,
          sync: .failed(
            message: "The network is unavailable (network profile); nothing was synced.")),
      ])
  }
}
