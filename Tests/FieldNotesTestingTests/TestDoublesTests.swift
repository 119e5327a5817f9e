import FieldNotesModel
import FieldNotesServices
import FieldNotesTesting
import Foundation
import Testing

@Suite struct TestDoublesTests {
  @Test func incrementingIDsArePredictable() {
    let ids = IDGenerator.incrementing()
    #expect(ids().uuidString == "A0010000-0000-0000-0000-000000000001")
    #expect(ids().uuidString == "A0020000-0000-0000-0000-000000000002")
    #expect(UUID(number: 0xABC).uuidString == "AABC0000-0000-0000-0000-000000000ABC")
    // The letter says how many digits the number has, so identifiers sort as numbers do.
    let numbers = [0, 1, 0xFFF, 0x1000, 0xFFFF_FFF, 0x1000_0000, 0x5E55_0001, 0xFFFF_FFFF_FFFF]
    #expect(UUID(number: 0x1000).uuidString == "B1000000-0000-0000-0000-000000001000")
    #expect(UUID(number: 0x5E55_0001).uuidString == "F0000000-0000-0000-0000-00005E550001")
    let texts = numbers.map { UUID(number: $0).uuidString }
    #expect(texts == texts.sorted() && Set(texts).count == numbers.count)
  }

  @Test func fixedAndAdvancingDates() {
    #expect(DateProvider.fixed()() == DateProvider.referenceDate)
    let dates = DateProvider.advancing(by: 30)
    #expect(dates() == DateProvider.referenceDate)
    #expect(dates() == DateProvider.referenceDate.addingTimeInterval(30))
  }

  @Test func inMemoryRepositoryInjectsOneFailure() throws {
    let repository = InMemoryNoteRepository()
    repository.failNextCommit(with: .busy)

    #expect(throws: RepositoryError.busy) { try repository.commit([.saveNote(SampleData.moss)]) }
    try repository.commit([.saveNote(SampleData.moss)])

    #expect(repository.savedLibrary.notes == [SampleData.moss])
    #expect(repository.commitCount == 1)
  }

  @Test func inMemoryRepositoryRecordsEachCommitsChanges() throws {
    let repository = InMemoryNoteRepository()
    repository.failNextCommit(with: .busy)
    _ = try? repository.commit([.saveNote(SampleData.heron)])
    try repository.commit([.saveNote(SampleData.moss)])
    try repository.update { _ in [.trashNote(SampleData.moss.id, at: .distantPast)] }

    #expect(
      repository.committedChanges == [
        [.saveNote(SampleData.moss)], [.trashNote(SampleData.moss.id, at: .distantPast)],
      ], "the failed commit wrote nothing")
  }

  @Test func inMemoryRepositoryFailsUntilCleared() throws {
    let repository = InMemoryNoteRepository(SampleData.library)
    repository.failCommits(with: .diskFull)
    #expect(throws: RepositoryError.diskFull) {
      try repository.commit([.trashNote(SampleData.moss.id, at: .distantPast)])
    }
    #expect(throws: RepositoryError.diskFull) {
      try repository.commit([.trashNote(SampleData.moss.id, at: .distantPast)])
    }
    repository.failCommits(with: nil)
    try repository.commit([.trashNote(SampleData.moss.id, at: .distantPast)])
    #expect(repository.savedLibrary.notes.contains(SampleData.moss) == false)
  }

  @Test func testClockWakesSleepersOnlyWhenAdvanced() async throws {
    let clock = TestClock()
    let sleeper = Task { try await clock.sleep(for: .seconds(5)) }
    await clock.waitUntilSleeping()

    clock.advance(by: .seconds(4))
    #expect(clock.sleeperCount == 1)
    clock.advance(by: .seconds(1))

    try await sleeper.value
    #expect(clock.sleeperCount == 0)
    #expect(clock.now.offset == .seconds(5))
  }

  @Test func testClockSleepIsCancellable() async {
    let clock = TestClock()
    let sleeper = Task { try await clock.sleep(for: .seconds(5)) }
    await clock.waitUntilSleeping()

    sleeper.cancel()

    await #expect(throws: CancellationError.self) { try await sleeper.value }
  }

  @Test func gatedSyncerWaitsForTheTest() async throws {
    let syncer = GatedNoteSyncer()
    let sync = Task { try await syncer.sync() }
    await syncer.waitUntilSyncing()

    await syncer.fail(with: SyncTestError.offline)

    await #expect(throws: SyncTestError.offline) { try await sync.value }
  }

  @Test func gatedSyncerIsCancellable() async {
    let syncer = GatedNoteSyncer()
    let sync = Task { try await syncer.sync() }
    await syncer.waitUntilSyncing()

    sync.cancel()

    await #expect(throws: CancellationError.self) { try await sync.value }
  }

  @Test func cannedSummaryNamesTheNote() async throws {
    let summary = try await CannedSummaryGenerator().summary(for: SampleData.heron)
    #expect(summary == "A short summary of Heron at the lake.")
  }
}
