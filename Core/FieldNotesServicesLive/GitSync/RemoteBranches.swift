/// The branches a remote holds and the one its `HEAD` names, as
/// `git ls-remote --symref origin HEAD 'refs/heads/*'` lists them; and so the branch a sync
/// uses.
///
/// A sync pushes the branch the remote's `HEAD` names, so that `git clone` of the remote checks
/// out the notes: `master` for a repository made with plain `git init --bare`, `main` for one
/// FieldNotes made, a project's default branch. A remote whose `HEAD` names no branch it has
/// keeps `main` where it has one (an earlier FieldNotes pushed `main` whatever `HEAD` said).
struct RemoteBranches: Equatable, Sendable {
  /// Each branch's commit, by the branch's name (without `refs/heads/`).
  var commits: [String: String] = [:]
  /// The branch `HEAD` names, when the remote has that branch.
  var head: String?
  /// Whether `HEAD` is listed at all: it is not when it names a branch the remote doesn't have.
  var isHeadListed = false

  /// What a sync does with a remote, given its branches.
  enum Choice: Equatable, Sendable {
    /// Sync this branch; `pointsHead` when the remote's `HEAD` names no branch it has, and
    /// should name this one.
    case branch(String, pointsHead: Bool)
    /// The remote has no branch yet: its `HEAD`, which names none that exists, says which
    /// branch to make (`git clone` learns it; `ls-remote` doesn't say).
    case unbornHead
  }

  /// The branch a sync uses.
  var choice: Choice {
    if let head { return .branch(head, pointsHead: false) }
    if commits.isEmpty { return .unbornHead }
    return .branch("main", pointsHead: !isHeadListed)
  }

  /// Reads `git ls-remote --symref` output: `ref: refs/heads/NAME\tHEAD` for `HEAD`'s branch,
  /// then `OBJECT\tNAME` per reference.
  ///
  /// - Parameter text: The output.
  /// - Returns: The branches.
  static func parse(_ text: String) -> RemoteBranches {
    var branches = RemoteBranches()
    var target: String?
    for line in text.split(separator: "\n") {
      let fields = line.split(separator: "\t", maxSplits: 1).map(String.init)
      guard fields.count == 2 else { continue }
      if fields[0].hasPrefix("ref: refs/heads/"), fields[1] == "HEAD" {
        target = String(fields[0].dropFirst("ref: refs/heads/".count))
      } else if fields[1] == "HEAD" {
        branches.isHeadListed = true
      } else if fields[1].hasPrefix("refs/heads/") {
        branches.commits[String(fields[1].dropFirst("refs/heads/".count))] = fields[0]
      }
    }
    if let target, branches.commits[target] != nil { branches.head = target }
    return branches
  }
}
