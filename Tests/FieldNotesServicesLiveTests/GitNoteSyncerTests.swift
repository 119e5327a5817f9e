import FieldNotesFormats
import FieldNotesModel
import FieldNotesPlatform
import FieldNotesServices
import FieldNotesTesting
import Foundation
import Testing

@testable import FieldNotesServicesLive

/// Stores syncing through a bare repository in a temporary folder: the merge rules end to end,
/// through real git.
@Suite struct GitNoteSyncerTests {
  let world = SyncWorld()

  @Test func twoStoresConvergeAndTheRemoteIsAReadableNotebook() async throws {
    let first = try await world.device(SampleData.library)
    let second = try await world.device()
    try await first.syncer.sync()
    #expect(await first.syncer.lastReport?.outgoing == 6)
    try await second.syncer.sync()
    #expect(await second.syncer.lastReport?.incoming == 6)
    #expect(second.notes == first.notes)
    #expect(Set(second.library.notebooks) == Set(first.library.notebooks))

    let clone = try world.clone("look")
    let heron = try String(
      contentsOfFile: "\(clone)/notes/\(SampleData.heron.id.uuidString.lowercased()).md",
      encoding: .utf8)
    #expect(heron.contains("# \(SampleData.heron.title)\n\n\(SampleData.heron.body)"))
    #expect(try world.git(["log", "--format=%s"], in: clone).contains("FieldNotes"))
  }

  /// A sync fetches only when the remote's branch moved from where this store's copy of it is.
  ///
  /// Where it is as this store last pushed it, the sync asks the remote once (`ls-remote`) and
  /// fetches nothing; one the remote moved for fetches, and brings the change in. A fetch is
  /// a second connection to the remote: over ssh, a second login.
  @Test func aSyncFetchesOnlyWhenTheRemoteMoved() async throws {
    let logged = world.root + "/logged-git"
    let log = world.root + "/git.log"
    try FileManager.default.createDirectory(atPath: logged, withIntermediateDirectories: true)
    let real = try #require(
      ChildProcess.executablePath(named: "git", environment: world.environment))
    try "#!/bin/sh\necho \"$*\" >> '\(log)'\nexec '\(real)' \"$@\"\n".write(
      toFile: logged + "/git", atomically: true, encoding: .utf8)
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: logged + "/git")
    var environment = world.environment
    environment["PATH"] = logged + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
    let here = try await world.device(
      NoteLibrary(notes: [syncNote(1, "Heron")]), environment: environment)
    let there = try await world.device()
    try await here.syncer.sync()
    try await there.syncer.sync()
    func fetches(_ sync: () async throws -> Void) async throws -> Int {
      try Data().write(to: URL(fileURLWithPath: log))
      try await sync()
      let commands = try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n")
      #expect(commands.contains { $0.contains(" ls-remote ") })
      return commands.filter { $0.contains(" fetch ") }.count
    }

    try here.save(syncNote(1, "Grey heron", minutes: 5))
    #expect(try await fetches { try await here.syncer.sync() } == 0, "the remote is as pushed")
    #expect(try await fetches { try await here.syncer.sync() } == 0, "nothing changed at all")
    try there.save(syncNote(2, "Wren", minutes: 6))
    try await there.syncer.sync()
    #expect(try await fetches { try await here.syncer.sync() } == 1, "the remote moved")
    #expect(here.note(syncNote(2, "Wren").id)?.title == "Wren")

    // The copy names the remote's new commit, which isn't here (found by an outside check:
    // every sync then failed, saying to sync again).
    try there.save(syncNote(3, "Moss", minutes: 7))
    try await there.syncer.sync()
    let tip = try world.git(["rev-parse", "refs/heads/main"], in: world.remote)
    try tip.write(
      toFile: here.syncer.gitDirectory + "/refs/remotes/origin/main", atomically: true,
      encoding: .utf8)
    #expect(try await fetches { try await here.syncer.sync() } == 1, "the commit isn't here")
    #expect(here.note(syncNote(3, "Moss").id)?.title == "Moss")
  }

  @Test func threeStoresConverge() async throws {
    let devices = [
      try await world.device(), try await world.device(), try await world.device(),
    ]
    for (index, device) in devices.enumerated() {
      try device.save(syncNote(index + 1, "Note \(index)"))
      try await device.syncer.sync()
    }
    for device in devices { try await device.syncer.sync() }
    #expect(devices.allSatisfy { $0.notes.count == 3 })
    #expect(devices[0].notes == devices[1].notes && devices[1].notes == devices[2].notes)
  }

  @Test func changesToDifferentNotesAndToDifferentFieldsOfOneNoteMerge() async throws {
    let start = NoteLibrary(notes: [syncNote(1, "Heron"), syncNote(2, "Wren")])
    let first = try await world.device(start)
    try await first.syncer.sync()
    let second = try await world.device()
    try await second.syncer.sync()

    var heron = syncNote(1, "Grey heron", minutes: 5)
    try first.save(heron)
    try first.save(syncNote(3, "Moss", minutes: 5))
    heron = syncNote(1, "Heron", body: "In the shallows.", tags: ["lake"], minutes: 6)
    try second.save(heron)
    try second.save(syncNote(2, "Wren", body: "Loud.", minutes: 6))
    try await first.syncer.sync()
    try await second.syncer.sync()
    #expect(await second.syncer.lastReport?.merged == 1)
    #expect(await second.syncer.lastReport?.conflicts == 0)
    try await first.syncer.sync()

    let merged = syncNote(1, "Grey heron", body: "In the shallows.", tags: ["lake"], minutes: 6)
    #expect(first.note(UUID(number: 1)) == merged)
    #expect(first.notes == second.notes)
    #expect(first.notes.count == 3)
  }

  @Test func conflictingEditsKeepBothAndSyncingAgainMakesNoMoreCopies() async throws {
    let first = try await world.device(NoteLibrary(notes: [syncNote(1, "Heron")]))
    try await first.syncer.sync()
    let second = try await world.device()
    try await second.syncer.sync()
    try first.save(syncNote(1, "Heron", body: "Written first.", minutes: 5))
    try second.save(syncNote(1, "Heron", body: "Written second.", minutes: 6))
    try await first.syncer.sync()
    try await second.syncer.sync()
    #expect(await second.syncer.lastReport?.conflicts == 1)
    for _ in 0..<3 {
      try await first.syncer.sync()
      try await second.syncer.sync()
    }
    #expect(first.notes == second.notes)
    #expect(first.notes.count == 2)
    #expect(first.note(UUID(number: 1))?.body == "Written second.")
    #expect(
      first.notes.contains { $0.body == "Written first." && $0.title.hasPrefix("Heron (conflict") })
  }

  /// The copy a conflict makes goes to the remote with its mark (`conflict-of:` in its file),
  /// as the merge writes it and as each store commits it again, so a store that only fetches
  /// it, having merged nothing, knows it for a conflict copy.
  @Test func aConflictCopysFileCarriesItsMarkToEveryStore() async throws {
    let first = try await world.device(NoteLibrary(notes: [syncNote(1, "Heron")]))
    try await first.syncer.sync()
    let second = try await world.device()
    try await second.syncer.sync()
    try first.save(syncNote(1, "Heron", body: "Written first.", minutes: 5))
    try second.save(syncNote(1, "Heron", body: "Written second.", minutes: 6))
    try await first.syncer.sync()
    try await second.syncer.sync()
    let copy = try #require(second.notes.first { $0.id != UUID(number: 1) })
    #expect(copy.conflictOf == UUID(number: 1))
    // Each store commits the copy from what it holds, at its next sync.
    try await first.syncer.sync()
    try await second.syncer.sync()
    #expect(first.note(copy.id)?.conflictOf == UUID(number: 1))

    let clone = try world.clone("look")
    let file = try String(
      contentsOfFile: "\(clone)/notes/\(copy.id.uuidString.lowercased()).md", encoding: .utf8)
    #expect(file.contains("\nconflict-of: \(UUID(number: 1).uuidString.lowercased())\n"))
    let third = try await world.device()
    try await third.syncer.sync()
    #expect(third.note(copy.id)?.conflictOf == UUID(number: 1))
    #expect(third.notes == second.notes)
  }

  @Test func anEditMadeAfterTheOtherSideDeletedTheNoteSurvivesEverywhere() async throws {
    // A deletes X; a little later B edits X; A syncs, then B: B's edit must not be deleted.
    let first = try await world.device(NoteLibrary(notes: [syncNote(1, "Heron")]))
    try await first.syncer.sync()
    let second = try await world.device()
    try await second.syncer.sync()
    try first.delete(UUID(number: 1))
    try second.save(syncNote(1, "Heron", body: "Seen again.", minutes: 2))
    try await first.syncer.sync()
    try await second.syncer.sync()
    try await first.syncer.sync()
    #expect(first.note(UUID(number: 1))?.body == "Seen again.")
    #expect(second.note(UUID(number: 1))?.body == "Seen again.")
  }

  @Test func aTextWrittenThenDeletedHereIsKeptWhenTheOtherSidesEditBringsTheNoteBack()
    async throws
  {
    // X edits the note and deletes it, and syncs; Y, which never saw either, edits it and
    // syncs; X syncs again. Y's edit brings the note back on X; X's text, which never reached
    // the remote, must stay X's: as a version of the note it was trashed from.
    let first = try await world.device(NoteLibrary(notes: [syncNote(1, "Heron")]))
    try await first.syncer.sync()
    let second = try await world.device()
    try await second.syncer.sync()
    try first.save(syncNote(1, "Heron", body: "X local text", minutes: 1))
    try first.delete(UUID(number: 1))
    try await first.syncer.sync()
    try second.save(syncNote(1, "Heron", body: "Y edit", minutes: 2))
    try await second.syncer.sync()
    try await first.syncer.sync()
    #expect(first.note(UUID(number: 1))?.body == "Y edit")
    let versions = try first.repository.versions(ofNote: UUID(number: 1))
    #expect(versions.map(\.body).contains("X local text"))
    #expect(try first.repository.trashedNotes().isEmpty)
  }

  @Test func aDeletionOfANoteTheDeleterHadSeenStandsWhateverTheClocksSay() async throws {
    // The deleting side's clock is far behind: dates don't decide, history does.
    let first = try await world.device(NoteLibrary(notes: [syncNote(1, "Heron", minutes: 600)]))
    try await first.syncer.sync()
    let second = try await world.device(now: .fixed(SampleData.date(minutes: -6000)))
    try await second.syncer.sync()
    try second.delete(UUID(number: 1))
    try await second.syncer.sync()
    try await first.syncer.sync()
    #expect(first.notes.isEmpty)
    #expect(second.notes.isEmpty)
  }

  @Test func restoringAnExportAndSyncingMakesNoCopies() async throws {
    let first = try await world.device(SampleData.library)
    try await first.syncer.sync()
    // A new machine: the export restored into a fresh store, then the same remote.
    let archive = try LibraryArchive.json(first.library)
    let restored = try await world.device(try LibraryArchive.library(fromJSON: archive))
    try await restored.syncer.sync()
    let report = await restored.syncer.lastReport
    #expect(report?.conflicts == 0)
    #expect(restored.notes == first.notes)
    try await first.syncer.sync()
    #expect(first.notes.count == SampleData.library.notes.count)
  }

  @Test func aNoteAtTheSizeLimitSyncsBothWays() async throws {
    // Combining marks: few characters, many bytes (the composer's old character limit let
    // such a note through while the folder sync refused it and then pushed an old copy over it).
    let room =
      NoteDocument.maximumBytes - NoteDocument.byteCount(title: "Large", body: "", tags: [])
    let body = String(repeating: "e\u{301}\u{302}\u{303}", count: room / 7)
    #expect(
      NoteDocument.byteCount(title: "Large", body: body, tags: []) <= NoteDocument.maximumBytes)
    let first = try await world.device(NoteLibrary(notes: [syncNote(1, "Old", body: "short")]))
    try await first.syncer.sync()
    let second = try await world.device()
    try await second.syncer.sync()
    try first.save(syncNote(1, "Large", body: body, minutes: 1))
    try await first.syncer.sync()
    try await second.syncer.sync()
    try await first.syncer.sync()
    #expect(second.note(UUID(number: 1))?.body == body)
    #expect(first.note(UUID(number: 1))?.body == body)
  }

  @Test func aNoteChangedHereWhileTheSyncRanIsMergedNotOverwritten() {
    let exported = ExportedState(NoteLibrary(notes: [syncNote(1, "Heron")]))
    var incoming = syncNote(1, "Heron", body: "From the remote.", minutes: 3)
    incoming.tags = ["lake"]
    let current = JournaledItems(
      notes: [syncNote(1, "Grey heron", minutes: 2), syncNote(2, "Written meanwhile", minutes: 2)],
      unreadableNoteIDs: [], notebooks: [])
    let changes = StoreChanges(
      results: [.note(UUID(number: 1)): SyncDocument.data(of: incoming)], exported: exported,
      current: current, timeZone: TimeZone(identifier: "UTC") ?? .current,
      deletedAt: Date(timeIntervalSinceReferenceDate: 0)
    ).changes
    var expected = incoming
    expected.title = "Grey heron"
    #expect(changes == [.saveNote(expected)])
  }

  @Test(arguments: [true, false])
  func aNoteLeftInANotebookTheOtherSideDeletedEndsInNoNotebookOnBothSides(
    deleterSyncsFirst: Bool
  ) async throws {
    let birds = Notebook(id: UUID(number: 0xB1), name: "Birds", symbolName: "bird")
    let first = try await world.device(
      NoteLibrary(notebooks: [birds], notes: [syncNote(1, "Heron", notebook: birds.id)]))
    try await first.syncer.sync()
    let second = try await world.device()
    try await second.syncer.sync()
    // The first deletes the notebook, keeping its note (as `notebook delete` offers); the second
    // meanwhile writes a new note in it.
    try first.repository.commit([
      .saveNote(syncNote(1, "Heron", minutes: 1)), .deleteNotebook(birds.id),
    ])
    let wren = syncNote(2, "Wren", minutes: 2, notebook: birds.id)
    try second.save(wren)
    let order = deleterSyncsFirst ? [first, second, first] : [second, first, second]
    for device in order { try await device.syncer.sync() }

    for device in [first, second] {
      #expect(device.library.notebooks.isEmpty)
      #expect(device.notes.map(\.title) == ["Heron", "Wren"])
      #expect(device.notes.allSatisfy { $0.notebookID == nil }, "\(device.notes)")
    }
  }

  @Test(arguments: [("Birds", "Birds"), ("Birds", "birds")])
  func notebooksMadeWithOneNameOnTwoSidesAreToldApartAlike(_ names: (String, String))
    async throws
  {
    // Each side makes a notebook of (nearly) one name, with a note in it.
    let mine = Notebook(id: UUID(number: 0xB1), name: names.0, symbolName: "bird")
    let theirs = Notebook(id: UUID(number: 0xB2), name: names.1, symbolName: "leaf")
    let first = try await world.device(
      NoteLibrary(notebooks: [mine], notes: [syncNote(1, "Heron", notebook: mine.id)]))
    let second = try await world.device(
      NoteLibrary(notebooks: [theirs], notes: [syncNote(2, "Moss", notebook: theirs.id)]))
    try await first.syncer.sync()
    try await second.syncer.sync()
    try await first.syncer.sync()

    // The store that synced second keeps its name; the one it found is "Name (2)", everywhere.
    var renamed = mine
    renamed.name = "\(names.0) (2)"
    for device in [first, second] {
      #expect(
        device.library.notebooks.sorted { $0.id.uuidString < $1.id.uuidString }
          == [renamed, theirs])
      #expect(device.note(UUID(number: 1))?.notebookID == mine.id)
      #expect(device.note(UUID(number: 2))?.notebookID == theirs.id)
    }
  }

  @Test func aRepositoryAnEarlierFieldNotesCheckedOutKeepsSyncing() async throws {
    // An earlier FieldNotes kept the notes checked out beside `.git`, committed with `git add`.
    let heron = syncNote(1, "Heron", body: "In the shallows.")
    let path = world.root + "/earlier.sync"
    try world.git(["init", "--quiet", "--initial-branch=main", path], in: world.root)
    try FileManager.default.createDirectory(
      atPath: path + "/notes", withIntermediateDirectories: true)
    try SyncDocument.data(of: heron).write(
      to: URL(fileURLWithPath: "\(path)/\(SyncDocument.path(.note(heron.id)))"))
    try world.git(["add", "-A"], in: path)
    try world.git(["commit", "--quiet", "-m", "FieldNotes: changes made here"], in: path)
    let earlier = try world.git(["rev-parse", "HEAD"], in: path)
    try world.git(
      ["remote", "add", "origin", try await SyncConnection.bareRepository(at: world.remote)],
      in: path)
    // The store that earlier FieldNotes synced, from before stores kept a sync mark.
    let repository = InMemoryNoteRepository(NoteLibrary(notes: [heron]), syncMark: nil)
    let syncer = GitNoteSyncer(
      repositoryPath: path, repository: repository, now: .fixed(),
      timeZone: TimeZone(identifier: "UTC") ?? .current, environment: world.environment)

    try await syncer.sync()
    #expect(await syncer.lastReport?.outgoing == 1)
    // The same history, now with no checkout.
    #expect(try world.git(["rev-parse", "main"], in: world.remote) == earlier)
    #expect(try FileManager.default.contentsOfDirectory(atPath: path) == [".git"])
    #expect(try world.git(["config", "core.bare"], in: path + "/.git") == "true\n")
    let second = try await world.device()
    try await second.syncer.sync()
    try second.save(syncNote(1, "Heron", body: "Flew off.", minutes: 1))
    try await second.syncer.sync()
    try await syncer.sync()
    #expect(repository.savedLibrary.notes == [syncNote(1, "Heron", body: "Flew off.", minutes: 1)])
  }

  @Test func withNoRemoteSyncSaysHowToSetOne() async throws {
    let device = try await world.device()
    try await device.syncer.setRemote(nil)
    await #expect(throws: SyncError.noRemote) { try await device.syncer.sync() }
    #expect(SyncError.noRemote.errorDescription?.contains("sync remote URL") == true)
  }

  @Test func anUnreachableRemoteChangesNothingHere() async throws {
    let device = try await world.device(SampleData.library)
    try await device.syncer.setRemote(world.root + "/missing.git")
    let before = device.library
    await #expect {
      try await device.syncer.sync()
    } throws: { error in
      guard case .remoteUnreachable(let remote, _)? = error as? SyncError else { return false }
      return remote == world.root + "/missing.git"
    }
    #expect(device.library == before)
  }

  @Test func aFolderThatIsNotAGitRepositoryIsRefused() async throws {
    let folder = world.root + "/old-sync-folder"
    try FileManager.default.createDirectory(
      atPath: folder + "/notes", withIntermediateDirectories: true)
    await #expect {
      try await SyncConnection.bareRepository(at: folder)
    } throws: { error in
      (error as? SyncError)?.errorDescription?.contains("is not a git repository") == true
    }
  }

  @Test func aRemoteThatReadsAsAnOptionIsRefused() async throws {
    let device = try await world.device()
    await #expect(throws: SyncError.invalidRemote("-oProxyCommand=touch x:y")) {
      try await device.syncer.setRemote("-oProxyCommand=touch x:y")
    }
    // Through the connection, a relative path is made absolute first, so it can't start so.
    #expect(SyncConnection.resolved("-x").hasPrefix("/"))
  }

  @Test func aRemoteIsTheSameWhateverWayItsPathIsWritten() {
    #expect(SyncConnection.resolved("/x/sf/") == "/x/sf")
    #expect(SyncConnection.resolved("/x/./sf") == "/x/sf")
    #expect(
      SyncConnection.resolved("sf") == FileManager.default.currentDirectoryPath + "/sf")
    for url in ["ssh://host/x.git", "git@host:notes.git", "https://host/x.git", "file:///x"] {
      #expect(SyncConnection.resolved(url) == url)
    }
  }
}
