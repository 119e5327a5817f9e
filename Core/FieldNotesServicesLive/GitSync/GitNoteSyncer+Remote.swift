import Foundation

/// The remote's branch a sync uses, as fetched.
struct FetchedBranch: Sendable {
  /// The branch's name, without `refs/heads/`.
  var name: String
  /// Its commit, or `nil` when the remote doesn't have it yet.
  var commit: String?
  /// Whether the remote's `HEAD` names no branch it has, and should name this one.
  var pointsHead = false
}

extension GitNoteSyncer {
  // MARK: - Fetching

  /// Finds the branch to sync (see ``RemoteBranches``) and fetches it, unless this
  /// repository's copy of it is where the remote's branch is.
  ///
  /// - Throws: ``SyncError/remoteUnreachable(remote:reason:)`` when the remote can't be read.
  func fetch(_ git: GitProcess, _ origin: GitRemote, remote: String) async throws
    -> FetchedBranch
  {
    let listing = try await git.run(
      ["ls-remote", "--symref"] + origin.fetchOptions(git) + ["origin", "HEAD", "refs/heads/*"],
      configuration: .reachingRemote)
    guard listing.status == 0 else {
      throw SyncError.remoteUnreachable(remote: remote, reason: listing.reason)
    }
    let branches = RemoteBranches.parse(listing.text)
    var branch: FetchedBranch
    switch branches.choice {
    case .branch(let name, let pointsHead):
      branch = FetchedBranch(name: name, pointsHead: pointsHead)
    case .unbornHead:
      branch = FetchedBranch(name: try await unbornHead(git, origin, remote: remote))
    }
    guard let tip = branches.commits[branch.name] else { return branch }
    let trackingRef = "refs/remotes/origin/\(branch.name)"
    // The remote's branch is where this repository's copy of it is, most often at this store's
    // own last push (which moves the copy too), and the commit is here: a fetch would bring
    // nothing. A copy naming a commit that isn't here (lost with a power cut) is fetched.
    if try await revision(git, trackingRef + "^{commit}") == tip {
      branch.commit = tip
      return branch
    }
    let refspec = "+refs/heads/\(branch.name):\(trackingRef)"
    func fetch() async throws -> GitProcess.Output {
      try await git.run(
        // Git's automatic upkeep of the repository runs at the end of the sync instead, reading
        // none of the user's configuration.
        ["fetch", "--quiet", "--no-tags", "--no-write-fetch-head", "--no-auto-maintenance"]
          + origin.fetchOptions(git) + ["origin", refspec],
        configuration: .reachingRemote)
    }
    var fetched = try await fetch()
    if fetched.status != 0, fetched.reason.contains("cannot lock ref") {
      // A sync stopped while git updated its copy of the remote's branch can leave that ref
      // as git no longer expects it. It is only a copy of what the remote holds: it is let go
      // and fetched again.
      _ = try await git.run(["update-ref", "-d", trackingRef])
      fetched = try await fetch()
    }
    guard fetched.status == 0 else {
      throw SyncError.remoteUnreachable(remote: remote, reason: fetched.reason)
    }
    branch.commit = try await revision(git, "refs/remotes/origin/\(branch.name)")
    return branch
  }

  /// The branch an empty remote's `HEAD` names.
  ///
  /// Only a clone learns it (`ls-remote` doesn't say): a clone of nothing, in a folder of its
  /// own, thrown away. `main` when the remote doesn't say, or names what can't be a branch.
  private func unbornHead(_ git: GitProcess, _ origin: GitRemote, remote: String) async throws
    -> String
  {
    let probe = "\(gitDirectory)/fieldnotes/head-\(UUID().uuidString)"
    defer { try? FileManager.default.removeItem(atPath: probe) }
    let cloned = try await git.run(
      ["clone", "--bare", "--no-local", "--depth=1", "--quiet", "--template="]
        + origin.fetchOptions(git) + ["--", origin.fetchURL, probe],
      configuration: .reachingRemote)
    guard cloned.status == 0 else {
      throw SyncError.remoteUnreachable(remote: remote, reason: cloned.reason)
    }
    let head = (try? String(contentsOfFile: probe + "/HEAD", encoding: .utf8)) ?? ""
    let prefix = "ref: refs/heads/"
    guard head.hasPrefix(prefix) else { return "main" }
    let name = String(head.dropFirst(prefix.count)).trimmingCharacters(in: .whitespacesAndNewlines)
    let valid = try await git.run(["check-ref-format", "refs/heads/\(name)"])
    return valid.status == 0 && !name.hasPrefix("-") ? name : "main"
  }

  // MARK: - Pushing

  /// Pushes a commit to the remote's branch.
  ///
  /// - Returns: `false` when the remote moved since the fetch (another store pushed first) and
  ///   rejected it.
  /// - Throws: ``SyncError/pushRefused(remote:reason:)`` when the remote refused it for another
  ///   reason, ``SyncError/remoteUnreachable(remote:reason:)`` when it couldn't be reached.
  func push(
    _ git: GitProcess, _ origin: GitRemote, _ commit: String, to branch: String, remote: String
  ) async throws -> Bool {
    let output = try await git.run(
      ["push", "--porcelain"] + origin.pushOptions(git)
        + ["origin", "\(commit):refs/heads/\(branch)"],
      configuration: .reachingRemote)
    if output.status == 0 { return true }
    // `--porcelain` gives one line per reference: `!\tFROM:TO\t[rejected] (why)`.
    let line = output.text.split(separator: "\n").first { $0.hasPrefix("!\t") }.map(String.init)
    guard let line else {
      throw SyncError.remoteUnreachable(remote: remote, reason: output.reason)
    }
    // Lost the race: the remote moved since the fetch, or moved while it took this push.
    let lostRace = [
      "fetch first", "non-fast-forward", "stale info", "cannot lock ref", "failed to update ref",
      "failed to lock", "reference already exists",
    ]
    let said = line + "\n" + output.errors
    if lostRace.contains(where: said.contains) { return false }
    // `[remote rejected] (branch is currently checked out)`: the words in the parentheses.
    var reason = line.split(separator: "\t").last.map(String.init) ?? output.reason
    if let open = reason.firstIndex(of: "("), reason.hasSuffix(")") {
      reason = String(reason[reason.index(after: open)..<reason.index(before: reason.endIndex)])
    }
    throw SyncError.pushRefused(remote: remote, reason: reason)
  }

  /// Points a local remote's `HEAD` at the branch FieldNotes syncs, where it names a branch the
  /// remote doesn't have.
  ///
  /// An earlier FieldNotes pushed `main` whatever `HEAD` said; pointed there, `git clone` checks
  /// out the notes. A remote reached some other way, or one this user can't write, keeps its
  /// `HEAD`.
  func pointHead(of origin: GitRemote, at branch: String) async {
    guard let folder = origin.localFolder else { return }
    _ = try? await GitProcess.inOtherRepository(folder, environment: environment) { git in
      let head = try await git.run(["symbolic-ref", "--quiet", "HEAD"])
      let target = head.text.trimmingCharacters(in: .newlines)
      // Only a `HEAD` naming a branch that isn't there.
      guard head.status == 0, target.hasPrefix("refs/heads/"),
        try await git.run(["rev-parse", "--verify", "--quiet", target]).status != 0
      else { return }
      try await git.check(["symbolic-ref", "HEAD", "refs/heads/\(branch)"])
    }
  }
}
