import FieldNotesFormats
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

    let heron = UUID(number: 0xABC1).uuidString.lowercased()
    let fresh = UUID(number: 2).uuidString.lowercased()
    let linked = UUID(number: 3).uuidString.lowercased()
    let impostor = SyncDocument.data(
      of: syncNote(0xABC1, "Heron", body: "Impostor.", minutes: 9))
    let large = syncNote(5, "Large", body: String(repeating: "a", count: NoteDocument.maximumBytes))
    // Built with git's plumbing, as someone else's push: a working tree on a disk that folds
    // case (APFS) would make the upper-case copy overwrite the real file.
    let names = try world.commitToRemote(
      [
        // A link where a note would be, and one to a folder outside.
        "\(linked).md": .link(to: secret), "outside": .link(to: world.root),
        // The same note under an upper-case name, with other text.
        "\(heron.uppercased()).md": .file(impostor),
        // Another file claiming the same id; garbage; a file too large; a name that isn't an id.
        "\(fresh).md": .file(impostor),
        "\(UUID(number: 4).uuidString.lowercased()).md": .file(Data("garbage".utf8)),
        "\(UUID(number: 5).uuidString.lowercased()).md": .file(SyncDocument.data(of: large)),
        "readme.md": .file(Data("hello".utf8)),
      ], inFolder: "notes", message: "hostile")
    #expect(names.contains("\(heron).md") && names.contains("\(heron.uppercased()).md"))

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
        "remote.git", "home", "device-1.sync", "device-2.sync", "secret.txt",
      ])
  }

  /// A name that is a note's ID in other letters is skipped and carried along, the same on a
  /// disk that folds case (macOS) as on one that doesn't: sync reads and writes git's trees,
  /// never a working tree, so the two names never meet as files.
  @Test func aCaseVariantNameIsSkippedAndCarriedAlongOnEveryPlatform() async throws {
    let device = try await world.device(
      NoteLibrary(notes: [syncNote(0xABC1, "Heron", body: "Kept.")]))
    try await device.syncer.sync()
    let heron = UUID(number: 0xABC1).uuidString.lowercased()
    let variant = heron.uppercased() + ".md"
    let impostor = SyncDocument.data(of: syncNote(0xABC1, "Heron", body: "Impostor.", minutes: 9))
    try world.commitToRemote([variant: .file(impostor)], inFolder: "notes", message: "variant")

    try device.save(syncNote(2, "Wren", body: "Loud.", minutes: 1))
    try await device.syncer.sync()

    #expect(await device.syncer.lastReport?.skipped.contains { $0.contains(variant) } == true)
    #expect(
      device.notes == [
        syncNote(2, "Wren", body: "Loud.", minutes: 1), syncNote(0xABC1, "Heron", body: "Kept."),
      ])
    let tip = try world.git(["ls-tree", "--name-only", "-z", "main:notes"], in: world.remote)
      .split(separator: "\0").map(String.init)
    let wren = UUID(number: 2).uuidString.lowercased() + ".md"
    #expect(Set(tip) == ["\(heron).md", variant, wren], "the variant stays on the tip")
    let carried = try world.gitData(
      ["cat-file", "blob", "main:notes/\(variant)"], in: world.remote)
    #expect(carried == impostor, "as it was pushed")
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

  /// A note's file the other side broke — its front matter by hand, or text that isn't UTF-8
  /// (an older editor's Latin-1) — can't be merged as the note; the note stays as it was, and
  /// what the other side wrote is kept, every word, as a conflict copy for the user to read.
  @Test(arguments: [
    (Array("---\nbroken".utf8), "---\nbroken"),
    (
      Array("Heron on the weir, caf".utf8) + [0xE9] + Array(" side.\n".utf8),
      "Heron on the weir, café side.\n"
    ),
  ])
  func aRemoteEditThatBreaksANoteFileLeavesTheNoteAndKeepsTheEdit(
    file: [UInt8], kept: String
  ) async throws {
    let first = try await world.device(NoteLibrary(notes: [syncNote(1, "Heron", body: "Kept.")]))
    try await first.syncer.sync()
    let editor = try world.clone("editor")
    try Data(file).write(
      to: URL(fileURLWithPath: "\(editor)/notes/\(UUID(number: 1).uuidString.lowercased()).md"))
    try world.git(["commit", "--quiet", "-am", "broken by hand"], in: editor)
    try world.git(["push", "--quiet", "origin", "HEAD:main"], in: editor)
    try await first.syncer.sync()
    let report = try #require(await first.syncer.lastReport)
    #expect(report.skipped.count == 1)
    #expect(
      report.skipped.first?.contains("kept as the conflict copy") == true, "\(report.skipped)")
    let copy = try #require(first.notes.first { $0.conflictOf == UUID(number: 1) })
    #expect(copy.body == kept, "every word the other side wrote")
    #expect(first.notes.filter { $0.conflictOf == nil } == [syncNote(1, "Heron", body: "Kept.")])
    // The merged commit puts the readable note back for every other store, with the copy.
    let second = try await world.device()
    try await second.syncer.sync()
    #expect(Set(second.notes) == Set(first.notes))
  }

  /// A notebook the remote names as no notebook may be named here (`all` and `none` are a
  /// list's words, a number a row's; nothing at all can't be typed) is mended as an import
  /// mends it, so every notebook can be named in a command; its notes stay in it.
  @Test func aNotebookTheRemoteNamesAsNoneMayBeIsRenamedAsAnImportWould() async throws {
    let birds = Notebook(id: UUID(number: 0xB1), name: "Birds")
    let first = try await world.device(
      NoteLibrary(notebooks: [birds], notes: [syncNote(1, "Heron", notebook: birds.id)]))
    try await first.syncer.sync()
    let odd = [
      Notebook(id: UUID(number: 0xB2), name: "all"), Notebook(id: UUID(number: 0xB3), name: "None"),
      Notebook(id: UUID(number: 0xB4), name: "2026"), Notebook(id: UUID(number: 0xB5), name: ""),
    ]
    _ = try world.commitToRemote(
      Dictionary(
        uniqueKeysWithValues: odd.map {
          ("\($0.id.uuidString.lowercased()).md", .file(NoteDocument.data(of: $0)))
        }),
      inFolder: "notebooks", message: "odd names")
    try await first.syncer.sync()
    let names = Set(first.library.notebooks.map(\.name))
    #expect(names == ["Birds", "all (2)", "None (2)", "2026 (2)", "Untitled notebook"], "\(names)")
    for name in names { #expect(NotebookName.problem(with: name) == nil, "\(name)") }
    #expect(first.notes.first?.notebookID == birds.id)
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
