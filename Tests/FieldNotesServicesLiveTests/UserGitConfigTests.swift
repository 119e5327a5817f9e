import FieldNotesModel
import FieldNotesServices
import FieldNotesTesting
import Foundation
import Testing

@testable import FieldNotesServicesLive

/// The user's own git setup — a `~/.gitconfig` with ignore rules, signing, line-ending
/// conversion, attributes, filters, hooks, a program to pack what a fetch from a local remote
/// sends (`uploadpack.packObjectsHook`) and another default branch, and `GIT_*` variables
/// exported in the shell — changes nothing a sync does; the settings that reach a remote (an
/// `insteadOf` rewrite here, standing for ssh and credential settings) still apply.
@Suite struct UserGitConfigTests {
  let world = SyncWorld()

  /// Plants a `~/.gitconfig` that would change, break or hijack every step of a sync.
  func plantHostileConfig() throws {
    let home = world.home
    let hooks = try world.plantHooks(in: home + "/hooks")
    for program in ["gpg", "fsmonitor", "filter", "pack-objects-hook"] {
      try world.plantScript(at: "\(home)/\(program)", marking: program)
    }
    try "*.md\nnotes/\nnotebooks/\n".write(
      toFile: home + "/ignore", atomically: true, encoding: .utf8)
    try "* text eol=crlf ident filter=lfs\n".write(
      toFile: home + "/attributes", atomically: true, encoding: .utf8)
    try world.plantGitConfig(
      """
      [core]
      \texcludesFile = \(home)/ignore
      \tattributesFile = \(home)/attributes
      \tautocrlf = true
      \thooksPath = \(hooks)
      \tfsmonitor = \(home)/fsmonitor
      [commit]
      \tgpgSign = true
      [push]
      \tgpgSign = true
      [user]
      \tsigningKey = 0123456789ABCDEF
      [gpg]
      \tprogram = \(home)/gpg
      [init]
      \tdefaultBranch = master
      [uploadpack]
      \tpackObjectsHook = \(home)/pack-objects-hook
      [filter "lfs"]
      \tclean = \(home)/filter
      \tsmudge = \(home)/filter
      \tprocess = \(home)/filter
      \trequired = true
      """)
  }

  /// The variables a shell, a git hook or an IDE may have exported.
  var exportedVariables: [String: String] {
    let hooks = world.home + "/hooks"
    return [
      "GIT_DIR": world.root + "/elsewhere.git", "GIT_WORK_TREE": world.root,
      "GIT_INDEX_FILE": world.root + "/elsewhere.index",
      "GIT_OBJECT_DIRECTORY": world.root + "/elsewhere-objects",
      "GIT_CONFIG_PARAMETERS": "'core.hooksPath'='\(hooks)'", "GIT_CONFIG_COUNT": "1",
      "GIT_CONFIG_KEY_0": "core.hooksPath", "GIT_CONFIG_VALUE_0": hooks,
      "GIT_NAMESPACE": "elsewhere", "GIT_AUTHOR_NAME": "Someone Else",
    ]
  }

  @Test func theUsersGitSetupChangesNothingASyncDoes() async throws {
    try plantHostileConfig()
    let environment = world.environment.merging(exportedVariables) { _, exported in exported }
    let heron = syncNote(1, "Heron", body: "Line one\r\nLine two\r\n$Id: 1234 $")
    let first = try await world.device(NoteLibrary(notes: [heron]), environment: environment)
    try await first.syncer.sync()
    let report = try #require(await first.syncer.lastReport)
    #expect(report.outgoing == 1)
    #expect(report.summary == "Synced: 1 out.")
    let path = "main:notes/\(heron.id.uuidString.lowercased()).md"
    #expect(
      try world.gitData(["cat-file", "blob", path], in: world.remote)
        == SyncDocument.data(of: heron))

    let second = try await world.device(environment: environment)
    try await second.syncer.sync()
    #expect(second.notes == [heron])
    var pinned = heron
    pinned.isPinned = true
    try second.save(pinned)
    try await second.syncer.sync()
    try await first.syncer.sync()
    #expect(first.notes == [pinned])
    #expect(world.marks.isEmpty, "programs that ran: \(world.marks)")
  }

  @Test func theUsersSettingsForReachingARemoteStillApply() async throws {
    let heron = syncNote(1, "Heron")
    let device = try await world.device(NoteLibrary(notes: [heron]))
    // A URL only the user's own rewrite makes reachable, as ssh and credential settings are
    // only in the user's configuration; it leads to a local remote, whose hooks stay off.
    let url = "https://notes.example.invalid/notes.git"
    try world.plantGitConfig("[url \"\(world.remote)\"]\n\tinsteadOf = \(url)\n")
    try world.plantHooks(in: world.remote + "/hooks")
    try await device.syncer.setRemote(url)
    try await device.syncer.sync()

    let second = try await world.device()
    try await second.syncer.sync()
    #expect(second.notes == [heron])
    #expect(world.marks.isEmpty, "hooks that ran: \(world.marks)")
  }
}
