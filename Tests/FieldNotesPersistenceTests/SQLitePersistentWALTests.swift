import FieldNotesModel
import FieldNotesPlatform
import Foundation
import Testing

@testable import FieldNotesPersistence

/// Apple's SQLite keeps a store's `-wal` and `-shm` files after the last connection closes; a
/// folder listing can't show that on Linux, so the switch itself is read back from every kind
/// of connection the store opens (each is made by `SQLiteConnection`'s one initializer).
@Suite struct SQLitePersistentWALTests {
  let directory = TemporaryDirectory()

  @Test func noConnectionKeepsTheWALFilesAfterItCloses() throws {
    let path = directory.file("notes.sqlite")
    let repository = try SQLiteNoteRepository(path: path)
    try repository.commit([.saveNote(Note(title: "Heron"))])
    _ = try repository.load()

    #expect(repository.writer.perform { $0.persistsWAL } == false)
    #expect(try SQLiteConnection(path: path, readOnly: false).persistsWAL == false)
    #expect(try SQLiteConnection(path: path, readOnly: true).persistsWAL == false)
    #expect(try SQLiteConnection(path: ":memory:", readOnly: false).persistsWAL == nil)
  }

  /// Every connection flushes its commits as the platform needs: with `fullfsync` on a Mac,
  /// with SQLite's default `fsync` on Linux.
  @Test func everyConnectionFlushesAsThePlatformNeeds() throws {
    let path = directory.file("notes.sqlite")
    let repository = try SQLiteNoteRepository(path: path)
    let expected = HostPlatform.current.fsyncWaitsForTheDrive ? 0 : 1
    #expect(
      repository.writer.perform { try? $0.integer("PRAGMA fullfsync") } == expected)
    #expect(
      try SQLiteConnection(path: path, readOnly: true).integer("PRAGMA fullfsync") == expected)
    #expect(
      try SQLiteConnection(path: path, readOnly: false).integer("PRAGMA checkpoint_fullfsync")
        == expected)
  }
}
