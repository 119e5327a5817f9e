import FieldNotesPersistence
import Foundation
import Testing

/// A sync folder (`STORE.sync`) left beside a store that isn't the one it synced, through the
/// built `fieldnotes`, as a user meets it.
@Suite struct SyncFolderTests {
  /// The store is removed (damaged, or to start again), its sync folder left: the next sync
  /// of the new store deletes nothing on the other machine, and brings every note back.
  @Test func aStoreMadeAgainBesideItsOldSyncFolderDeletesNothingAnywhere() throws {
    let binary = try #require(BuiltProduct.fieldnotes, "the fieldnotes binary was not built")
    let folder = NSTemporaryDirectory() + "fieldnotes-syncfolder-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    func session(_ store: String, _ lines: [String]) throws -> BuiltProduct.Result {
      try BuiltProduct.run(
        binary,
        arguments: [
          "--store", "\(folder)/\(store).sqlite", "--sync-folder", folder + "/remote.git",
        ]
          + lines.flatMap { ["-c", $0] },
        input: "", environment: ["HOME": folder, "TZ": "UTC"])
    }
    _ = try session(
      "laptop",
      [
        "open all", "new", "title Thesis outline", "body ch 1-5", "save", "new", "title Hint",
        "body x", "save", "sync",
      ])
    _ = try session("desktop", ["sync"])
    for suffix in ["", "-wal", "-shm"] {
      try? FileManager.default.removeItem(atPath: "\(folder)/laptop.sqlite\(suffix)")
    }

    let laptop = try session("laptop", ["sync"])
    _ = try session("desktop", ["sync"])

    #expect(laptop.status == 0, "\(laptop.errors)")
    let desktop = try SQLiteNoteRepository(path: folder + "/desktop.sqlite")
    #expect(try desktop.load().notes.count == 2, "nothing was deleted on the desktop")
    #expect(try desktop.trashedNotes().isEmpty)
    let remade = try SQLiteNoteRepository(path: folder + "/laptop.sqlite")
    #expect(Set(try remade.load().notes.map(\.title)) == ["Thesis outline", "Hint"])
  }
}
