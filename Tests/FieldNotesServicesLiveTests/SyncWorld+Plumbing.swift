import Foundation

extension SyncWorld {
  /// What a commit built with git's plumbing puts under a name.
  enum TreeEntry {
    /// A regular file with these bytes.
    case file(Data)
    /// A symbolic link to this path.
    case link(to: String)
  }

  /// Commits entries into one folder of the remote's `main`, on top of what is there, with
  /// git's plumbing alone (`hash-object`, `mktree`, `commit-tree`, `update-ref`), as another git
  /// user's push would leave it.
  ///
  /// No working tree is written, so the commit is the same on every file system: names that
  /// differ only in case stay two entries even where the disk folds them into one file (APFS,
  /// by default).
  ///
  /// - Parameters:
  ///   - entries: The entries, by name inside the folder; each replaces one of that name.
  ///   - folder: The folder of the tree, such as `notes`.
  ///   - message: The commit message.
  /// - Returns: The names in the folder after the commit, as git lists them.
  /// - Throws: ``GitTestFailure`` when a git command fails.
  @discardableResult
  func commitToRemote(
    _ entries: [String: TreeEntry], inFolder folder: String, message: String
  ) throws -> [String] {
    let parent = try git(["rev-parse", "refs/heads/main"], in: remote)
      .trimmingCharacters(in: .whitespacesAndNewlines)
    let listing = try git(["ls-tree", "-z", "\(parent):\(folder)"], in: remote)
    var lines = listing.split(separator: "\0").map(String.init).filter { line in
      !entries.keys.contains { line.hasSuffix("\t" + $0) }
    }
    for (name, entry) in entries {
      let (mode, bytes) =
        switch entry {
        case .file(let data): ("100644", data)
        case .link(let target): ("120000", Data(target.utf8))
        }
      let blob = try git(["hash-object", "-w", "--stdin"], in: remote, input: bytes)
        .trimmingCharacters(in: .whitespacesAndNewlines)
      lines.append("\(mode) blob \(blob)\t\(name)")
    }
    let tree = try makeTree(lines)
    let root =
      try git(["ls-tree", "-z", parent], in: remote).split(separator: "\0")
      .map(String.init).filter { !$0.hasSuffix("\t" + folder) } + ["040000 tree \(tree)\t\(folder)"]
    let commit = try git(
      ["commit-tree", try makeTree(root), "-p", parent, "-m", message], in: remote
    ).trimmingCharacters(in: .whitespacesAndNewlines)
    try git(["update-ref", "refs/heads/main", commit, parent], in: remote)
    return try git(["ls-tree", "--name-only", "-z", "\(commit):\(folder)"], in: remote)
      .split(separator: "\0").map(String.init)
  }

  /// Writes a tree of `ls-tree` lines into the remote.
  private func makeTree(_ lines: [String]) throws -> String {
    let input = Data(lines.map { $0 + "\0" }.joined().utf8)
    return try git(["mktree", "-z"], in: remote, input: input)
      .trimmingCharacters(in: .whitespacesAndNewlines)
  }
}
