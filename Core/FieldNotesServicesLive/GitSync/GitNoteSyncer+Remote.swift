import Foundation

/// The remote's branch a sync uses, as fetched.
struct FetchedBranch: Sendable {
  /// The branch's name, without `refs/heads/`.
  var name: String
  /// Its commit, or `nil` when the remote doesn't have it yet.
  var commit: String?
}

extension GitNoteSyncer {
  // MARK: - Fetching

  /// Fetches the remote's `main`.
  ///
  /// - Throws: ``SyncError/remoteUnreachable(remote:reason:)`` when the remote can't be read.
  func fetch(_ git: GitProcess, _ origin: GitRemote, remote: String) async throws
    -> FetchedBranch
  {
    let listing = try await git.run(
      ["ls-remote", "--heads"] + origin.fetchOptions(git) + ["origin", "refs/heads/main"],
      configuration: .reachingRemote)
    guard listing.status == 0 else {
      throw SyncError.remoteUnreachable(remote: remote, reason: listing.reason)
    }
    var branch = FetchedBranch(name: "main")
    guard !listing.text.isEmpty else { return branch }
    let fetched = try await git.run(
      // Git's automatic upkeep of the repository runs at the end of the sync instead, reading
      // none of the user's configuration.
      ["fetch", "--quiet", "--no-tags", "--no-write-fetch-head", "--no-auto-maintenance"]
        + origin.fetchOptions(git)
        + ["origin", "+refs/heads/\(branch.name):refs/remotes/origin/\(branch.name)"],
      configuration: .reachingRemote)
    guard fetched.status == 0 else {
      throw SyncError.remoteUnreachable(remote: remote, reason: fetched.reason)
    }
    branch.commit = try await revision(git, "refs/remotes/origin/\(branch.name)")
    return branch
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
}
