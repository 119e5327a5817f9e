import FieldNotesModel
import FieldNotesServices
import FieldNotesServicesLive
import FieldNotesTesting
import Foundation
import Testing

/// A note's attachments travel through git sync with its text: an attachment kept on one
/// machine is on the other after both sync, byte for byte, under the same name; both sides'
/// attachments are kept; nothing a store keeps is ever replaced or lost; and what a remote
/// holds that isn't an attachment FieldNotes would keep is refused, said in the report.
@Suite struct SyncAttachmentsTests {
  let world = SyncWorld()

  /// A note referencing a picture.
  let heron = syncNote(1, "Heron", body: "![[pic.png]] at the lake.")

  /// Keeps a file with a note, as an import does.
  func attach(_ name: String, _ text: String, to id: UUID, on device: SyncWorld.Device) throws {
    try device.repository.commit([
      .saveAttachment(NoteAttachment(name: name, bytes: Data(text.utf8)), forNote: id)
    ])
  }

  /// A note's attachments on a device, by name, as text.
  func files(of id: UUID, on device: SyncWorld.Device) throws -> [String: String] {
    var files: [String: String] = [:]
    for entry in try device.repository.attachments(ofNote: id) {
      let file = try #require(try device.repository.attachment(named: entry.name, ofNote: id))
      files[entry.name] = String(decoding: file.bytes, as: UTF8.self)
    }
    return files
  }

  /// The files of the remote's tip under a folder, by path.
  func remoteFiles(under folder: String) throws -> [String] {
    try world.git(["ls-tree", "-r", "--name-only", "-z", "HEAD", "--", folder], in: world.remote)
      .split(separator: "\0").map(String.init).sorted()
  }

  /// Two devices that synced the heron note.
  func twoDevices() async throws -> (SyncWorld.Device, SyncWorld.Device) {
    let first = try await world.device(NoteLibrary(notes: [heron]))
    try await first.syncer.sync()
    let second = try await world.device()
    try await second.syncer.sync()
    return (first, second)
  }

  @Test func anImportedNotesPictureReachesTheOtherMachineAndItsExport() async throws {
    let vault = try FixtureFolder([
      "Heron.md": "# Heron\n\n![[pic.png]] at the lake.\n",
      "pic.png": "PNG \u{0}\u{1}bytes",
    ])
    let first = try await world.device()
    let store = try await MainActor.run {
      let store = try NoteStore(repository: first.repository, syncer: first.syncer, now: .fixed())
      try LibraryImport.merge(into: store, try MarkdownFolderReader.read(vault.path))
      return store
    }
    _ = store
    try await first.syncer.sync()
    #expect(await first.syncer.lastReport?.attachmentsOut == 1)
    let second = try await world.device()

    try await second.syncer.sync()

    let id = try #require(second.notes.first?.id)
    #expect(try files(of: id, on: second) == ["pic.png": "PNG \u{0}\u{1}bytes"])
    #expect(await second.syncer.lastReport?.attachmentsIn == 1)
    #expect(try remoteFiles(under: "attachments") == ["attachments/\(id.lowercased)/pic.png"])
    let export = try FixtureFolder()
    let written = try MarkdownFolderWriter.write(second.library, to: export.path + "/")
    _ = MarkdownFolderWriter.writeAttachments(
      from: second.repository, in: second.library, in: export.path,
      besideFilesOf: written.paths)
    #expect(
      FileManager.default.contents(atPath: export.path + "/pic.png")
        == Data("PNG \u{0}\u{1}bytes".utf8))
  }

  @Test func namesWithSpacesUnicodeFoldersAndDotsRoundTripExactly() async throws {
    let (first, second) = try await twoDevices()
    let names = ["my pic.png", "héron 鳥.jpg", "img/pic.png", "../up.png", "100%.pdf", "a\\b.png"]
    for name in names { try attach(name, "bytes of \(name)", to: heron.id, on: first) }

    try await first.syncer.sync()
    try await second.syncer.sync()

    #expect(
      try files(of: heron.id, on: second)
        == Dictionary(uniqueKeysWithValues: names.map { ($0, "bytes of \($0)") }))
    #expect(await second.syncer.lastReport?.skipped == [])
  }

  @Test func bothSidesAttachmentsToOneNoteAreKeptOnBoth() async throws {
    let (first, second) = try await twoDevices()
    try attach("first.png", "from the first", to: heron.id, on: first)
    try attach("second.png", "from the second", to: heron.id, on: second)

    try await first.syncer.sync()
    try await second.syncer.sync()
    try await first.syncer.sync()

    let both = ["first.png": "from the first", "second.png": "from the second"]
    #expect(try files(of: heron.id, on: first) == both)
    #expect(try files(of: heron.id, on: second) == both)
  }

  @Test func oneNameWithDifferentBytesOnEachSideKeepsBothAndSaysSo() async throws {
    let (first, second) = try await twoDevices()
    try attach("pic.png", "the first's", to: heron.id, on: first)
    try attach("pic.png", "the second's", to: heron.id, on: second)

    try await first.syncer.sync()
    try await second.syncer.sync()
    try await first.syncer.sync()

    let notices = await second.syncer.lastReport?.notices ?? []
    #expect(notices.count == 1)
    #expect(notices.first?.contains("changed on both sides") == true)
    let onFirst = try files(of: heron.id, on: first)
    let onSecond = try files(of: heron.id, on: second)
    #expect(onFirst["pic.png"] == "the first's", "a store's own file is never replaced")
    #expect(onSecond["pic.png"] == "the second's")
    for files in [onFirst, onSecond] {
      #expect(Set(files.values) == ["the first's", "the second's"])
      #expect(files.keys.allSatisfy { $0 == "pic.png" || $0.hasPrefix("pic (conflict ") })
    }
  }

  @Test func aPurgeOnOneSideWhileTheOtherEditedTheNoteKeepsTheFile() async throws {
    let (first, second) = try await twoDevices()
    try attach("pic.png", "heron picture", to: heron.id, on: first)
    try await first.syncer.sync()
    try await second.syncer.sync()
    #expect(try files(of: heron.id, on: second) == ["pic.png": "heron picture"])
    try first.delete(heron.id)
    let trashed = try #require(try first.repository.trashedNotes().first)
    try first.repository.commit([.purgeTrashedNote(trashed)])
    try await first.syncer.sync()
    #expect(try remoteFiles(under: "attachments") == [])

    try second.save(syncNote(1, "Heron", body: "Edited after.", minutes: 5))
    try await second.syncer.sync()
    try await first.syncer.sync()

    #expect(try files(of: heron.id, on: second) == ["pic.png": "heron picture"])
    #expect(first.note(heron.id)?.body == "Edited after.")
    #expect(try files(of: heron.id, on: first) == ["pic.png": "heron picture"])
    #expect(try remoteFiles(under: "attachments").count == 1)
  }

  @Test func aPurgeSeenByTheOtherSideRemovesTheFileFromTheRemoteOnly() async throws {
    let (first, second) = try await twoDevices()
    try attach("pic.png", "heron picture", to: heron.id, on: first)
    try await first.syncer.sync()
    try await second.syncer.sync()
    try first.delete(heron.id)
    let trashed = try #require(try first.repository.trashedNotes().first)
    try first.repository.commit([.purgeTrashedNote(trashed)])

    try await first.syncer.sync()
    try await second.syncer.sync()

    #expect(second.note(heron.id) == nil)
    #expect(try remoteFiles(under: "attachments") == [])
    #expect(
      try files(of: heron.id, on: second) == ["pic.png": "heron picture"],
      "the trash of the second keeps it, for a restore")
  }

  @Test func aNotePurgedElsewhereNeverGetsItsFilesBackFromATrash() async throws {
    let (first, second) = try await twoDevices()
    try attach("qq.png", "heron picture", to: heron.id, on: first)
    try await first.syncer.sync()
    try await second.syncer.sync()
    try second.delete(heron.id)
    let trashed = try #require(try second.repository.trashedNotes().first)
    try second.repository.commit([.purgeTrashedNote(trashed)])
    try await second.syncer.sync()
    #expect(try remoteFiles(under: "attachments") == [])

    try await first.syncer.sync()
    #expect(first.note(heron.id) == nil, "the note went to the first's trash")
    try await first.syncer.sync()
    try await second.syncer.sync()

    #expect(await first.syncer.lastReport?.attachmentsOut == 0)
    #expect(try remoteFiles(under: "attachments") == [])
    #expect(await second.syncer.lastReport?.skipped == [])
    #expect(try files(of: heron.id, on: first) == ["qq.png": "heron picture"], "kept in its trash")
  }

  @Test func aFileAndAFolderOfOneNameAreBothKeptInTheRemoteAndSaid() async throws {
    let (first, second) = try await twoDevices()
    try attach("a.png", "the file", to: heron.id, on: first)
    try attach("a.png/b.png", "in the folder", to: heron.id, on: second)

    try await first.syncer.sync()
    try await second.syncer.sync()
    let notices = await second.syncer.lastReport?.notices ?? []
    try await first.syncer.sync()
    try await second.syncer.sync()
    let third = try await world.device()
    try await third.syncer.sync()

    #expect(notices.contains { $0.contains("a file and a folder of one name") }, "\(notices)")
    let folder = "attachments/\(heron.id.lowercased)"
    #expect(
      try remoteFiles(under: "attachments") == [
        "\(folder)/a (conflict folder).png/b.png", "\(folder)/a.png",
      ])
    #expect(
      try files(of: heron.id, on: second) == ["a.png": "the file", "a.png/b.png": "in the folder"])
    #expect(Set(try files(of: heron.id, on: first).values) == ["the file", "in the folder"])
    #expect(Set(try files(of: heron.id, on: third).values) == ["the file", "in the folder"])
    #expect(await second.syncer.lastReport?.attachmentsOut == 0, "placed once, not every sync")
    #expect(await second.syncer.lastReport?.notices == [])
  }

  @Test func bytesChangedOnTheRemoteByHandAreTakenBesideTheStoresOwn() async throws {
    let (first, second) = try await twoDevices()
    try attach("c1.png", "original", to: heron.id, on: first)
    try await first.syncer.sync()
    try await second.syncer.sync()
    let clone = try world.clone("by-hand")
    let file = "\(clone)/attachments/\(heron.id.lowercased)/c1.png"
    try "by hand".write(toFile: file, atomically: true, encoding: .utf8)
    try world.git(["commit", "-q", "-am", "A new picture"], in: clone)
    try world.git(["push", "-q", "origin", "HEAD"], in: clone)

    try await first.syncer.sync()
    try await second.syncer.sync()
    let third = try await world.device()
    try await third.syncer.sync()

    for device in [first, second] {
      let onDevice = try files(of: heron.id, on: device)
      #expect(onDevice["c1.png"] == "original", "a store's own file is never replaced")
      #expect(Set(onDevice.values) == ["original", "by hand"])
      #expect(onDevice.keys.allSatisfy { $0 == "c1.png" || $0.hasPrefix("c1 (conflict ") })
      let notices = await device.syncer.lastReport?.notices ?? []
      #expect(notices.contains { $0.contains("c1.png: changed on the remote") }, "\(notices)")
    }
    #expect(try files(of: heron.id, on: third)["c1.png"] == "by hand")
  }

  @Test func aNameWithAControlCharacterTravelsEscaped() async throws {
    let (first, second) = try await twoDevices()
    try attach("tab\there.png", "tabbed", to: heron.id, on: first)

    try await first.syncer.sync()
    try await second.syncer.sync()

    #expect(try files(of: heron.id, on: second) == ["tab\there.png": "tabbed"])
    #expect(await second.syncer.lastReport?.skipped == [])
    #expect(
      try remoteFiles(under: "attachments") == ["attachments/\(heron.id.lowercased)/tab%09here.png"]
    )
  }

  @Test func aSyncPullingOneRemoteEditReadsNoAttachment() async throws {
    let (first, second) = try await twoDevices()
    try attach("pic.png", "heron picture", to: heron.id, on: first)
    try await first.syncer.sync()
    try await second.syncer.sync()
    try await first.syncer.sync()
    try first.save(syncNote(1, "Heron", body: "Edited.", minutes: 5))
    try await first.syncer.sync()
    let reads = second.repository.attachmentReads

    try await second.syncer.sync()

    #expect(second.note(heron.id)?.body == "Edited.")
    #expect(second.repository.attachmentReads == reads, "no attachment's bytes were read")
    #expect(await second.syncer.lastReport?.attachmentsIn == 0)
  }

  // MARK: - A hostile remote

  /// Commits files into the remote's `attachments` folder, on top of what its `main` holds,
  /// with git's plumbing alone (`hash-object`, `mktree`), as another git user's push would:
  /// names git's own commands refuse (`..`) included.
  func plant(_ files: [(path: String, mode: String, content: String)]) throws {
    let remote = world.remote
    let parent = try world.git(["rev-parse", "refs/heads/main"], in: remote)
      .trimmingCharacters(in: .whitespacesAndNewlines)
    var leaves: [[String]: String] = [:]
    let held = try world.git(["ls-tree", "-r", "-z", parent, "--", "attachments/"], in: remote)
    for line in held.split(separator: "\0") {
      let parts = line.split(separator: "\t", maxSplits: 1)
      guard parts.count == 2 else { continue }
      leaves[parts[1].split(separator: "/").map(String.init).dropFirst().map { $0 }] = String(
        parts[0])
    }
    for file in files {
      let blob = try world.git(
        ["hash-object", "-w", "--stdin"], in: remote, input: Data(file.content.utf8)
      ).trimmingCharacters(in: .whitespacesAndNewlines)
      leaves[file.path.split(separator: "/").map(String.init).dropFirst().map { $0 }] =
        "\(file.mode) blob \(blob)"
    }
    func tree(_ prefix: [String]) throws -> String {
      var lines: [String] = []
      var folders = Set<String>()
      for (path, entry) in leaves
      where path.count > prefix.count && Array(path.prefix(prefix.count)) == prefix {
        let name = path[prefix.count]
        if path.count == prefix.count + 1 {
          lines.append("\(entry)\t\(name)")
        } else if folders.insert(name).inserted {
          lines.append("040000 tree \(try tree(prefix + [name]))\t\(name)")
        }
      }
      let input = Data(lines.map { $0 + "\0" }.joined().utf8)
      return try world.git(["mktree", "-z"], in: remote, input: input)
        .trimmingCharacters(in: .whitespacesAndNewlines)
    }
    let root =
      try world.git(["ls-tree", "-z", parent], in: remote).split(separator: "\0")
      .map(String.init).filter { !$0.hasSuffix("\tattachments") }
      + ["040000 tree \(try tree([]))\tattachments"]
    let rootTree = try world.git(
      ["mktree", "-z"], in: remote, input: Data(root.map { $0 + "\0" }.joined().utf8)
    ).trimmingCharacters(in: .whitespacesAndNewlines)
    let commit = try world.git(
      ["commit-tree", rootTree, "-p", parent, "-m", "planted"], in: remote
    ).trimmingCharacters(in: .whitespacesAndNewlines)
    try world.git(["update-ref", "refs/heads/main", commit, parent], in: remote)
  }

  @Test func aHostileRemotesEntriesAreEachRefusedAndTheRestSyncs() async throws {
    let (first, second) = try await twoDevices()
    try attach("mine.png", "kept here", to: heron.id, on: second)
    let folder = "attachments/\(heron.id.lowercased)"
    let nowhere = UUID(number: 99).lowercased
    try plant([
      ("\(folder)/good.png", "100644", "a good one"),
      ("\(folder)/link.png", "120000", "/etc/passwd"),
      ("\(folder)/img", "120000", "/etc"),
      ("\(folder)/notes.md", "100644", "not an attachment's name"),
      ("\(folder)/%2e%2e/esc.png", "100644", "an escape FieldNotes doesn't write"),
      ("\(folder)/../up.png", "100644", "a path through .."),
      ("attachments/\(nowhere)/orphan.png", "100644", "of no note"),
      ("attachments/NOT-AN-ID/x.png", "100644", "no note's identifier"),
      ("attachments/loose.png", "100644", "no note's folder"),
      (
        "\(folder)/big.png", "100644",
        String(repeating: "x", count: NoteAttachment.maximumBytes + 1)
      ),
    ])
    _ = first

    try await second.syncer.sync()

    #expect(
      try files(of: heron.id, on: second) == ["good.png": "a good one", "mine.png": "kept here"])
    let skipped = await second.syncer.lastReport?.skipped ?? []
    #expect(skipped.count == 9, "\(skipped)")
    for part in [
      "link.png: a symbolic link", "/img: a symbolic link",
      "notes.md: a name FieldNotes' import would not keep",
      "esc.png: a name not written as FieldNotes writes one", "orphan.png: an attachment of a note",
      "NOT-AN-ID/x.png: not a note's identifier", "loose.png: not an attachment's file",
      "big.png: larger than", "../up.png: a path through",
    ] {
      #expect(skipped.contains { $0.contains(part) }, "\(part)")
    }
    #expect(try remoteFiles(under: "attachments").contains("\(folder)/mine.png"))
    #expect(try remoteFiles(under: "attachments").contains("\(folder)/link.png"), "left as it is")
  }
}

extension UUID {
  /// The identifier as a sync repository's paths write it.
  fileprivate var lowercased: String { uuidString.lowercased() }
}
