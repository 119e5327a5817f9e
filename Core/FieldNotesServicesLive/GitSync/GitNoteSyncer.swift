import FieldNotesModel
import FieldNotesPlatform
import FieldNotesServices
import Foundation

/// The live ``FieldNotesServices/NoteSyncing``: sync through git, with any remote git accepts (a
/// bare repository on a shared disk, `ssh://`, `https://`).
///
/// Each store has a repository beside it, owner-only, whose commits hold one Markdown file per
/// note and per notebook (see ``SyncDocument``). No file is ever checked out: FieldNotes writes
/// blobs and trees straight into git (see ``GitObjectWriter``) and reads the remote's files as
/// git objects. A sync:
/// 1. commits the store's notes, if anything changed since the last commit;
/// 2. fetches the branch the remote's `HEAD` names (see ``RemoteBranches``);
/// 3. merges the two three-way, against the commit both last agreed on (see ``SyncMerge`` and
///    ``SyncTree``), and saves the outcome in the store in one transaction;
/// 4. pushes; a push the remote rejects because another store pushed first goes back to 2,
///    after a wait (see ``PushBackoff``).
///
/// Interrupted anywhere, even killed, a sync loses nothing and leaves nothing twice: the store
/// and the repository change in single steps (one transaction, one reference update), and
/// running it again redoes whatever was not finished — a conflict copy gets the same identifier
/// every time it is made. Cancelled, it stops at the next step or note, saving nothing more.
public actor GitNoteSyncer: NoteSyncing {
  /// A step of a sync, shown as it starts.
  public enum Phase: Hashable, Sendable {
    /// Committing this store's changes to its repository.
    case committing
    /// Fetching from the remote.
    case fetching(remote: String)
    /// Merging the remote's changes with this store's.
    case merging
    /// Pushing the merged notes to the remote; the attempt counts from 1.
    case pushing(attempt: Int)

    /// A short line for the user.
    public var description: String {
      switch self {
      case .committing: "sync: committing local changes…"
      case .fetching(let remote): "sync: fetching from \(remote)…"
      case .merging: "sync: merging…"
      case .pushing(let attempt): attempt == 1 ? "sync: pushing…" : "sync: pushing again…"
      }
    }
  }

  /// How many times a sync pushes, merging again after each push the remote rejected because
  /// another store pushed first, before it gives up.
  public static let maximumPushAttempts = 12

  /// The sync repository: its git folder is `.git` inside it.
  public nonisolated let repositoryPath: String
  /// What the last sync did.
  public private(set) var lastReport: SyncReport?
  /// Answers of git's that can't change, kept for the rest of a sync so that no `git` process
  /// asks twice: a commit's tree (by `COMMIT^{tree}`), two commits' merge base (by both names).
  var knownAnswers: [String: String] = [:]

  let repository: any NoteRepository
  let now: DateProvider
  let timeZone: TimeZone
  let environment: [String: String]
  let progress: @Sendable (Phase) async -> Void

  /// Creates a syncer.
  ///
  /// - Parameters:
  ///   - repositoryPath: The sync repository, created (owner-only) if missing; a relative path
  ///     is taken from the current folder.
  ///   - repository: The local store.
  ///   - now: Where commits get their dates.
  ///   - timeZone: The time zone of the date in conflict copies' titles.
  ///   - environment: The environment `git` is found in and run with.
  ///   - progress: Told each step as it starts.
  public init(
    repositoryPath: String, repository: any NoteRepository, now: DateProvider,
    timeZone: TimeZone, environment: [String: String] = ProcessInfo.processInfo.environment,
    progress: @escaping @Sendable (Phase) async -> Void = { _ in }
  ) {
    self.repositoryPath =
      repositoryPath.hasPrefix("/")
      ? repositoryPath : FileManager.default.currentDirectoryPath + "/" + repositoryPath
    self.repository = repository
    self.now = now
    self.timeZone = timeZone
    self.environment = environment
    self.progress = progress
  }

  /// The repository's git folder.
  nonisolated var gitDirectory: String { repositoryPath + "/.git" }

  // MARK: - The remote

  /// The remote this store syncs with, remembered in its repository.
  ///
  /// - Returns: The remote's URL, or `nil` when none is set.
  /// - Throws: ``SyncError`` when the repository can't be used.
  public func remote() async throws -> String? {
    guard FileManager.default.fileExists(atPath: "\(gitDirectory)/HEAD") else { return nil }
    let output = try await git().run(["config", "--get", "remote.origin.url"])
    let url = output.text.trimmingCharacters(in: .newlines)
    return output.status == 0 && !url.isEmpty ? url : nil
  }

  /// Sets the remote this store syncs with, or forgets it.
  ///
  /// - Parameter url: Anything git accepts as a remote, or `nil` for none.
  /// - Throws: ``SyncError`` when the repository can't be used.
  public func setRemote(_ url: String?) async throws {
    // Git would read a leading '-' as an option, as it would in an ssh host's name.
    if let url, url.hasPrefix("-") { throw SyncError.invalidRemote(url) }
    let git = try git()
    let lock = try await openRepository(git)
    defer { lock.release() }
    _ = try await git.run(["remote", "remove", "origin"])
    if let url { try await git.check(["remote", "add", "--", "origin", url]) }
  }

  // MARK: - Sync

  /// Exchanges changes with the remote.
  ///
  /// - Throws: ``SyncError``, or `CancellationError` when cancelled.
  public func sync() async throws {
    lastReport = nil
    knownAnswers = [:]
    let git = try git()
    let lock = try await openRepository(git)
    defer { lock.release() }
    guard let remote = try await remote() else { throw SyncError.noRemote }
    let origin = try await GitRemote.origin(git)
    await progress(.committing)
    // Read first: whatever is written after stays in it for the next sync.
    let journal = try readJournal()
    try await startAfreshUnlessTheStoreIsTheFolders(git)
    // The whole library is read only when the journal can't say what changed since a commit
    // the folder has, or the remote has changes that need it to merge; a first commit reads it
    // a page at a time.
    var state: ExportedState?
    var local: LocalCommit
    var report = SyncReport()
    if let journal, let committed = try await commitJournaledChanges(git, journal) {
      local = try await commitAttachments(git, committed, journal: journal, report: &report)
    } else if journal != nil, let streamed = try await commitStreamed(git) {
      local = try await commitAttachments(git, streamed, journal: nil, report: &report)
    } else {
      let exported = try exportStore()
      state = exported
      local = try await commitAttachments(
        git, try await commitLocalChanges(git, exported), journal: nil, report: &report)
    }
    recordMark(local.commit, journalThrough: journal?.position)
    var random = SystemRandomNumberGenerator()
    for attempt in 1...Self.maximumPushAttempts {
      // What a merge reading only the remote's changes saved in the store, as its commit holds.
      var saved: [SyncDocument.Kind: Data?]?
      let wait = PushBackoff.delay(beforeAttempt: attempt, using: &random)
      if wait > .zero { try await Task.sleep(for: wait) }
      await progress(.fetching(remote: remote))
      let branch = try await fetch(git, origin, remote: remote)
      await progress(.merging)
      var step = MergeStep(commit: local.commit, tree: local.tree)
      if try await needsMerge(git, local: local.commit, remote: branch.commit) {
        // After a commit from the journal, only what the remote changed is read and saved.
        if state == nil, journal != nil, let remoteCommit = branch.commit,
          let narrow = try await mergeChangedPaths(git, local: local, remote: remoteCommit)
        {
          step = narrow.step
          if let merge = step.merge {
            report.add(merge, skipped: step.skipped)
            try saveInStore(merge.results, exported: narrow.ours, readingAll: false)
            saved = merge.results
          }
        } else {
          var exported: ExportedState
          if let state {
            exported = state
          } else {
            exported = try exportStore()
            local = try await commitLocalChanges(git, exported)
            recordMark(local.commit, journalThrough: journal?.position)
          }
          step = try await merge(git, local: local, remote: branch.commit, state: exported)
          if let merge = step.merge {
            report.add(merge, skipped: step.skipped)
            try saveInStore(merge.results, exported: exported, readingAll: true)
            exported.apply(merge.results)
          }
          state = exported
        }
      }
      if let remoteCommit = branch.commit, step.merge != nil {
        step = try await mergeAttachments(
          git, local: local.commit, remote: remoteCommit, step: step, report: &report)
      }
      if let merged = step.commit, merged != local.commit {
        try await git.check(
          ["update-ref", "refs/heads/main", merged] + (local.commit.map { [$0] } ?? []))
        recordMark(merged, journalThrough: journal?.position)
        if let saved, let position = journalPosition(holdingOnly: saved) {
          recordMark(merged, journalThrough: position)
        }
      }
      local = LocalCommit(commit: step.commit, tree: step.tree)
      guard let merged = step.commit, merged != branch.commit else {
        await finish(git, report)
        return
      }
      try Task.checkCancellation()
      await progress(.pushing(attempt: attempt))
      if try await push(git, origin, merged, to: branch.name, remote: remote) {
        report.outgoing = try await changedFiles(git, from: branch.commit, to: merged)
        report.pushed = true
        if branch.pointsHead { await pointHead(of: origin, at: branch.name) }
        await finish(git, report)
        return
      }
    }
    throw SyncError.remoteKeptMoving(remote: remote)
  }

  // MARK: - The store's mark

  /// The store's sync marks, where it keeps them (see ``FieldNotesServices/SyncMarking``).
  private var marks: (any SyncMarking)? { repository as? any SyncMarking }

  /// Forgets the folder's last commit when the store doesn't descend from it.
  ///
  /// That is a new store beside an old sync folder, or a store restored from a backup: it then
  /// syncs as one new to the remote: its notes merge with the remote's with no common base, and nothing it lacks
  /// is taken for deleted here, nor anything older it holds for an edit. A store from before
  /// marks (none) is trusted, as it always was.
  private func startAfreshUnlessTheStoreIsTheFolders(_ git: GitProcess) async throws {
    guard let marks, let mark = try marks.syncMark(),
      let head = try await revision(git, "refs/heads/main"), mark != head
    else { return }
    try await git.check(["update-ref", "-d", "refs/heads/main", head])
  }

  /// Records that the store's notes now descend from a commit of the folder, emptying the
  /// store's journal up to where this sync read it.
  ///
  /// A mark that can't be written only makes the next sync start afresh, which loses nothing:
  /// the sync goes on.
  private func recordMark(_ commit: String?, journalThrough position: Int?) {
    guard let marks, let commit else { return }
    if let position, let journaling = repository as? any SyncJournaling {
      try? journaling.recordSyncMark(commit, journalThrough: position)
    } else {
      try? marks.recordSyncMark(commit)
    }
  }

  /// Records what a sync did, after letting git tidy the repository if it needs to (packing
  /// loose objects), with none of the user's configuration.
  ///
  /// `git gc --auto` runs only when ``mayNeedTidying(_:)`` says it could find work: most syncs
  /// leave one pack more and no loose object, and the process would only look and stop.
  private func finish(_ git: GitProcess, _ report: SyncReport) async {
    if Self.mayNeedTidying(gitDirectory) { _ = try? await git.run(["gc", "--auto", "--quiet"]) }
    lastReport = report
  }

  /// Whether `git gc --auto` could find work in a repository, judged below git's own default
  /// limits and the way git judges them, which hold here: FieldNotes' commands read no
  /// configuration but the repository's, and nothing sets them there.
  ///
  /// Git counts the loose objects of one of the 256 folders, `objects/17`, against a 256th of
  /// `gc.auto` (6,700: 27), and the packs against `gc.autoPackLimit` (50). Here 20 and 40 are
  /// the bounds, so `gc --auto` still runs, and decides, whenever git's would act.
  ///
  /// - Parameter gitDirectory: The repository's git folder.
  /// - Returns: `true` when loose objects or packs come near git's limits, or can't be counted.
  static func mayNeedTidying(_ gitDirectory: String) -> Bool {
    let files = FileManager.default
    let objects = gitDirectory + "/objects"
    let loose = (try? files.contentsOfDirectory(atPath: objects + "/17"))?.count ?? 0
    guard let packs = try? files.contentsOfDirectory(atPath: objects + "/pack") else {
      return true
    }
    return loose > 20 || packs.filter { $0.hasSuffix(".pack") }.count > 40
  }

  // MARK: - The repository

  func git() throws(SyncError) -> GitProcess {
    let now = self.now
    return try GitProcess(
      gitDirectory: gitDirectory, scratchFolder: gitDirectory + "/fieldnotes",
      environment: environment, commitDate: { now() })
  }

  /// Makes the repository where missing, takes its lock, and clears what a killed sync or an
  /// earlier FieldNotes left.
  private func openRepository(_ git: GitProcess) async throws -> SyncLock {
    for path in [repositoryPath, gitDirectory] { try Self.makeDirectory(path) }
    let lock = try await SyncLock.acquire(path: "\(gitDirectory)/fieldnotes.lock")
    do {
      // Only a sync holding the lock runs git here, so a lock file of git's is left over.
      for name in ["index.lock", "HEAD.lock", "config.lock", "packed-refs.lock", "shallow.lock"] {
        unlink("\(gitDirectory)/\(name)")
      }
      Self.removeReferenceLocks(in: gitDirectory + "/refs")
      if !FileManager.default.fileExists(atPath: "\(gitDirectory)/HEAD") {
        try await git.check(["init", "--bare", "--quiet", "--template=", "--initial-branch=main"])
      } else {
        try await removeCheckout(git)
      }
    } catch {
      lock.release()
      throw error
    }
    return lock
  }

  /// Removes the files an earlier FieldNotes checked out beside `.git`, and marks the repository
  /// bare.
  ///
  /// They were its own copies of the notes, rewritten by every sync and now by none: removed, no
  /// stale copy looks current. What they held is in the repository's commits.
  private func removeCheckout(_ git: GitProcess) async throws {
    var removed = false
    for folder in SyncTree.folderNames {
      let path = "\(repositoryPath)/\(folder)"
      var status = stat()
      guard lstat(path, &status) == 0 else { continue }
      // A link is removed, never followed.
      try? FileManager.default.removeItem(atPath: path)
      removed = true
    }
    guard removed || FileManager.default.fileExists(atPath: "\(gitDirectory)/index") else {
      return
    }
    unlink("\(gitDirectory)/index")
    try await git.check(["config", "core.bare", "true"])
  }

  /// Removes the `.lock` files under a folder of references.
  private static func removeReferenceLocks(in folder: String) {
    guard let paths = FileManager.default.enumerator(atPath: folder) else { return }
    while let path = paths.nextObject() as? String {
      if path.hasSuffix(".lock") { unlink("\(folder)/\(path)") }
    }
  }

  /// Creates a folder owner-only, or checks that the one there is a real folder.
  private static func makeDirectory(_ path: String) throws(SyncError) {
    var status = stat()
    if lstat(path, &status) == 0 {
      guard (status.st_mode & S_IFMT) == S_IFDIR else {
        throw .repositoryUnusable(path: path, reason: "it is not a folder")
      }
      return
    }
    guard mkdir(path, 0o700) == 0 || errno == EEXIST else {
      throw .repositoryUnusable(path: path, reason: String(cString: strerror(errno)))
    }
  }

  // MARK: - The store

  /// The store as files, read in one go.
  private func exportStore() throws(SyncError) -> ExportedState {
    let library: NoteLibrary
    do { library = try repository.load() } catch { throw .store(error) }
    return ExportedState(library)
  }

  /// Saves the merge in the store, in one transaction; nothing once the sync is cancelled.
  ///
  /// A note changed here while the sync ran is merged again with the outcome, so that change is
  /// kept too.
  ///
  /// - Parameters:
  ///   - results: The files the merge changed.
  ///   - exported: This store's files the merge read.
  ///   - readingAll: Whether the transaction reads the whole library, as a merge that read it
  ///     does; otherwise it reads only the notes and notebooks of the results (from a store that
  ///     keeps a journal).
  /// - Throws: ``SyncError/store(_:)`` when the store can't save it, `CancellationError`.
  private func saveInStore(
    _ results: [SyncDocument.Kind: Data?], exported: ExportedState, readingAll: Bool
  ) throws {
    guard !results.isEmpty else { return }
    try Task.checkCancellation()
    let timeZone = self.timeZone
    let deletedAt = now()
    var isCancelled = false
    func changes(_ current: JournaledItems) -> [RepositoryChange] {
      let changes = StoreChanges(
        results: results, exported: exported, current: current, timeZone: timeZone,
        deletedAt: deletedAt)
      isCancelled = changes.isCancelled
      return changes.changes
    }
    do throws(RepositoryError) {
      if !readingAll, let journaling = repository as? any SyncJournaling {
        var noteIDs = Set<UUID>()
        var notebookIDs = Set<UUID>()
        for kind in results.keys {
          switch kind {
          case .note(let id): noteIDs.insert(id)
          case .notebook(let id): notebookIDs.insert(id)
          }
        }
        try journaling.update(noteIDs: noteIDs, notebookIDs: notebookIDs) { changes($0) }
      } else {
        try repository.update { library in
          changes(
            JournaledItems(
              notes: library.notes,
              unreadableNoteIDs: Set(library.unreadableNotes.compactMap(\.id)),
              notebooks: library.notebooks))
        }
      }
    } catch {
      throw SyncError.store(error)
    }
    if isCancelled { throw CancellationError() }
  }
}

/// The store's notes as the repository's files, with what the merge needs alongside.
struct ExportedState {
  var library: NoteLibrary
  var documents: [SyncDocument.Kind: Data] = [:]
  let protected: Set<UUID>

  /// The library's files.
  ///
  /// - Parameters:
  ///   - library: The store's notes and notebooks: all of them, or those a merge reads.
  ///   - protected: The notes the store can't read; by default, the library's.
  init(_ library: NoteLibrary, protected: Set<UUID>? = nil) {
    self.library = library
    self.protected = protected ?? Set(library.unreadableNotes.compactMap(\.id))
    for notebook in library.notebooks {
      documents[.notebook(notebook.id)] = SyncDocument.data(of: notebook)
    }
    for note in library.notes { documents[.note(note.id)] = SyncDocument.data(of: note) }
  }

  /// Takes in a merge's outcome.
  mutating func apply(_ results: [SyncDocument.Kind: Data?]) {
    var notes = Dictionary(library.notes.map { ($0.id, $0) }) { first, _ in first }
    var notebooks = Dictionary(library.notebooks.map { ($0.id, $0) }) { first, _ in first }
    for (kind, data) in results {
      documents[kind] = data
      switch kind {
      case .note(let id): notes[id] = data.flatMap { try? SyncDocument.note(from: $0, id: id) }
      case .notebook(let id):
        notebooks[id] = data.flatMap { try? SyncDocument.notebook(from: $0, id: id) }
      }
    }
    library.notes = Array(notes.values)
    library.notebooks = Array(notebooks.values)
  }
}
