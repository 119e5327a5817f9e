import FieldNotesModel
import FieldNotesServices
import FieldNotesServicesLive
import FieldNotesTesting
import Foundation
import Testing

/// A sync folder left beside a store that isn't the one it synced — a new store where the old
/// was removed, a store restored from a backup — deletes nothing anywhere: the store's sync mark
/// (the commit its notes were last made to match) tells it from the store the folder synced,
/// and such a store syncs as one new to the remote, its notes merged with the remote's with no
/// common base.
@Suite struct SyncMarkTests {
  let world = SyncWorld()

  /// Two devices holding two notes, synced.
  func twoDevices() async throws -> (SyncWorld.Device, SyncWorld.Device) {
    let first = try await world.device(
      NoteLibrary(notes: [syncNote(1, "Thesis outline"), syncNote(2, "Hint")]))
    try await first.syncer.sync()
    let second = try await world.device()
    try await second.syncer.sync()
    #expect(second.notes.count == 2)
    return (first, second)
  }

  @Test func aNewStoreBesideAnOldSyncFolderDeletesNothingAndTakesEveryNote() async throws {
    let (first, second) = try await twoDevices()
    // The store is removed and made again empty; its sync folder stays.
    let fresh = InMemoryNoteRepository()
    let syncer = try await world.syncer(
      for: fresh, repositoryPath: first.syncer.repositoryPath)

    try await syncer.sync()
    try await second.syncer.sync()

    #expect(second.notes.count == 2, "nothing was deleted on the other machine")
    #expect(second.repository.savedLibrary.notes.count == 2)
    #expect(Set(fresh.savedLibrary.notes.map(\.title)) == ["Thesis outline", "Hint"])
  }

  @Test func aStoreRestoredFromABackupDeletesNothingAndLosesNoNewerText() async throws {
    let (first, second) = try await twoDevices()
    let backup = InMemoryNoteRepository(first.library)
    try backup.recordSyncMark(try #require(try first.repository.syncMark()))
    // Since the backup: a note added, and one edited, and synced everywhere.
    try first.save(syncNote(3, "Written after the backup"))
    try first.save(syncNote(1, "Thesis outline", body: "Chapter six.", minutes: 5))
    try await first.syncer.sync()
    try await second.syncer.sync()

    let syncer = try await world.syncer(
      for: backup, repositoryPath: first.syncer.repositoryPath)
    try await syncer.sync()
    try await second.syncer.sync()

    #expect(second.note(UUID(number: 3)) != nil, "the note added since the backup stays")
    #expect(second.note(UUID(number: 1))?.body == "Chapter six.", "the newer text stays")
    #expect(backup.savedLibrary.notes.contains { $0.id == UUID(number: 3) })
    #expect(backup.savedLibrary.notes.contains { $0.body == "Chapter six." })
  }

  @Test func theStoreTheFolderSyncedDeletesWhatItDeleted() async throws {
    let (first, second) = try await twoDevices()
    try first.delete(UUID(number: 2))
    try await first.syncer.sync()
    try await second.syncer.sync()
    #expect(second.notes.map(\.id) == [UUID(number: 1)])
  }
}
