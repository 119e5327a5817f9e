import FieldNotesModel
import FieldNotesServices
import FieldNotesTesting
import Foundation
import Testing

@testable import FieldNotesServicesLive

/// Stores editing the same notes and syncing at the same moment, round after round.
///
/// The remote takes one push at a time and rejects the others, which merge again and retry.
/// No edit is lost: different fields merge, and of two texts written at once, the other is kept
/// as a copy. Three stores at once all finish: none gives up because the remote kept moving.
@Suite struct ConcurrentSyncTests {
  let world = SyncWorld()
  static let rounds = 8
  /// Rounds of three stores syncing at once.
  static let threeStoreRounds = 8

  @Test func simultaneousSyncsOfTheSameNotesLoseNoEdit() async throws {
    let shared = syncNote(0xA1, "Shared", body: "Start.")
    let contested = syncNote(0xA2, "Contested", body: "Start.")
    let first = try await world.device(NoteLibrary(notes: [shared, contested]))
    try await first.syncer.sync()
    let second = try await world.device()
    try await second.syncer.sync()

    for round in 1...Self.rounds {
      // Each side changes its own field of the shared note and adds a tag to it, and both
      // rewrite the contested note's body: from the same starting point, at the same moment.
      for (device, side) in [(first, "a"), (second, "b")] {
        var note = try #require(device.note(shared.id))
        if side == "a" { note.title = "Shared, titled in round \(round)" }
        if side == "b" { note.body = "Body of round \(round)." }
        note.tags.append("\(side)\(round)")
        note.updatedAt = SampleData.date(minutes: round)
        try device.save(note)
        var text = try #require(device.note(contested.id))
        text.body = "Written by \(side) in round \(round)."
        text.updatedAt = SampleData.date(minutes: round)
        try device.save(text)
      }
      async let one: Void = first.syncer.sync()
      async let two: Void = second.syncer.sync()
      _ = try await (one, two)
      // Whichever pushed first hasn't seen the other's changes yet.
      try await first.syncer.sync()
      try await second.syncer.sync()
      try await first.syncer.sync()
      #expect(first.notes == second.notes, "round \(round)")
    }

    let note = try #require(first.note(shared.id))
    #expect(note.title == "Shared, titled in round \(Self.rounds)")
    #expect(note.body == "Body of round \(Self.rounds).")
    #expect(
      Set(note.tags) == Set((1...Self.rounds).flatMap { ["a\($0)", "b\($0)"] }),
      "every tag added by either side")
    // Each round's two texts: one is the note or was knowingly rewritten by a later round,
    // the other was kept as a copy. Exactly one copy per round, none twice.
    let copies = first.notes.filter { $0.title.hasPrefix("Contested (conflict") }
    #expect(copies.count == Self.rounds)
    for round in 1...Self.rounds {
      let texts = ["a", "b"].map { "Written by \($0) in round \(round)." }
      #expect(copies.filter { texts.contains($0.body) }.count == 1, "round \(round)")
    }
    let last = try #require(first.note(contested.id))
    #expect(["a", "b"].map { "Written by \($0) in round \(Self.rounds)." }.contains(last.body))
  }

  /// Three stores writing and syncing as fast as they can: every sync ends, and every note is
  /// in every store.
  ///
  /// A sync whose every push lost to another store's (`remoteKeptMoving`, after
  /// ``FieldNotesServicesLive/GitNoteSyncer/maximumPushAttempts`` tries) has lost nothing and
  /// is run again, as a user would: how often that happens depends on how the three are
  /// scheduled, which a test can't fix, so it is counted, never failed on; any other failure
  /// fails the test.
  @Test func threeStoresSyncingAtOnceAllFinish() async throws {
    var devices: [SyncWorld.Device] = []
    for _ in 0..<3 { devices.append(try await world.device()) }
    // Each store writes a note and syncs, again and again, while the other two do the same:
    // every push races the other stores' pushes.
    let failures = await withTaskGroup(of: [String].self) { group in
      for (index, device) in devices.enumerated() {
        group.addTask {
          var failures: [String] = []
          for round in 1...Self.threeStoreRounds {
            do {
              try device.save(syncNote(round * 16 + index, "Round \(round), store \(index)"))
              try await Self.syncing(device)
            } catch {
              failures.append("store \(index), round \(round): \(error.localizedDescription)")
            }
          }
          return failures
        }
      }
      return await group.reduce(into: []) { $0 += $1 }
    }
    #expect(failures.isEmpty, "\(failures.count) of \(3 * Self.threeStoreRounds): \(failures)")
    for device in devices + devices { try await device.syncer.sync() }
    #expect(devices.allSatisfy { $0.notes.count == 3 * Self.threeStoreRounds })
    #expect(devices.allSatisfy { $0.notes == devices[0].notes })
  }

  /// Syncs a store, running the sync again while every push of it lost to another store's.
  static func syncing(_ device: SyncWorld.Device) async throws {
    while true {
      do { return try await device.syncer.sync() } catch SyncError.remoteKeptMoving {
        continue
      }
    }
  }
}
