import FieldNotesModel
import FieldNotesServices
import Foundation

/// A merge that read from the store only the notes at the paths the remote changed.
struct ChangedPathsMerge {
  /// The merged commit, and the merge.
  var step: MergeStep
  /// This store's files the merge read: those notes, and every notebook.
  var ours: ExportedState
}

extension GitNoteSyncer {
  // MARK: - Merging only what the remote changed

  /// Merges the remote's branch into this store's notes reading only what the remote changed
  /// since the commit both last agreed on (`git diff-tree`): those files, and from the store
  /// those notes (with the notes the conflict copies among them name) and the notebooks; the
  /// merged tree is the remote's with this store's changes written over it in a temporary
  /// index, so neither side's whole tree is listed.
  ///
  /// The store must hold what this store's commit holds, as it does after a commit from its
  /// journal, or after a merge saved: what else it holds was written since, and stays in its
  /// journal for the next sync.
  ///
  /// - Parameters:
  ///   - git: Git in the repository.
  ///   - local: This store's commit.
  ///   - remote: The remote's commit, which this store's doesn't hold.
  /// - Returns: The merge, whose commit nothing points at yet; `nil` when it needs the whole
  ///   library — a store without a journal, no common base, more than
  ///   ``maximumJournaledChanges`` files changed, a notebook deleted (its notes, which the
  ///   remote didn't change, move out of it), or a FieldNotes folder's name taken by something
  ///   else at the remote's top.
  /// - Throws: ``SyncError/store(_:)`` when the store can't be read,
  ///   ``SyncError/gitFailed(command:reason:)`` when git fails, `CancellationError`.
  func mergeChangedPaths(_ git: GitProcess, local: LocalCommit, remote: String) async throws
    -> ChangedPathsMerge?
  {
    guard let journaling = repository as? any SyncJournaling, let commit = local.commit,
      let base = try await mergeBase(git, commit, remote)
    else { return nil }
    let changes = try await GitTreeChange.list(git, from: base, to: remote)
    var noteIDs = Set<UUID>()
    var changedFiles = 0
    for change in changes {
      guard let kind = SyncDocument.kind(ofPath: change.path) else { continue }
      changedFiles += 1
      switch kind {
      case .note(let id): noteIDs.insert(id)
      case .notebook: if change.new == nil { return nil }
      }
    }
    guard changedFiles <= Self.maximumJournaledChanges else { return nil }
    let top = try await GitTreeEntry.list(git, remote)
    guard !top.contains(where: { SyncTree.folderNames.contains($0.name) && !$0.isFolder }) else {
      return nil
    }
    let (incoming, skipped) = try await incomingFiles(git, changes)
    for (kind, entry) in incoming {
      guard case .note(let id) = kind, let base = entry.base,
        let original = (try? SyncDocument.note(from: base, id: id))?.conflictOf
      else { continue }
      noteIDs.insert(original)
    }
    let ours: ExportedState
    do {
      let items = try journaling.journaledItems(noteIDs: noteIDs, notebookIDs: [])
      ours = ExportedState(
        NoteLibrary(notebooks: try repository.notebooks(), notes: items.notes),
        protected: items.unreadableNoteIDs)
    } catch {
      throw SyncError.store(error)
    }
    let merge = try SyncMerge(
      ours: ours.documents, library: ours.library, incoming: incoming, protected: ours.protected,
      timeZone: timeZone)
    for (kind, data) in merge.results where data == nil {
      if case .notebook = kind { return nil }
    }
    let tree = try await indexedMergeTree(
      git, base: base, local: commit, remote: remote, changes: changes, merge: merge,
      documents: ours.documents, incoming: incoming)
    let merged: String
    if let tree {
      merged = tree
    } else {
      merged = try await listedTree(
        git, ours: try await SyncTree.list(git, commit), remote: remote, changes: changes,
        merge: merge, documents: ours.documents
      ).write(git)
    }
    let step = MergeStep(
      commit: try await mergeCommit(git, tree: merged, local: commit, remote: remote), tree: nil,
      merge: merge, skipped: skipped)
    return ChangedPathsMerge(step: step, ours: ours)
  }

  /// The merged tree, as ``listedTree(_:ours:remote:changes:merge:documents:)`` makes it, built
  /// in a temporary index from the remote's tree: this store's changes since the base at the
  /// paths the remote didn't change, and this store's files or the merge's outcome at those
  /// it did, written over it.
  ///
  /// As for a commit from the journal, the tree written is compared with the remote's
  /// (`diff-tree -r -t`): one that differs anywhere but at those paths and their folders (an
  /// index can't hold an empty folder, an old file mode) is not used.
  ///
  /// - Parameters:
  ///   - git: Git in the repository.
  ///   - base: The commit both sides last agreed on.
  ///   - local: This store's commit.
  ///   - remote: The remote's commit.
  ///   - changes: What the remote changed since the base.
  ///   - merge: The merge.
  ///   - documents: This store's files the merge read.
  ///   - incoming: The remote's files the merge read: an outcome that is the remote's file is
  ///     its blob, written again by nothing.
  /// - Returns: The tree's object name, or `nil` when the index can't make it.
  /// - Throws: ``SyncError/gitFailed(command:reason:)`` when git fails, `CancellationError`.
  private func indexedMergeTree(
    _ git: GitProcess, base: String, local: String, remote: String, changes: [GitTreeChange],
    merge: SyncMerge, documents: [SyncDocument.Kind: Data],
    incoming: [SyncDocument.Kind: SyncMerge.Incoming]
  ) async throws -> String? {
    let theirs = Dictionary(changes.map { ($0.path, $0) }) { first, _ in first }
    var mine: [String: GitTreeChange.Entry?] = [:]
    // What the base held at the paths this store changed: the remote's too, where it didn't.
    var mineBefore: [String: GitTreeChange.Entry?] = [:]
    for change in try await GitTreeChange.list(git, from: base, to: local)
    where SyncDocument.kind(ofPath: change.path) != nil {
      mine[change.path] = change.new
      mineBefore[change.path] = change.old
    }
    // A path's new entry, or `nil` to remove it.
    var edits: [String: GitTreeChange.Entry?] = [:]
    for (path, entry) in mine where theirs[path] == nil { edits[path] = entry }
    var written: [(String, Data)] = []
    for (kind, data) in documents where merge.results[kind] == nil {
      let path = SyncDocument.path(kind)
      guard let change = theirs[path] else { continue }
      // This store's file: as its commit holds it, which is the base's unless changed here.
      let entry: GitTreeChange.Entry? = if let changed = mine[path] { changed } else { change.old }
      if let entry, entry.isRegularFile {
        edits[path] = entry
      } else {
        written.append((path, data))
      }
    }
    for kind in merge.removedFromTheirs { edits[SyncDocument.path(kind)] = .some(nil) }
    // A file the merge deleted is one the remote deleted: its tree has none already.
    for (kind, data) in merge.results {
      guard let data else { continue }
      let path = SyncDocument.path(kind)
      // The remote's own file (a pull of its edit) is in git already, under the same name
      // writing it again would give.
      if incoming[kind]?.theirs == data, let entry = theirs[path]?.new {
        edits[path] = GitTreeChange.Entry(mode: GitTreeEntry.fileMode, object: entry.object)
      } else {
        written.append((path, data))
      }
    }
    let blobs = try await GitObjectWriter.writeBlobs(git, written.map(\.1))
    for ((path, _), blob) in zip(written, blobs) {
      edits[path] = GitTreeChange.Entry(mode: GitTreeEntry.fileMode, object: blob)
    }
    // Edits that leave every path as the remote has it (a pull, with nothing changed here)
    // leave its tree: no index is needed.
    let leaveTheirs = edits.allSatisfy { path, entry in
      if let change = theirs[path] { return change.new == entry }
      if let before = mineBefore[path] { return before == entry }
      return false
    }
    if leaveTheirs { return try await revision(git, "\(remote)^{tree}") }
    guard let tree = try await indexedTree(git, remote, edits) else { return nil }
    let paths = Set(SyncTree.folderNames).union(edits.keys)
    let differences = try await GitTreeChange.list(git, from: remote, to: tree, folders: true)
    return differences.allSatisfy { paths.contains($0.path) } ? tree : nil
  }
}

extension SyncReport {
  /// Counts a merge's notes in.
  ///
  /// - Parameters:
  ///   - merge: The merge.
  ///   - skipped: The remote's entries the merge's reading skipped.
  mutating func add(_ merge: SyncMerge, skipped: [String]) {
    incoming += merge.incomingCount
    self.merged += merge.mergedCount
    conflicts += merge.conflictCount
    self.skipped += skipped + merge.skipped
  }
}
