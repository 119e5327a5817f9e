import FieldNotesModel
import FieldNotesServices
import FieldNotesTesting
import Foundation
import Testing

@testable import FieldNotesServicesLive

/// A remote whose tree holds a `.gitattributes`, as a project's often does: whatever it asks
/// for (line-ending conversion, keyword expansion, another encoding, a filter such as Git LFS,
/// which the user has installed), a note's file is committed byte for byte as FieldNotes wrote
/// it, and the two stores stay equal.
@Suite struct RemoteAttributesTests {
  let world = SyncWorld()

  /// A body that each attribute would change: CRLF line ends and an `$Id$` keyword.
  static let body = "Line one\r\nLine two\r\n$Id: 1234 $\r\n"

  @Test(arguments: [
    "* text", "* text=auto", "*.md ident", "*.md working-tree-encoding=UTF-16LE",
    "* filter=lfs diff=lfs merge=lfs -text",
  ])
  func aRemotesAttributesChangeNoByteOfANote(_ attributes: String) async throws {
    // `git lfs install` leaves a filter like this in the user's configuration.
    let filter = world.root + "/planted-filter"
    try world.plantScript(at: filter, marking: "filter")
    try world.plantGitConfig(
      """
      [filter "lfs"]
      \tclean = \(filter)
      \tsmudge = \(filter)
      \tprocess = \(filter)
      \trequired = true
      """)
    let first = try await world.device()
    let editor = try world.clone("editor")
    try (attributes + "\n").write(
      toFile: editor + "/.gitattributes", atomically: true, encoding: .utf8)
    try world.git(["add", ".gitattributes"], in: editor)
    try world.git(["commit", "--quiet", "-m", "attributes"], in: editor)
    try world.git(["push", "--quiet", "origin", "HEAD:main"], in: editor)

    let heron = syncNote(1, "Heron", body: Self.body)
    try first.save(heron)
    try await first.syncer.sync()
    let path = "main:notes/\(heron.id.uuidString.lowercased()).md"
    #expect(
      try world.gitData(["cat-file", "blob", path], in: world.remote)
        == SyncDocument.data(of: heron))

    let second = try await world.device()
    try await second.syncer.sync()
    #expect(second.notes == [heron])
    // Later edits on each side, of each note, merge without a conflict copy.
    try first.save(syncNote(2, "Wren", body: "Loud.\r\n", minutes: 1))
    var tagged = heron
    tagged.tags = ["lake"]
    tagged.updatedAt = SampleData.date(minutes: 2)
    try second.save(tagged)
    try await first.syncer.sync()
    try await second.syncer.sync()
    try await first.syncer.sync()
    #expect(first.notes == second.notes)
    #expect(first.notes == [tagged, syncNote(2, "Wren", body: "Loud.\r\n", minutes: 1)])
    #expect(world.marks.isEmpty, "programs that ran: \(world.marks)")
  }
}
