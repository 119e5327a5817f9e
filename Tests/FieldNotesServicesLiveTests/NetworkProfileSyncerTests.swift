import FieldNotesServices
import FieldNotesServicesLive
import FieldNotesTesting
import Testing

@Suite struct NetworkProfileSyncerTests {
  @Test func offlineFailsAtOnceWithoutSyncing() async throws {
    let inner = RecordingNoteSyncer()
    let syncer = NetworkProfileSyncer(
      wrapping: inner, profile: .offline, seed: 1, clock: TestClock())
    await #expect(throws: SyncError.networkUnavailable) { try await syncer.sync() }
    #expect(inner.syncCount == 0)
  }

  @Test func slowWaitsOnTheClockThenSyncs() async throws {
    let inner = RecordingNoteSyncer()
    let clock = TestClock()
    let syncer = NetworkProfileSyncer(wrapping: inner, profile: .slow, seed: 1, clock: clock)
    let sync = Task { try await syncer.sync() }
    await clock.waitUntilSleeping()
    #expect(inner.syncCount == 0)

    clock.advance(by: NetworkProfileSyncer.slowDelay)
    try await sync.value

    #expect(inner.syncCount == 1)
  }

  @Test func slowCanBeCancelledWhileWaiting() async throws {
    let inner = RecordingNoteSyncer()
    let clock = TestClock()
    let syncer = NetworkProfileSyncer(wrapping: inner, profile: .slow, seed: 1, clock: clock)
    let sync = Task { try await syncer.sync() }
    await clock.waitUntilSleeping()

    sync.cancel()

    await #expect(throws: CancellationError.self) { try await sync.value }
    #expect(inner.syncCount == 0)
  }

  @Test func flakyFailsTheSameWayForTheSameSeed() async throws {
    func outcomes(seed: UInt64) async -> [Bool] {
      let clock = TestClock()
      let syncer = NetworkProfileSyncer(
        wrapping: NoOpNoteSyncer(), profile: .flaky, seed: seed, clock: clock)
      var results: [Bool] = []
      for _ in 0..<12 {
        let sync = Task { try await syncer.sync() }
        await clock.waitUntilSleeping()
        clock.advance(by: NetworkProfileSyncer.flakyDelay)
        results.append((try? await sync.value) != nil)
      }
      return results
    }
    let first = await outcomes(seed: 42)
    #expect(await outcomes(seed: 42) == first)
    #expect(first.contains(true) && first.contains(false))
  }
}
