import FieldNotesModel
import Foundation

/// The commit on `main` that holds this store's notes, with its tree as the sync sees it.
struct LocalCommit: Sendable {
  /// The commit, or `nil` while there is nothing at all.
  var commit: String?
  /// Its tree, or `nil` when it was committed without listing it (see
  /// ``GitNoteSyncer/commitJournaledChanges(_:_:)``).
  var tree: SyncTree?
}

/// What merging with the remote gave.
struct MergeStep: Sendable {
  /// The commit holding the merged notes, or `nil` while there are none anywhere.
  var commit: String?
  /// Its tree, or `nil` when not listed.
  var tree: SyncTree?
  /// The merge, when the remote had changes to merge.
  var merge: SyncMerge?
  /// The remote's entries that are not FieldNotes files.
  var skipped: [String] = []
}

extension GitNoteSyncer {
  // MARK: - Committing

  /// Commits the store's notes on `main`, if they changed since its last commit.
  ///
  /// Everything else in the last commit's tree — what the remote holds that isn't FieldNotes',
  /// the files of notes this store can't read — stays as it is.
  ///
  /// - Returns: The commit that holds the store's notes, and its tree.
  func commitLocalChanges(_ git: GitProcess, _ state: ExportedState) async throws
    -> LocalCommit
  {
    let head = try await revision(git, "refs/heads/main")
    var previous = SyncTree()
    if let head { previous = try await SyncTree.list(git, head) }
    let documents = Array(state.documents)
    let blobs = try await GitObjectWriter.writeBlobs(git, documents.map(\.value))
    var files: [SyncDocument.Kind: GitTreeEntry] = [:]
    for ((kind, _), blob) in zip(documents, blobs) { files[kind] = SyncTree.file(blob, for: kind) }
    let kept = try await entriesToKeep(git, in: previous, besides: files, state: state)
    let tree = previous.local(files: files, keeping: kept)
    if let head, tree == previous { return LocalCommit(commit: head, tree: tree) }
    let treeName = try await tree.write(git)
    if let head, try await revision(git, "\(head)^{tree}") == treeName {
      return LocalCommit(commit: head, tree: tree)
    }
    if head == nil, treeName == GitObjectWriter.emptyTree {
      return LocalCommit(commit: nil, tree: tree)
    }
    let commit = try await git.check(
      ["commit-tree", treeName, "-m", "FieldNotes: changes made here"]
        + (head.map { ["-p", $0] } ?? [])
    ).text.trimmingCharacters(in: .newlines)
    try await git.check(["update-ref", "refs/heads/main", commit] + (head.map { [$0] } ?? []))
    return LocalCommit(commit: commit, tree: tree)
  }

  /// The entries under FieldNotes' names that the last commit holds and the store doesn't,
  /// but that are not notes the store deleted: those of notes it can't read, and entries that
  /// aren't a note's readable file (a link, a folder, a file that doesn't read as one), which
  /// came from the remote and are carried along.
  private func entriesToKeep(
    _ git: GitProcess, in previous: SyncTree, besides files: [SyncDocument.Kind: GitTreeEntry],
    state: ExportedState
  ) async throws -> Set<SyncDocument.Kind> {
    var kept = Set(state.protected.map(SyncDocument.Kind.note))
    var candidates: [(SyncDocument.Kind, String)] = []
    for (kind, entry) in previous.files where files[kind] == nil {
      guard !kept.contains(kind) else { continue }
      if entry.isRegularFile {
        candidates.append((kind, entry.object))
      } else {
        kept.insert(kind)
      }
    }
    let blobs = try await GitBlobs.read(
      git, candidates.map(\.1), limit: SyncDocument.maximumFileBytes)
    for (kind, object) in candidates where !Self.isReadable(blobs[object], as: kind) {
      kept.insert(kind)
    }
    return kept
  }

  /// Whether a file reads as the note or notebook its name says.
  static func isReadable(_ data: Data?, as kind: SyncDocument.Kind) -> Bool {
    guard let data else { return false }
    switch kind {
    case .note(let id): return (try? SyncDocument.note(from: data, id: id)) != nil
    case .notebook(let id): return (try? SyncDocument.notebook(from: data, id: id)) != nil
    }
  }

  // MARK: - Merging

  /// Whether the remote's branch holds anything this store's commit doesn't.
  func needsMerge(_ git: GitProcess, local: String?, remote: String?) async throws -> Bool {
    guard let remote else { return false }
    guard let local else { return true }
    // The merge base says it as well, and the merge that follows reads it again (kept).
    if let base = try await mergeBase(git, local, remote) { return base != remote }
    return try await !isAncestor(git, remote, of: local)
  }

  /// Merges the remote's branch into this store's notes, writing the merged commit (which
  /// nothing points at yet).
  func merge(
    _ git: GitProcess, local: LocalCommit, remote: String?, state: ExportedState
  ) async throws -> MergeStep {
    guard let remote else { return MergeStep(commit: local.commit, tree: local.tree) }
    if let commit = local.commit, try await isAncestor(git, remote, of: commit) {
      return MergeStep(commit: commit, tree: local.tree)
    }
    var base: String?
    var ours = local.tree ?? SyncTree()
    if let commit = local.commit {
      base = try await mergeBase(git, commit, remote)
      if local.tree == nil { ours = try await SyncTree.list(git, commit) }
    }
    let changes = try await GitTreeChange.list(
      git, from: base ?? GitObjectWriter.emptyTree, to: remote)
    let (incoming, skipped) = try await incomingFiles(git, changes)
    let merge = try SyncMerge(
      ours: state.documents, library: state.library, incoming: incoming,
      protected: state.protected, timeZone: timeZone)
    let tree = try await listedTree(
      git, ours: ours, remote: remote, changes: changes, merge: merge, documents: state.documents)
    let commit = try await mergeCommit(
      git, tree: try await tree.write(git), local: local.commit, remote: remote)
    return MergeStep(commit: commit, tree: tree, merge: merge, skipped: skipped)
  }

  /// The merged tree, from both sides' listings: this store's files as its commit holds them
  /// (or as its documents are, where that commit holds no plain file), but for those the merge
  /// changed, in the remote's tree (see ``SyncTree/merged(theirs:ours:files:changedSinceBase:removing:)``).
  ///
  /// - Parameters:
  ///   - git: Git in the repository.
  ///   - ours: This store's commit's tree.
  ///   - remote: The remote's commit.
  ///   - changes: What the remote changed since the base.
  ///   - merge: The merge.
  ///   - documents: This store's files the merge read: all of them, or those at the paths the
  ///     remote changed.
  /// - Returns: The tree.
  /// - Throws: ``SyncError/gitFailed(command:reason:)`` when git fails, `CancellationError`.
  func listedTree(
    _ git: GitProcess, ours: SyncTree, remote: String, changes: [GitTreeChange],
    merge: SyncMerge, documents: [SyncDocument.Kind: Data]
  ) async throws -> SyncTree {
    var files: [SyncDocument.Kind: GitTreeEntry] = [:]
    var written: [(SyncDocument.Kind, Data)] = []
    for (kind, data) in documents where merge.results[kind] == nil {
      if let entry = ours.files[kind], entry.isRegularFile {
        files[kind] = entry
      } else {
        written.append((kind, data))
      }
    }
    for (kind, data) in merge.results { if let data { written.append((kind, data)) } }
    let blobs = try await GitObjectWriter.writeBlobs(git, written.map(\.1))
    for ((kind, _), blob) in zip(written, blobs) { files[kind] = SyncTree.file(blob, for: kind) }
    let theirs = try await SyncTree.list(git, remote)
    return SyncTree.merged(
      theirs: theirs, ours: ours, files: files,
      changedSinceBase: SyncTree.changedPaths(changes), removing: merge.removedFromTheirs)
  }

  /// The commit of a merged tree, which nothing points at yet: the remote's own when the tree
  /// is the remote's (there is nothing to push then), one on the remote's when this store's
  /// commit is among its ancestors, a merge of the two otherwise.
  ///
  /// - Parameters:
  ///   - git: Git in the repository.
  ///   - tree: The merged tree's object name.
  ///   - local: This store's commit, if any.
  ///   - remote: The remote's commit.
  /// - Returns: The commit's name.
  /// - Throws: ``SyncError/gitFailed(command:reason:)`` when git fails, `CancellationError`.
  func mergeCommit(_ git: GitProcess, tree: String, local: String?, remote: String) async throws
    -> String
  {
    if try await revision(git, "\(remote)^{tree}") == tree { return remote }
    let fastForward: Bool =
      if let local { try await isAncestor(git, local, of: remote) } else { true }
    let parents = (fastForward ? [remote] : [local, remote].compactMap { $0 }).flatMap {
      ["-p", $0]
    }
    let message = fastForward ? "FieldNotes: changes made here" : "FieldNotes: merge"
    return try await git.check(["commit-tree", tree, "-m", message] + parents).text
      .trimmingCharacters(in: .newlines)
  }

  /// The files the remote changed since the base, with both versions, and the entries skipped.
  func incomingFiles(_ git: GitProcess, _ changes: [GitTreeChange]) async throws
    -> ([SyncDocument.Kind: SyncMerge.Incoming], [String])
  {
    var skipped: [String] = []
    var wanted: [(SyncDocument.Kind, base: String?, theirs: String?)] = []
    for change in changes {
      let folder = change.path.split(separator: "/").first.map(String.init)
      guard let folder, SyncTree.folderNames.contains(folder) else { continue }
      let shown = change.path
      guard let kind = SyncDocument.kind(ofPath: change.path) else {
        if change.new != nil { skipped.append("\(shown): not a FieldNotes file name") }
        continue
      }
      if let new = change.new, !new.isRegularFile {
        skipped.append("\(shown): \(new.isSymbolicLink ? "a symbolic link" : "not a regular file")")
        continue
      }
      wanted.append(
        (kind, change.old.flatMap { $0.isRegularFile ? $0.object : nil }, change.new?.object))
    }
    let blobs = try await GitBlobs.read(
      git, wanted.flatMap { [$0.base, $0.theirs].compactMap { $0 } },
      limit: SyncDocument.maximumFileBytes)
    var incoming: [SyncDocument.Kind: SyncMerge.Incoming] = [:]
    for (kind, base, theirs) in wanted {
      try Task.checkCancellation()
      var entry = SyncMerge.Incoming(base: base.flatMap { blobs[$0] }, theirs: nil)
      if let theirs {
        guard let data = blobs[theirs] else {
          skipped.append("\(SyncDocument.path(kind)): larger than the size limit")
          continue
        }
        entry.theirs = data
      }
      incoming[kind] = entry
    }
    return (incoming, skipped)
  }

  /// How many notes and notebooks differ between two commits.
  ///
  /// Only the paths are listed (`--name-only`), and counted one by one: a first sync of a large
  /// library differs in every file.
  func changedFiles(_ git: GitProcess, from old: String?, to new: String) async throws -> Int {
    let paths = try await git.check(
      [
        "diff-tree", "-r", "-z", "--no-renames", "--name-only", old ?? GitObjectWriter.emptyTree,
        new,
      ]
    ).output
    var count = 0
    var start = paths.startIndex
    while start < paths.endIndex {
      let end = paths[start...].firstIndex(of: 0) ?? paths.endIndex
      if SyncDocument.kind(ofPath: String(decoding: paths[start..<end], as: UTF8.self)) != nil {
        count += 1
      }
      start = end + 1
    }
    return count
  }

  // MARK: - History

  /// A revision's object name, or `nil` when there is no such revision.
  ///
  /// A commit's tree (`COMMIT^{tree}`, a commit named by its object name) is asked once a sync.
  func revision(_ git: GitProcess, _ name: String) async throws -> String? {
    let lasting = name.hasSuffix("^{tree}") && !name.hasPrefix("refs/")
    if lasting, let known = knownAnswers[name] { return known }
    let output = try await git.run(["rev-parse", "--verify", "--quiet", name])
    guard output.status == 0 else { return nil }
    let object = output.text.trimmingCharacters(in: .newlines)
    if lasting { knownAnswers[name] = object }
    return object
  }

  func isAncestor(_ git: GitProcess, _ ancestor: String, of commit: String) async throws
    -> Bool
  {
    let output = try await git.run(["merge-base", "--is-ancestor", ancestor, commit])
    guard output.status <= 1 else {
      throw SyncError.gitFailed(command: "merge-base", reason: output.reason)
    }
    return output.status == 0
  }

  /// Two commits' best common ancestor, asked once a sync; `nil` when they have none.
  func mergeBase(_ git: GitProcess, _ first: String, _ second: String) async throws
    -> String?
  {
    let key = "merge-base \(first) \(second)"
    if let known = knownAnswers[key] { return known }
    let output = try await git.run(["merge-base", first, second])
    guard output.status == 0 else { return nil }
    let base = output.text.trimmingCharacters(in: .newlines)
    knownAnswers[key] = base
    return base
  }
}
