import FieldNotesModel
import FieldNotesServices
import FieldNotesTesting
import Foundation
import Synchronization
import Testing

@testable import FieldNotesServicesLive

/// Ctrl-C during a large sync: the sync stops where it is, saves nothing more, and lets the
/// store go at once, so the next `sync` runs instead of finding another one still running.
@Suite struct SyncCancellationTests {
  let world = SyncWorld()
  /// Notes the other store holds, so the merge has work to do.
  static let incomingNotes = 400

  /// A store that is interrupted — its sync's task cancelled, as Ctrl-C cancels it — the
  /// moment a sync starts saving a merge into it, until told otherwise.
  final class InterruptedRepository: NoteRepository {
    let saved: InMemoryNoteRepository
    private let isInterrupting = Mutex(true)

    init(_ saved: InMemoryNoteRepository) { self.saved = saved }

    /// Stops interrupting.
    func stopInterrupting() { isInterrupting.withLock { $0 = false } }

    func load() throws(RepositoryError) -> NoteLibrary { try saved.load() }

    func commit(_ changes: [RepositoryChange], progress: (Int) -> Void) throws(RepositoryError) {
      try saved.commit(changes, progress: progress)
    }

    func update(_ transform: (NoteLibrary) -> [RepositoryChange]) throws(RepositoryError) {
      if isInterrupting.withLock({ $0 }) { withUnsafeCurrentTask { $0?.cancel() } }
      try saved.update(transform)
    }
  }

  @Test func aSyncCancelledWhileItMergesSavesNothingAndTheNextSyncRuns() async throws {
    let notes = (0..<Self.incomingNotes).map { syncNote($0 + 1, "Note \($0)", body: "Body \($0).") }
    let other = try await world.device(NoteLibrary(notes: notes))
    try await other.syncer.sync()
    let store = InterruptedRepository(InMemoryNoteRepository())
    let syncer = try await world.syncer(for: store)

    await #expect(throws: CancellationError.self) { try await syncer.sync() }
    #expect(store.saved.savedLibrary.notes.isEmpty, "saved after the cancel")
    #expect(await syncer.lastReport == nil)

    store.stopInterrupting()
    try await syncer.sync()
    #expect(store.saved.savedLibrary.notes.count == Self.incomingNotes)
    #expect(await syncer.lastReport?.incoming == Self.incomingNotes)
  }
}
