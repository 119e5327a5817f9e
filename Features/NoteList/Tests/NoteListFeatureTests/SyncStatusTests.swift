import Foundation
import NoteListFeature
import Testing

/// Where a list's sync stands after one ran, in both forms: idle, failed with why, or as before
/// when it was cancelled.
@MainActor
@Suite struct SyncStatusTests {
  struct Unreachable: LocalizedError {
    var errorDescription: String? { "The remote can't be reached." }
  }

  @Test func aSyncThatSucceedsLeavesItIdle() async {
    let after = await SyncStatus.after(syncingFrom: .failed(message: "earlier")) {}
    #expect(after == .idle)
    #expect(after.failure == nil)
  }

  @Test func aSyncThatFailsSaysWhy() async {
    let after = await SyncStatus.after(syncingFrom: .idle) { throw Unreachable() }
    #expect(after == .failed(message: "The remote can't be reached."))
    #expect(after.failure == "The remote can't be reached.")
  }

  @Test func aCancelledSyncLeavesItWhereItStood() async {
    let previous = SyncStatus.failed(message: "earlier")
    #expect(await SyncStatus.after(syncingFrom: previous) { throw CancellationError() } == previous)
  }
}
