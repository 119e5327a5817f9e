import FieldNotesModel
import FieldNotesServices
import FieldNotesServicesLive
import FieldNotesTesting
import Foundation
import Testing

/// A sync reads from the store only what changed on either side.
///
/// After a few edits it reads only the notes its journal names, and commits only their files; a
/// sync that finds remote changes reads only the notes at the paths the remote changed. Whenever
/// the journal can't say what changed since the folder's last commit, or the remote deleted a
/// notebook, the whole library is read, as before.
@Suite struct SyncJournalTests {
  let world = SyncWorld()

  /// Two devices holding twenty notes, synced, and synced once more so the journal starts at
  /// the folder's last commit.
  func twoDevices() async throws -> (SyncWorld.Device, SyncWorld.Device) {
    let notes = (1...20).map { syncNote($0, "Note \($0)", body: "Text \($0).") }
    let first = try await world.device(NoteLibrary(notes: notes))
    try await first.syncer.sync()
    let second = try await world.device()
    try await second.syncer.sync()
    #expect(second.notes.count == 20)
    return (first, second)
  }

  @Test func aSyncAfterOneEditReadsOnlyThatNoteAndPushesOnlyItsFile() async throws {
    let (first, second) = try await twoDevices()
    try first.save(syncNote(7, "Note 7", body: "Edited.", minutes: 5))
    let (loads, reads) = (first.repository.loadCount, first.repository.journaledReads)

    try await first.syncer.sync()

    #expect(first.repository.loadCount == loads, "the whole library is never loaded")
    #expect(first.repository.journaledReads == reads + 1)
    #expect(await first.syncer.lastReport?.outgoing == 1)
    try await second.syncer.sync()
    #expect(second.note(UUID(number: 7))?.body == "Edited.")
    #expect(second.notes.count == 20)
  }

  @Test func aFirstSyncWritesEveryNoteReadingTheStoreAPageAtATime() async throws {
    let birds = Notebook(id: UUID(number: 100), name: "Birds")
    let notes = (1...2_500).map { syncNote($0, "Note \($0)", body: "Text \($0).") }
    let first = try await world.device(
      NoteLibrary(notebooks: [birds], notes: notes + [syncNote(2_501, "Heron", notebook: birds.id)])
    )

    try await first.syncer.sync()

    #expect(first.repository.loadCount == 0, "the whole library is never held")
    #expect(await first.syncer.lastReport?.outgoing == 2_502)
    let second = try await world.device()
    try await second.syncer.sync()
    #expect(second.library == first.library)
  }

  @Test func aSyncWithNothingChangedReadsNoNote() async throws {
    let (first, _) = try await twoDevices()
    try await first.syncer.sync()
    let (loads, reads) = (first.repository.loadCount, first.repository.journaledReads)

    try await first.syncer.sync()

    #expect(first.repository.loadCount == loads)
    #expect(first.repository.journaledReads == reads)
  }

  @Test func aDeletionAndANewNoteAreCommittedFromTheJournal() async throws {
    let (first, second) = try await twoDevices()
    try first.delete(UUID(number: 3))
    try first.save(syncNote(21, "New here"))
    let loads = first.repository.loadCount

    try await first.syncer.sync()
    try await second.syncer.sync()

    #expect(first.repository.loadCount == loads)
    #expect(second.note(UUID(number: 3)) == nil)
    #expect(second.note(UUID(number: 21))?.title == "New here")
    #expect(second.notes.count == 20)
  }

  @Test func aSyncPullingOneRemoteEditReadsOnlyThatNote() async throws {
    let (first, second) = try await twoDevices()
    try second.save(syncNote(2, "Note 2", body: "From the second.", minutes: 5))
    try await second.syncer.sync()
    let (loads, reads) = (first.repository.loadCount, first.repository.journaledReads)

    try await first.syncer.sync()

    #expect(first.repository.loadCount == loads, "the whole library is never read")
    #expect(
      first.repository.journaledReads == reads + 3,
      """
      note 2 alone: read to merge, again as the merge is saved, and once more to find the \
      journal names only what the merge saved
      """)
    #expect(await first.syncer.lastReport?.incoming == 1)
    #expect(await first.syncer.lastReport?.pushed == false, "the remote's commit is taken")
    #expect(first.note(UUID(number: 2))?.body == "From the second.")
    #expect(first.notes.count == 20)
  }

  @Test func theSyncAfterAPullCommitsNothingAgainAndALaterEditStillGoesOut() async throws {
    let (first, second) = try await twoDevices()
    try second.save(syncNote(2, "Note 2", body: "From the second.", minutes: 5))
    try await second.syncer.sync()
    try await first.syncer.sync()
    #expect(try first.repository.syncChanges().noteIDs.isEmpty, "the pulled note is committed")
    let reads = first.repository.journaledReads

    try await first.syncer.sync()

    #expect(first.repository.journaledReads == reads, "no note read again")
    try first.save(syncNote(2, "Note 2", body: "Edited after the pull.", minutes: 9))
    try await first.syncer.sync()
    try await second.syncer.sync()
    #expect(second.note(UUID(number: 2))?.body == "Edited after the pull.")
  }

  @Test func aRemoteEditAndALocalEditOfOtherNotesBothLandReadingOnlyWhatTheRemoteChanged()
    async throws
  {
    let (first, second) = try await twoDevices()
    try second.save(syncNote(2, "Note 2", body: "From the second.", minutes: 5))
    try await second.syncer.sync()
    try first.save(syncNote(9, "Note 9", body: "From the first.", minutes: 6))
    let loads = first.repository.loadCount

    try await first.syncer.sync()
    try await second.syncer.sync()

    #expect(first.repository.loadCount == loads, "the whole library is never read")
    for device in [first, second] {
      #expect(device.note(UUID(number: 2))?.body == "From the second.")
      #expect(device.note(UUID(number: 9))?.body == "From the first.")
      #expect(device.notes.count == 20)
    }
  }

  @Test func oneNoteEditedOnBothSidesKeepsTheLaterEditAndACopyReadingOnlyThatNote()
    async throws
  {
    let (first, second) = try await twoDevices()
    try second.save(syncNote(4, "Note 4", body: "From the second.", minutes: 5))
    try await second.syncer.sync()
    try first.save(syncNote(4, "Note 4", body: "From the first.", minutes: 6))
    let loads = first.repository.loadCount

    try await first.syncer.sync()
    try await second.syncer.sync()

    #expect(first.repository.loadCount == loads, "the whole library is never read")
    #expect(await first.syncer.lastReport?.conflicts == 1)
    for device in [first, second] {
      #expect(device.note(UUID(number: 4))?.body == "From the first.", "the later edit")
      let copies = device.notes.filter { $0.conflictOf == UUID(number: 4) }
      #expect(copies.map(\.body) == ["From the second."])
      #expect(device.notes.count == 21)
    }
  }

  /// A notebook the remote deleted moves this store's notes out of it, notes the remote didn't
  /// change: that merge reads the whole library.
  @Test func aNotebookTheRemoteDeletedIsMergedWithTheWholeLibrary() async throws {
    let birds = Notebook(id: UUID(number: 100), name: "Birds")
    let inBirds = syncNote(1, "Heron", notebook: birds.id)
    let first = try await world.device(NoteLibrary(notebooks: [birds], notes: [inBirds]))
    try await first.syncer.sync()
    let second = try await world.device()
    try await second.syncer.sync()
    try second.repository.commit([.deleteNotebook(birds.id)])
    try await second.syncer.sync()
    let loads = first.repository.loadCount

    try await first.syncer.sync()

    #expect(first.repository.loadCount > loads)
    #expect(first.library.notebooks.isEmpty)
    #expect(first.note(UUID(number: 1))?.notebookID == nil, "the note stays, in no notebook")
  }

  /// A sync stopped after its commit and before its mark leaves the folder's last commit ahead
  /// of the mark: the next sync reads the whole library, as a store new to the remote, and
  /// loses nothing: with no common base, the edit and the remote's text are both kept, one as
  /// a conflict copy.
  @Test func aSyncKilledBetweenCommitAndMarkLosesNothingAndIsRedone() async throws {
    let (first, second) = try await twoDevices()
    try first.save(syncNote(4, "Note 4", body: "Edited before the kill.", minutes: 5))
    // What the killed sync left: a commit past the mark, which the journal doesn't start at.
    let folder = first.syncer.repositoryPath + "/.git"
    let head = try world.git(["rev-parse", "main"], in: folder)
      .trimmingCharacters(in: .newlines)
    let commit = try world.git(
      ["commit-tree", "\(head)^{tree}", "-p", head, "-m", "FieldNotes: changes made here"],
      in: folder
    ).trimmingCharacters(in: .newlines)
    try world.git(["update-ref", "refs/heads/main", commit], in: folder)
    let loads = first.repository.loadCount

    try await first.syncer.sync()
    try await second.syncer.sync()

    #expect(first.repository.loadCount > loads, "the whole library was read again")
    for device in [first, second] {
      let bodies = device.notes.map(\.body)
      #expect(bodies.contains("Edited before the kill."))
      #expect(bodies.contains("Text 4."))
      #expect(device.notes.count == 21, "the twenty notes and one conflict copy")
    }
  }

  /// An empty folder another git user committed in the notes folder stays through a sync from
  /// the journal: a temporary index would drop it, so that tree is not used and the folder's
  /// listing is edited instead.
  @Test func anEmptyFolderInTheNotesFolderStaysThroughAJournaledSync() async throws {
    let (first, second) = try await twoDevices()
    let parent = try world.git(["rev-parse", "refs/heads/main"], in: world.remote)
      .trimmingCharacters(in: .newlines)
    let listing = try world.git(["ls-tree", "-z", "\(parent):notes"], in: world.remote)
    let empty = try world.git(["mktree", "-z"], in: world.remote)
      .trimmingCharacters(in: .newlines)
    let notes = try world.git(
      ["mktree", "-z"], in: world.remote,
      input: Data((listing + "040000 tree \(empty)\tkept\0").utf8)
    ).trimmingCharacters(in: .newlines)
    let root = try world.git(
      ["mktree", "-z"], in: world.remote, input: Data("040000 tree \(notes)\tnotes\0".utf8)
    ).trimmingCharacters(in: .newlines)
    let commit = try world.git(
      ["commit-tree", root, "-p", parent, "-m", "An empty folder"], in: world.remote
    ).trimmingCharacters(in: .newlines)
    try world.git(["update-ref", "refs/heads/main", commit, parent], in: world.remote)
    try await first.syncer.sync()
    try first.save(syncNote(5, "Note 5", body: "Edited.", minutes: 5))
    let loads = first.repository.loadCount

    try await first.syncer.sync()
    try await second.syncer.sync()

    #expect(first.repository.loadCount == loads)
    #expect(second.note(UUID(number: 5))?.body == "Edited.")
    let folder = try world.git(
      ["ls-tree", "refs/heads/main:notes", "--", "kept"], in: world.remote)
    #expect(folder.contains("040000 tree \(empty)\tkept"))
  }
}
