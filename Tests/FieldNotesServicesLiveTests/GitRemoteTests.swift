import FieldNotesServices
import FieldNotesTesting
import Foundation
import Testing

@testable import FieldNotesServicesLive

/// How a sync reaches its remote, on values: which URLs are local folders (whose git FieldNotes
/// starts itself, hooks off), which branch it uses, how long it waits after losing a race.
@Suite struct GitRemoteTests {
  @Test(arguments: [
    ("/mnt/shared/notes.git", true), ("notes.git", true), ("./host:notes.git", true),
    ("/path/with:colon", true), ("file:///mnt/notes.git", true), ("FILE:///x", true),
    ("me@host:notes.git", false), ("host:notes.git", false), ("ssh://me@host/notes.git", false),
    ("https://example.com/notes.git", false), ("git://example.com/notes.git", false),
    ("ext::sh -c evil", false), ("[::1]:notes.git", false),
  ])
  func aURLIsLocalTheWayGitTellsThemApart(_ url: String, _ isLocal: Bool) {
    #expect(GitRemote.isLocal(url) == isLocal)
  }

  @Test func aLocalRemotesGitIsStartedWithItsHooksOff() throws {
    let git = try GitProcess(
      gitDirectory: "/x/.git", scratchFolder: "/x/.git/s", commitDate: { Date() })
    let local = GitRemote(fetchURL: "/mnt/it's here.git", pushURL: "/mnt/it's here.git")
    let push = try #require(local.pushOptions(git).first)
    #expect(
      push.hasPrefix(
        "--receive-pack=GIT_CONFIG_GLOBAL=/dev/null GIT_CONFIG_NOSYSTEM=1 "
          + "'\(git.executable)' '-c' 'core.hooksPath=/dev/null'"))
    #expect(push.hasSuffix("'receive-pack'"))
    #expect(local.fetchOptions(git).first?.hasSuffix("'upload-pack'") == true)
    let ssh = GitRemote(fetchURL: "me@host:notes.git", pushURL: "me@host:notes.git")
    #expect(ssh.pushOptions(git).isEmpty && ssh.fetchOptions(git).isEmpty)
    #expect(local.localFolder == "/mnt/it's here.git")
    #expect(ssh.localFolder == nil)
  }

  @Test func theBranchIsTheOneHeadNamesThenMainThenTheUnbornHeads() {
    let commit = String(repeating: "a", count: 40)
    let plain = RemoteBranches.parse("")
    #expect(plain.choice == .unbornHead)
    let project = RemoteBranches.parse(
      "ref: refs/heads/master\tHEAD\n\(commit)\tHEAD\n\(commit)\trefs/heads/master\n"
        + "\(commit)\trefs/heads/main\n")
    #expect(project.choice == .branch("master", pointsHead: false))
    // An earlier FieldNotes pushed `main`; `HEAD` still names the `master` that isn't there.
    let earlier = RemoteBranches.parse("\(commit)\trefs/heads/main\n")
    #expect(earlier.choice == .branch("main", pointsHead: true))
    // A detached `HEAD` is listed, and left as it is.
    let detached = RemoteBranches.parse("\(commit)\tHEAD\n\(commit)\trefs/heads/feature\n")
    #expect(detached.choice == .branch("main", pointsHead: false))
  }

  @Test func aLostRaceIsRetriedAtOnceThenAfterRandomWaitsThatDoubleUpToACap() {
    var random = SeededRandomNumberGenerator(seed: 7)
    #expect(PushBackoff.delay(beforeAttempt: 1, using: &random) == .zero)
    #expect(PushBackoff.delay(beforeAttempt: 2, using: &random) == .zero)
    var longest = Duration.zero
    for attempt in 3...GitNoteSyncer.maximumPushAttempts {
      let bound = min(PushBackoff.cap, PushBackoff.base * (1 << (attempt - 3)))
      longest += bound
      let waits = (0..<50).map { _ in PushBackoff.delay(beforeAttempt: attempt, using: &random) }
      #expect(waits.allSatisfy { $0 >= .zero && $0 <= bound }, "attempt \(attempt)")
      #expect(Set(waits).count > 1, "attempt \(attempt): random")
    }
    // A sync that keeps losing gives up after about eleven seconds of waiting at most.
    #expect(longest == .milliseconds(11_150))
  }
}
