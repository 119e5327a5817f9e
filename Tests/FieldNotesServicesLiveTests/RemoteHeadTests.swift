import FieldNotesModel
import FieldNotesServices
import FieldNotesTesting
import Foundation
import Testing

@testable import FieldNotesServicesLive

/// The branch a sync pushes is the one the remote's `HEAD` names, so `git clone` of the remote
/// checks out the notes: a repository made with plain `git init --bare` (whose `HEAD` names
/// `master`), one naming another branch, a project's default branch; and a remote an earlier
/// FieldNotes pushed `main` to keeps `main`, with its `HEAD` pointed there.
@Suite struct RemoteHeadTests {
  let world = SyncWorld()
  let heron = syncNote(1, "Heron", body: "In the shallows.")

  /// Makes the remote as `git init --bare` makes it with no configuration.
  ///
  /// - Parameter branch: The branch its `HEAD` names, or `nil` for git's default (`master`).
  /// - Throws: ``GitTestFailure`` when git fails.
  func makeRemote(head branch: String? = nil) throws {
    try world.git(["init", "--quiet", "--bare", world.remote], in: world.root)
    if let branch {
      try world.git(["symbolic-ref", "HEAD", "refs/heads/\(branch)"], in: world.remote)
    }
  }

  /// The remote's branches.
  func branches() throws -> [String] {
    try world.git(["for-each-ref", "--format=%(refname:short)", "refs/heads"], in: world.remote)
      .split(separator: "\n").map(String.init)
  }

  /// Whether a clone of the remote has the note checked out, with its text.
  func cloneShowsTheNote(_ name: String) throws -> Bool {
    let clone = try world.clone(name)
    let text = try? String(
      contentsOfFile: "\(clone)/\(SyncDocument.path(.note(heron.id)))", encoding: .utf8)
    return text?.hasSuffix("# Heron\n\nIn the shallows.") == true
  }

  @Test func aPlainBareRepositoryGetsTheBranchItsHeadNames() async throws {
    try makeRemote()
    let device = try await world.device(NoteLibrary(notes: [heron]))
    try await device.syncer.sync()
    #expect(try branches() == ["master"])
    #expect(try cloneShowsTheNote("look"))
    // Another store finds the notes there.
    let second = try await world.device()
    try await second.syncer.sync()
    #expect(second.notes == [heron])
  }

  @Test func aHeadNamingAnotherBranchGetsThatBranch() async throws {
    try makeRemote(head: "trunk")
    let device = try await world.device(NoteLibrary(notes: [heron]))
    try await device.syncer.sync()
    #expect(try branches() == ["trunk"])
    #expect(try cloneShowsTheNote("look"))
  }

  @Test func aProjectsDefaultBranchTakesTheNotes() async throws {
    try makeRemote()
    let project = try world.clone("project")
    try "# The project\n".write(toFile: project + "/README.md", atomically: true, encoding: .utf8)
    try world.git(["add", "README.md"], in: project)
    try world.git(["commit", "--quiet", "-m", "the project"], in: project)
    try world.git(["push", "--quiet", "origin", "HEAD:master"], in: project)
    let device = try await world.device(NoteLibrary(notes: [heron]))
    try await device.syncer.sync()
    #expect(try branches() == ["master"])
    #expect(try cloneShowsTheNote("look"))
  }

  @Test func aRemoteAnEarlierFieldNotesPushedMainToKeepsMainAndItsHeadIsPointedThere()
    async throws
  {
    // An earlier FieldNotes pushed `main` to a plain repository, whose HEAD still names `master`.
    try makeRemote()
    let earlier = try world.clone("earlier")
    try FileManager.default.createDirectory(
      atPath: earlier + "/notes", withIntermediateDirectories: true)
    try SyncDocument.data(of: heron).write(
      to: URL(fileURLWithPath: "\(earlier)/\(SyncDocument.path(.note(heron.id)))"))
    try world.git(["add", "-A"], in: earlier)
    try world.git(["commit", "--quiet", "-m", "FieldNotes: changes made here"], in: earlier)
    try world.git(["push", "--quiet", "origin", "HEAD:main"], in: earlier)

    let device = try await world.device()
    try await device.syncer.sync()
    #expect(device.notes == [heron])
    try device.save(syncNote(2, "Wren", minutes: 1))
    try await device.syncer.sync()
    #expect(try branches() == ["main"])
    #expect(
      try world.git(["symbolic-ref", "HEAD"], in: world.remote) == "refs/heads/main\n")
    #expect(try cloneShowsTheNote("look"))
  }
}
