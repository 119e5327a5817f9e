import FieldNotesModel
import FieldNotesServices
import FieldNotesTesting
import Foundation
import Testing

@testable import FieldNotesServicesLive

/// A remote that already holds a project, with files of its own under `notes/` and
/// `notebooks/`: syncing adds the notes beside them and never removes one from the tip, and
/// the report says what went out.
@Suite struct ProjectRemoteTests {
  let world = SyncWorld()

  /// The project's files that aren't FieldNotes': a readme, notes of its own (one in a folder,
  /// one named like a FieldNotes note but not one), a list, a link.
  static let projectFiles = [
    "README.md": "# The project\n", "notes/meeting.md": "Minutes.\r\n",
    "notes/2023/plan.md": "The plan.\n",
    "notes/\(UUID(number: 0xF1).uuidString.lowercased()).md": "Not a FieldNotes note.\n",
    "notebooks/list.txt": "A list.\n", "docs/guide.md": "A guide.\n",
  ]

  /// Every file of a commit of the remote: `mode type object\tpath` lines.
  func tip(_ branch: String = "main") throws -> Set<String> {
    Set(
      try world.git(["ls-tree", "-r", branch], in: world.remote).split(separator: "\n").map(
        String.init))
  }

  @Test func filesOfAProjectUnderTheNotesFoldersStayInTheTip() async throws {
    let first = try await world.device()
    let project = try world.clone("project")
    for (path, text) in Self.projectFiles {
      let folder = (path as NSString).deletingLastPathComponent
      try FileManager.default.createDirectory(
        atPath: "\(project)/\(folder)", withIntermediateDirectories: true)
      try text.write(toFile: "\(project)/\(path)", atomically: true, encoding: .utf8)
    }
    try FileManager.default.createSymbolicLink(
      atPath: "\(project)/notes/readme-link.md", withDestinationPath: "../README.md")
    try world.git(["add", "-A"], in: project)
    try world.git(["commit", "--quiet", "-m", "the project"], in: project)
    try world.git(["push", "--quiet", "origin", "HEAD:main"], in: project)
    let projectTip = try tip()

    let heron = syncNote(1, "Heron")
    try first.save(heron)
    try await first.syncer.sync()
    let report = try #require(await first.syncer.lastReport)
    #expect(report.outgoing == 1)
    #expect(report.summary.hasPrefix("Synced: 1 out."))
    let afterFirst = try tip()
    #expect(projectTip.isSubset(of: afterFirst), "lost: \(projectTip.subtracting(afterFirst))")
    #expect(afterFirst.count == projectTip.count + 1)

    // The project changes one of its notes; FieldNotes edits its own; both stay.
    try world.git(["pull", "--quiet", "--no-rebase", "origin", "main"], in: project)
    try "Minutes, amended.\n".write(
      toFile: project + "/notes/meeting.md", atomically: true, encoding: .utf8)
    try world.git(["commit", "--quiet", "-am", "amended"], in: project)
    try world.git(["push", "--quiet", "origin", "HEAD:main"], in: project)
    let amendedTip = try tip()
    try first.save(syncNote(1, "Heron", body: "In the shallows.", minutes: 1))
    try await first.syncer.sync()
    let afterSecond = try tip()
    let kept = amendedTip.filter { !$0.hasSuffix("\t" + SyncDocument.path(.note(heron.id))) }
    #expect(kept.isSubset(of: afterSecond), "lost: \(kept.subtracting(afterSecond))")
    #expect(first.notes == [syncNote(1, "Heron", body: "In the shallows.", minutes: 1)])

    // A second store sees the note, and the project's files untouched.
    let second = try await world.device()
    try await second.syncer.sync()
    #expect(second.notes == first.notes)
    #expect(try tip() == afterSecond)
  }

  /// A project with a file (or a link) named `notes` at the top: FieldNotes can't put its
  /// folder there without removing it, so the sync refuses, says why, and changes nothing.
  @Test(arguments: ["notes", "notebooks"])
  func aFileUnderTheNameOfAFieldNotesFolderIsNeverReplaced(_ name: String) async throws {
    let first = try await world.device()
    let project = try world.clone("project-\(name)")
    try "The project's own \(name).\n".write(
      toFile: "\(project)/\(name)", atomically: true, encoding: .utf8)
    try world.git(["add", "-A"], in: project)
    try world.git(["commit", "--quiet", "-m", "a file named \(name)"], in: project)
    try world.git(["push", "--quiet", "origin", "HEAD:main"], in: project)
    let projectTip = try tip()

    try first.save(syncNote(1, "Heron"))
    try first.repository.commit([.saveNotebook(Notebook(id: UUID(number: 0xB1), name: "Birds"))])
    await #expect(throws: SyncError.folderNameTaken(name)) { try await first.syncer.sync() }

    #expect(try tip() == projectTip, "the remote is as the project left it")
    #expect(first.notes.map(\.title) == ["Heron"], "the store is as it was")
    #expect(
      SyncError.folderNameTaken(name).errorDescription?.contains("won't replace it") == true)
  }

  @Test func aReportNeverSaysUpToDateWhenItPushed() {
    var report = SyncReport()
    report.pushed = true
    #expect(!report.summary.contains("up to date"))
    #expect(SyncReport().summary == "Synced: already up to date.")
  }
}
