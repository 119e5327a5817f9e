import FieldNotesModel
import FieldNotesPersistence
import FieldNotesPlatform
import FieldNotesSQLiteTesting
import Foundation
import Testing

/// One damaged row in the store: the store still opens, every other note works, the damaged
/// note is named in a warning, and neither a write nor a sync touches it.
@Suite struct DamagedRowTests {
  func sqlite(_ path: String, _ sql: String) throws -> [String] {
    try RawSQLite(path: path, create: true).rows(sql)
  }

  @Test func oneDamagedRowIsIsolatedAndLeftAsItIs() throws {
    let binary = try #require(BuiltProduct.fieldnotes, "the fieldnotes binary was not built")
    let folder = NSTemporaryDirectory() + "fieldnotes-damaged-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let store = folder + "/notes.sqlite"
    let syncFolder = folder + "/sync"
    let arguments = ["--store", store, "--sync-folder", syncFolder]
    let environment = ["HOME": folder, "TZ": "UTC"]
    let first = try BuiltProduct.run(
      binary, arguments: arguments,
      input: "open all\nnew\ntitle Heron\nsave\nnew\ntitle Wren\nsave\nsync\n",
      environment: environment)
    #expect(first.status == 0, "\(first.errors)")
    let heron = try #require(try sqlite(store, "SELECT id FROM notes WHERE title = 'Heron'").first)
    _ = try sqlite(store, "UPDATE notes SET tags = 'not a list' WHERE id = '\(heron)'")
    let damagedRow = try sqlite(
      store, "SELECT title || '|' || tags FROM notes WHERE id = '\(heron)'")

    let second = try BuiltProduct.run(
      binary, arguments: arguments,
      input: "open all\npin 1\nnew\ntitle Moss\nsave\nsync\n", environment: environment)

    #expect(second.status == 0)
    // A sync's progress is said on standard error too; the one warning is the damaged row's.
    #expect(
      second.errors.filter { !$0.hasPrefix("sync: ") } == [
        "warning: a note could not be read (its tags are not a list) and is left as it is in "
          + "the store: \(heron)"
      ])
    #expect(second.output.contains { $0.hasPrefix("All Notes · 1 note") }, "Wren is listed")
    #expect(try sqlite(store, "SELECT count(*) FROM notes") == ["3"])
    #expect(
      try sqlite(store, "SELECT title || '|' || tags FROM notes WHERE id = '\(heron)'")
        == damagedRow, "never written over")
    // The remote still has the note as it was before the damage: the sync neither deleted it
    // there nor sent anything read from the damaged row.
    let clone = folder + "/clone"
    let cloned = try ChildProcess(
      "git", arguments: ["clone", "--quiet", syncFolder, clone],
      environment: ["PATH": "/usr/bin:/bin", "HOME": folder, "GIT_CONFIG_NOSYSTEM": "1"],
      standardInput: .nullDevice)
    #expect(cloned.waitUntilExit() == .exited(0))
    let file = try String(
      contentsOfFile: "\(clone)/notes/\(heron.lowercased()).md", encoding: .utf8)
    #expect(file.contains("tags: []\n") && file.contains("# Heron\n"))
  }
}
