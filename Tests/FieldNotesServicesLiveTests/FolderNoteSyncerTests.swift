import FieldNotesModel
import FieldNotesServices
import FieldNotesServicesLive
import FieldNotesTesting
import Foundation
import Synchronization
import Testing

@Suite struct FolderNoteSyncerTests {
  let world = SyncWorld()

  func edited(_ note: Note, title: String, at minutes: Int) -> Note {
    var note = note
    note.title = title
    note.updatedAt = SampleData.date(minutes: minutes)
    return note
  }

  @Test func aLibraryRoundTripsThroughTheFolder() async throws {
    let first = world.device(SampleData.library)
    let second = world.device()

    try await first.syncer.sync()
    try await second.syncer.sync()

    #expect(second.library.notebooks.sorted { $0.name < $1.name } == SampleData.library.notebooks)
    #expect(second.notes == first.notes)
    #expect(world.entries("notes").count == 4)
    #expect(world.entries("notebooks").count == 2)
    let report = await first.syncer.lastReport
    #expect(report?.pushed == 6)
    #expect(await second.syncer.lastReport?.pulled == 6)
  }

  @Test func aChangeOnEitherSidePropagates() async throws {
    let first = world.device(SampleData.library)
    let second = world.device()
    try await first.syncer.sync()
    try await second.syncer.sync()

    try second.repository.commit([
      .saveNote(edited(SampleData.moss, title: "Moss, thicker", at: 100))
    ])
    try await second.syncer.sync()
    try await first.syncer.sync()

    #expect(first.notes == second.notes)
    #expect(first.library.notes.first { $0.id == SampleData.moss.id }?.title == "Moss, thicker")
    #expect(await first.syncer.lastReport?.pulled == 1)
  }

  @Test func editsOnBothSidesKeepTheNewerAndCopyTheOther() async throws {
    let first = world.device(SampleData.library, now: .fixed(SampleData.date(minutes: 300)))
    let second = world.device(firstID: 0xA000)
    try await first.syncer.sync()
    try await second.syncer.sync()

    try first.repository.commit([
      .saveNote(edited(SampleData.heron, title: "Heron (older edit)", at: 100))
    ])
    try second.repository.commit([
      .saveNote(edited(SampleData.heron, title: "Heron (newer edit)", at: 200))
    ])
    try await second.syncer.sync()
    try await first.syncer.sync()
    try await second.syncer.sync()

    let titles = first.library.notes.map(\.title).sorted()
    #expect(titles.contains("Heron (newer edit)"))
    #expect(titles.contains("Heron (older edit) (conflict 2026-11-29 17:00)"))
    #expect(first.notes == second.notes)
    #expect(first.notes.count == 5)
    #expect(await first.syncer.lastReport?.conflicts == 1)
    let copy = try #require(
      first.library.notes.first { $0.title.hasSuffix("(conflict 2026-11-29 17:00)") })
    #expect(copy.body == SampleData.heron.body)
    #expect(copy.id == UUID(number: 0x9000))
  }

  @Test func deletionsTravelAsTombstones() async throws {
    let first = world.device(SampleData.library)
    let second = world.device()
    try await first.syncer.sync()
    try await second.syncer.sync()

    try first.repository.commit([.deleteNote(SampleData.kingfisher.id)])
    try await first.syncer.sync()
    try await second.syncer.sync()

    #expect(!second.library.notes.contains { $0.id == SampleData.kingfisher.id })
    #expect(world.entries("tombstones") == ["\(SampleData.kingfisher.id.uuidString).json"])
    #expect(!world.entries("notes").contains("\(SampleData.kingfisher.id.uuidString).json"))
    #expect(await second.syncer.lastReport?.deletedHere == 1)
  }

  @Test func anEditAfterTheDeletionResurrectsTheNote() async throws {
    let first = world.device(SampleData.library, now: .fixed(SampleData.date(minutes: 100)))
    let second = world.device()
    try await first.syncer.sync()
    try await second.syncer.sync()

    try first.repository.commit([.deleteNote(SampleData.moss.id)])
    try await first.syncer.sync()  // tombstone dated minute 100
    let rescued = edited(SampleData.moss, title: "Moss, rescued", at: 150)
    try second.repository.commit([.saveNote(rescued)])
    try await second.syncer.sync()
    try await first.syncer.sync()

    #expect(second.library.notes.contains(rescued))
    #expect(first.library.notes.contains(rescued))
    #expect(world.entries("tombstones").isEmpty)
  }

  @Test func anOlderEditDoesNotBeatANewerDeletion() async throws {
    let first = world.device(SampleData.library, now: .fixed(SampleData.date(minutes: 500)))
    let second = world.device()
    try await first.syncer.sync()
    try await second.syncer.sync()

    try second.repository.commit([
      .saveNote(edited(SampleData.moss, title: "Moss, early edit", at: 100))
    ])
    try first.repository.commit([.deleteNote(SampleData.moss.id)])
    try await first.syncer.sync()  // tombstone dated minute 500
    try await second.syncer.sync()

    #expect(!second.library.notes.contains { $0.id == SampleData.moss.id })
  }

  @Test func deletingANotebookKeepsItsNotesInNoNotebookElsewhere() async throws {
    let first = world.device(SampleData.library)
    let second = world.device()
    try await first.syncer.sync()
    try await second.syncer.sync()

    var moss = SampleData.moss
    moss.notebookID = nil
    try first.repository.commit([.saveNote(moss), .deleteNotebook(SampleData.plants.id)])
    try await first.syncer.sync()
    try await second.syncer.sync()

    #expect(second.library.notebooks == [SampleData.birds])
    #expect(second.library.notes.first { $0.id == SampleData.moss.id }?.notebookID == nil)
    #expect(first.notes == second.notes)
  }

  @Test func twoSQLiteStoresConvergeToIdenticalContent() async throws {
    var random = SeededRandomNumberGenerator(seed: 7)
    let devices = [world.device(SampleData.library), world.device(firstID: 0xC000)]
    for round in 0..<6 {
      for (index, device) in devices.enumerated() {
        let notes = device.library.notes
        if let note = notes.randomElement(using: &random) {
          try device.repository.commit([
            .saveNote(
              edited(note, title: "\(note.title) r\(round)d\(index)", at: round * 10 + index))
          ])
        }
        if Bool.random(using: &random), let note = notes.randomElement(using: &random) {
          try device.repository.commit([.deleteNote(note.id)])
        }
        try device.repository.commit([
          .saveNote(
            Note(
              id: UUID(number: 0xD000 + round * 2 + index), title: "New \(round) \(index)",
              createdAt: SampleData.date(minutes: round)))
        ])
        try await device.syncer.sync()
      }
    }
    try await devices[0].syncer.sync()
    try await devices[1].syncer.sync()

    #expect(devices[0].notes == devices[1].notes)
    #expect(
      devices[0].library.notebooks.sorted { $0.name < $1.name }
        == devices[1].library.notebooks.sorted { $0.name < $1.name })
    #expect(devices[0].notes.count >= 6)
  }

  // MARK: - Hostile folders

  @Test func hostileEntriesAreSkippedCountedAndNeverFollowed() async throws {
    let outside = world.root + "/outside"
    try FileManager.default.createDirectory(atPath: outside, withIntermediateDirectories: true)
    try Data("secret".utf8).write(to: URL(fileURLWithPath: outside + "/secret.json"))
    let device = world.device(SampleData.library)
    try await device.syncer.sync()
    let notes = world.folder + "/notes"
    let fake = UUID(number: 0xEE)
    try Data("{not json".utf8).write(
      to: URL(fileURLWithPath: "\(notes)/\(UUID(number: 0xE1).uuidString).json"))
    try Data(repeating: 0x20, count: 3 * 1_024 * 1_024).write(
      to: URL(fileURLWithPath: "\(notes)/\(UUID(number: 0xE2).uuidString).json"))
    try Data("{}".utf8).write(to: URL(fileURLWithPath: "\(notes)/evil.json"))
    try Data("{}".utf8).write(to: URL(fileURLWithPath: "\(notes)/..json"))
    try FileManager.default.createSymbolicLink(
      atPath: "\(notes)/\(fake.uuidString).json", withDestinationPath: outside + "/secret.json")
    try FileManager.default.createDirectory(
      atPath: "\(notes)/\(UUID(number: 0xE3).uuidString).json", withIntermediateDirectories: false)
    let mismatched = try JSONEncoder().encode(SampleData.heron)
    try mismatched.write(to: URL(fileURLWithPath: "\(notes)/\(UUID(number: 0xE4).uuidString).json"))

    try await device.syncer.sync()

    let report = try #require(await device.syncer.lastReport)
    #expect(report.warnings.count == 7)
    #expect(device.library.notes.count == 4)
    #expect(try String(contentsOfFile: outside + "/secret.json", encoding: .utf8) == "secret")
    #expect(try FileManager.default.contentsOfDirectory(atPath: outside) == ["secret.json"])
  }

  @Test func aSymlinkedSubfolderIsRefused() async throws {
    let outside = world.root + "/outside"
    try FileManager.default.createDirectory(atPath: outside, withIntermediateDirectories: true)
    try FileManager.default.createDirectory(atPath: world.folder, withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(
      atPath: world.folder + "/notes", withDestinationPath: outside)
    let device = world.device(SampleData.library)

    await #expect(throws: SyncError.self) { try await device.syncer.sync() }

    #expect(try FileManager.default.contentsOfDirectory(atPath: outside).isEmpty)
  }

  // MARK: - Failures

  @Test func aFailedWriteLeavesNoPartialFileAndTheNextSyncFinishes() async throws {
    let writes = Mutex(0)
    let failing = world.device(SampleData.library) { data, path throws(AtomicFile.Failure) in
      let count = writes.withLock { count in
        count += 1
        return count
      }
      if count == 3 { throw AtomicFile.Failure(path: path, reason: "No space left on device") }
      try AtomicFile.write(data, to: path)
    }

    await #expect(throws: SyncError.self) { try await failing.syncer.sync() }
    let leftovers = world.entries("notes").filter { $0.hasPrefix(".") }
    #expect(leftovers.isEmpty)
    #expect(failing.library == SampleData.library)

    try await failing.syncer.sync()
    let second = world.device()
    try await second.syncer.sync()
    #expect(second.notes == failing.notes)
  }

  @Test func aStoreThatCannotBeWrittenFailsTheSyncAndChangesNothing() async throws {
    let first = world.device(SampleData.library)
    try await first.syncer.sync()
    let second = world.device()
    second.repository.failCommits(with: .diskFull)

    await #expect(throws: SyncError.store(.diskFull)) { try await second.syncer.sync() }
    #expect(second.library == NoteLibrary())
  }
}

@Suite struct SyncBaseLocationTests {
  @Test func eachFolderHasItsOwnBaseBesideTheStore() {
    let first = SyncBaseLocation.file(besideStore: "/data/notes.sqlite", forFolder: "/mnt/a")
    let second = SyncBaseLocation.file(besideStore: "/data/notes.sqlite", forFolder: "/mnt/b")
    #expect(first != second)
    #expect(first == .file(besideStore: "/data/notes.sqlite", forFolder: "/mnt/a"))
    guard case .file(let path) = first else {
      Issue.record("expected a file")
      return
    }
    #expect(path.hasPrefix("/data/notes.sqlite.sync-") && path.hasSuffix(".json"))
  }
}
