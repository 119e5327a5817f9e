import FieldNotesPlatform
import FieldNotesServices
import FieldNotesTerminalTesting
import FieldNotesTesting
import Foundation
import Testing

@testable import FieldNotesApp

/// What `export FILE` may write: only ever a regular file it creates or replaces.
///
/// Never the open store or its journal files, a link, a pipe or a device: each is refused with
/// one line naming the path, and left as it was. (A folder gets a Markdown file per note.)
@MainActor
@Suite struct ExportTargetTests {
  let folder = NSTemporaryDirectory() + "fieldnotes-export-target-" + UUID().uuidString
  var store: String { folder + "/notes.sqlite" }

  func makeSession() throws -> AppSession {
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let session = AppSession(
      dependencies: try AppDependencies.live(storePath: store), output: RecordingConsole())
    session.start()
    try? FileManager.default.removeItem(atPath: folder + "/other")
    return session
  }

  func expectRefused(_ session: AppSession, _ target: String, saying reason: String) async {
    await #expect(throws: AppError.refused("\(target): \(reason)")) {
      try await session.run("export \"\(target)\"")
    }
  }

  @Test func theOpenStoreAndItsJournalFilesAreRefusedUnderAnyName() async throws {
    let session = try makeSession()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try await session.run("notebook new Birds")
    let reason = "is where FieldNotes keeps your notes; choose another file"

    for target in [store, store + "-wal", store + "-shm", folder + "/./notes.sqlite"] {
      await expectRefused(session, target, saying: reason)
    }
    #expect(link(store, folder + "/hard-link") == 0)
    await expectRefused(session, folder + "/hard-link", saying: reason)

    try await session.run("notebook new Plants")  // the store still takes writes
    let reopened = try AppDependencies.live(storePath: store)
    #expect(reopened.store.notebooks.map(\.name) == ["Birds", "Plants"])
  }

  /// The device number of /dev/null (1, 3 on Linux; 3, 2 on macOS), as this system packs it.
  static let nullDevice = dev_t(
    truncatingIfNeeded: HostPlatform.current.deviceNumber(
      major: HostPlatform.current.nullDevice.major, minor: HostPlatform.current.nullDevice.minor))

  @Test func linksPipesAndDevicesAreRefusedAndLeftAlone() async throws {
    let session = try makeSession()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let kept = folder + "/kept.txt"
    try "keep me".write(toFile: kept, atomically: true, encoding: .utf8)
    #expect(symlink(kept, folder + "/link") == 0)
    #expect(mkfifo(folder + "/fifo", 0o600) == 0)
    try FileManager.default.createDirectory(
      atPath: folder + "/sub", withIntermediateDirectories: true)

    await expectRefused(
      session, folder + "/link", saying: "is a symbolic link; FieldNotes writes only to a file")
    await expectRefused(
      session, folder + "/fifo",
      saying: "is a device or a pipe, not a file; FieldNotes writes only to a file")
    // A folder is no longer refused: the notes are written into it, a Markdown file each.
    try await session.run("notebook new Birds")
    try await session.run("export \"\(folder)/sub\"")
    #expect(FileManager.default.fileExists(atPath: folder + "/sub/Birds/.notebook.md"))
    // A device of its own (root may make one), never the machine's /dev/null.
    if mknod(folder + "/null", S_IFCHR | 0o600, Self.nullDevice) == 0 {
      await expectRefused(
        session, folder + "/null",
        saying: "is a device or a pipe, not a file; FieldNotes writes only to a file")
    }

    #expect(try String(contentsOfFile: kept, encoding: .utf8) == "keep me")
    let linkType = try FileManager.default.attributesOfItem(atPath: folder + "/link")[.type]
    #expect(linkType as? FileAttributeType == .typeSymbolicLink)
    let fifoType = try FileManager.default.attributesOfItem(atPath: folder + "/fifo")[.type]
    #expect(fifoType as? FileAttributeType != .typeRegular)
  }
}
