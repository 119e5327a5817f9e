import FieldNotesModel
import FieldNotesServices
import FieldNotesTesting
import Foundation
import Testing

@testable import FieldNotesServicesLive

/// A remote someone else can push to: whatever it holds, a sync skips and counts what isn't a
/// FieldNotes file, never follows a link, never hangs, never reads or writes outside the
/// store's own repository, and loses nothing.
@Suite struct HostileRemoteTests {
  let world = SyncWorld()

  @Test func linksOddNamesMalformedOversizeAndDuplicateFilesAreSkippedAndCounted() async throws {
    let first = try await world.device(
      NoteLibrary(notes: [syncNote(0xABC1, "Heron", body: "Kept.")]))
    try await first.syncer.sync()
    let secret = world.root + "/secret.txt"
    try "outside the repository".write(toFile: secret, atomically: true, encoding: .utf8)

    let attacker = try world.clone("attacker")
    let heron = UUID(number: 0xABC1).uuidString.lowercased()
    let fresh = UUID(number: 2).uuidString.lowercased()
    let linked = UUID(number: 3).uuidString.lowercased()
    // A link where a note would be, and one to a folder outside.
    try FileManager.default.createSymbolicLink(
      atPath: "\(attacker)/notes/\(linked).md", withDestinationPath: secret)
    try FileManager.default.createSymbolicLink(
      atPath: "\(attacker)/notes/outside", withDestinationPath: world.root)
    // The same note under an upper-case name, with other text.
    let impostor = SyncDocument.data(
      of: syncNote(0xABC1, "Heron", body: "Impostor.", minutes: 9))
    try impostor.write(to: URL(fileURLWithPath: "\(attacker)/notes/\(heron.uppercased()).md"))
    // Another file claiming the same id; garbage; a file too large; a name that isn't an id.
    try impostor.write(to: URL(fileURLWithPath: "\(attacker)/notes/\(fresh).md"))
    try Data("garbage".utf8).write(
      to: URL(fileURLWithPath: "\(attacker)/notes/\(UUID(number: 4).uuidString.lowercased()).md"))
    let large = syncNote(5, "Large", body: String(repeating: "a", count: NoteDocument.maximumBytes))
    try SyncDocument.data(of: large).write(
      to: URL(fileURLWithPath: "\(attacker)/notes/\(UUID(number: 5).uuidString.lowercased()).md"))
    try Data("hello".utf8).write(to: URL(fileURLWithPath: "\(attacker)/notes/readme.md"))
    try world.git(["add", "-A"], in: attacker)
    try world.git(["commit", "--quiet", "-m", "hostile"], in: attacker)
    try world.git(["push", "--quiet", "origin", "HEAD:main"], in: attacker)

    let second = try await world.device()
    try await second.syncer.sync()
    let report = try #require(await second.syncer.lastReport)
    #expect(report.incoming == 1)
    #expect(report.skipped.count == 7, "\(report.skipped)")
    #expect(second.notes == [syncNote(0xABC1, "Heron", body: "Kept.")])
    #expect(!second.notes.contains { $0.body.contains("outside the repository") })
    try await first.syncer.sync()
    #expect(first.notes == [syncNote(0xABC1, "Heron", body: "Kept.")])
    // Nothing was written through the links.
    #expect(try String(contentsOfFile: secret, encoding: .utf8) == "outside the repository")
    let outside = try FileManager.default.contentsOfDirectory(atPath: world.root)
    #expect(
      Set(outside) == [
        "remote.git", "home", "device-1.sync", "device-2.sync", "attacker", "secret.txt",
      ])
  }

  @Test func aCheckoutAnEarlierFieldNotesLeftIsRemovedWithoutFollowingAnything() async throws {
    let device = try await world.device(NoteLibrary(notes: [syncNote(1, "Heron")]))
    try await device.syncer.sync()
    // Where an earlier FieldNotes checked out the notes: FIFOs, a link to a file outside, and a
    // link to a folder outside in place of `notebooks/`.
    let notes = device.syncer.repositoryPath + "/notes"
    try FileManager.default.createDirectory(atPath: notes, withIntermediateDirectories: true)
    #expect(mkfifo("\(notes)/\(UUID(number: 1).uuidString.lowercased()).md", 0o600) == 0)
    #expect(mkfifo("\(notes)/pipe.md", 0o600) == 0)
    let secret = world.root + "/secret.txt"
    try "outside".write(toFile: secret, atomically: true, encoding: .utf8)
    try FileManager.default.createSymbolicLink(
      atPath: "\(notes)/\(UUID(number: 2).uuidString.lowercased()).md", withDestinationPath: secret)
    let outside = world.root + "/outside"
    try FileManager.default.createDirectory(atPath: outside, withIntermediateDirectories: true)
    try "kept".write(toFile: outside + "/kept.txt", atomically: true, encoding: .utf8)
    try FileManager.default.createSymbolicLink(
      atPath: device.syncer.repositoryPath + "/notebooks", withDestinationPath: outside)
    try device.save(syncNote(2, "Wren", body: "Loud.", minutes: 1))
    try await device.syncer.sync()

    #expect(try String(contentsOfFile: secret, encoding: .utf8) == "outside")
    #expect(try String(contentsOfFile: outside + "/kept.txt", encoding: .utf8) == "kept")
    let left = try FileManager.default.contentsOfDirectory(atPath: device.syncer.repositoryPath)
    #expect(left == [".git"])
    let clone = try world.clone("look")
    let wren = try String(
      contentsOfFile: "\(clone)/notes/\(UUID(number: 2).uuidString.lowercased()).md",
      encoding: .utf8)
    #expect(wren.hasSuffix("# Wren\n\nLoud."))
    #expect(device.notes.count == 2)
  }

  @Test func aRemoteEditThatBreaksANoteFileLeavesTheNoteAsItWas() async throws {
    let first = try await world.device(NoteLibrary(notes: [syncNote(1, "Heron", body: "Kept.")]))
    try await first.syncer.sync()
    let editor = try world.clone("editor")
    try Data("---\nbroken".utf8).write(
      to: URL(fileURLWithPath: "\(editor)/notes/\(UUID(number: 1).uuidString.lowercased()).md"))
    try world.git(["commit", "--quiet", "-am", "broken by hand"], in: editor)
    try world.git(["push", "--quiet", "origin", "HEAD:main"], in: editor)
    try await first.syncer.sync()
    #expect(await first.syncer.lastReport?.skipped.count == 1)
    #expect(first.notes == [syncNote(1, "Heron", body: "Kept.")])
    // The merged commit puts the readable note back for every other store.
    let second = try await world.device()
    try await second.syncer.sync()
    #expect(second.notes == [syncNote(1, "Heron", body: "Kept.")])
  }

  // MARK: - Code the remote's folder names

  @Test func noHookOfALocalRemoteRunsWhereverItsConfigurationLooksForThem() async throws {
    let first = try await world.device(NoteLibrary(notes: [syncNote(1, "Heron")]))
    // The remote's own hooks, then a folder of hooks its configuration points at.
    try world.plantHooks(in: world.remote + "/hooks")
    try await first.syncer.sync()
    let elsewhere = try world.plantHooks(in: world.root + "/planted-hooks")
    try world.git(["config", "core.hooksPath", elsewhere], in: world.remote)
    try first.save(syncNote(2, "Wren", minutes: 1))
    try await first.syncer.sync()
    let second = try await world.device()
    try await second.syncer.sync()

    #expect(world.marks.isEmpty, "hooks that ran: \(world.marks)")
    #expect(second.notes == first.notes)
    #expect(second.notes.count == 2)
  }

  @Test func noCommandTheRemotesConfigurationNamesRuns() async throws {
    let first = try await world.device(NoteLibrary(notes: [syncNote(1, "Heron")]))
    try await first.syncer.sync()
    // With alternates, receive-pack lists their references through `core.alternateRefsCommand`.
    let alternate = world.root + "/alternate.git"
    try world.git(["init", "--quiet", "--bare", alternate], in: world.root)
    try (alternate + "/objects\n").write(
      toFile: world.remote + "/objects/info/alternates", atomically: true, encoding: .utf8)
    let command = world.root + "/planted-command"
    try world.plantScript(at: command, marking: "alternateRefsCommand")
    try world.git(["config", "core.alternateRefsCommand", command], in: world.remote)
    try first.save(syncNote(2, "Wren", minutes: 1))
    try await first.syncer.sync()
    let second = try await world.device()
    try await second.syncer.sync()

    #expect(world.marks.isEmpty, "commands that ran: \(world.marks)")
    #expect(second.notes.count == 2)
  }

  @Test func aRemoteWithItsBranchCheckedOutIsNotUpdatedInPlace() async throws {
    // A non-bare repository that updates its checkout on a push, through a filter of its own.
    let checkout = world.root + "/checkout"
    try world.git(["init", "--quiet", "--initial-branch=main", checkout], in: world.root)
    try world.git(["config", "receive.denyCurrentBranch", "updateInstead"], in: checkout)
    let filter = world.root + "/planted-filter"
    try world.plantScript(at: filter, marking: "smudge")
    try world.git(["config", "filter.planted.smudge", filter], in: checkout)
    try "* filter=planted\n".write(
      toFile: checkout + "/.gitattributes", atomically: true, encoding: .utf8)
    try world.git(["add", ".gitattributes"], in: checkout)
    try world.git(["commit", "--quiet", "-m", "attributes"], in: checkout)
    let device = try await world.device(NoteLibrary(notes: [syncNote(1, "Heron")]))
    try await device.syncer.setRemote(checkout)

    await #expect {
      try await device.syncer.sync()
    } throws: { error in
      guard case .pushRefused(let remote, let reason)? = error as? SyncError else { return false }
      return remote == checkout && reason.contains("checked out")
    }
    #expect(world.marks.isEmpty, "commands that ran: \(world.marks)")
    #expect(device.notes == [syncNote(1, "Heron")])
  }
}
