import FieldNotesModel
import FieldNotesServices
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The live ``FieldNotesServices/NoteSyncing``: sync through git, with any remote git accepts (a
/// bare repository on a shared disk, `ssh://`, `https://`).
///
/// Each store has a working repository beside it, owner-only, holding one Markdown file per
/// note and per notebook (see ``SyncDocument``). A sync:
/// 1. writes the store's notes into the repository and commits what changed;
/// 2. fetches the remote's `main`;
/// 3. merges the two three-way, against the commit both last agreed on (see ``SyncMerge``),
///    and saves the outcome in the store in one transaction;
/// 4. pushes; a push the remote rejects because it moved meanwhile goes back to 2, a few times.
///
/// Interrupted anywhere, even killed, a sync loses nothing and leaves nothing twice: the store
/// and the repository change in single steps (one transaction, one reference update), and
/// running it again redoes whatever was not finished — a conflict copy gets the same identifier
/// every time it is made.
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

  /// How many times a push the remote rejected is retried after merging again.
  public static let maximumPushAttempts = 5

  /// The working repository.
  public nonisolated let repositoryPath: String
  /// What the last sync did.
  public private(set) var lastReport: SyncReport?

  private let repository: any NoteRepository
  private let now: DateProvider
  private let timeZone: TimeZone
  private let environment: [String: String]
  private let progress: @Sendable (Phase) async -> Void

  /// Creates a syncer.
  ///
  /// - Parameters:
  ///   - repositoryPath: The working repository, created (owner-only) if missing; a relative
  ///     path is taken from the current folder.
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

  // MARK: - The remote

  /// The remote this store syncs with, remembered in its repository.
  ///
  /// - Returns: The remote's URL, or `nil` when none is set.
  /// - Throws: ``SyncError`` when the repository can't be used.
  public func remote() async throws -> String? {
    guard FileManager.default.fileExists(atPath: "\(repositoryPath)/.git/HEAD") else { return nil }
    let git = try git()
    let output = try await git.run(["config", "--get", "remote.origin.url"])
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
    let git = try git()
    let lock = try await openRepository(git)
    defer { lock.release() }
    guard let remote = try await remote() else { throw SyncError.noRemote }
    await progress(.committing)
    var state = try exportStore()
    try writeWorkingTree(state)
    var local = try await commitLocalChanges(git)
    var report = SyncReport()
    for attempt in 1...Self.maximumPushAttempts {
      await progress(.fetching(remote: remote))
      let theirs = try await fetch(git, remote: remote)
      await progress(.merging)
      let step = try await merge(git, local: local, remote: theirs, state: state)
      if let merge = step.merge {
        report.incoming += merge.incomingCount
        report.merged += merge.mergedCount
        report.conflicts += merge.conflictCount
        report.skipped += step.skipped + merge.skipped
        try saveInStore(merge.results, exported: state)
        state.apply(merge.results)
      }
      if let merged = step.commit, merged != local {
        try await git.check(["update-ref", "refs/heads/main", merged])
      }
      local = step.commit
      guard let merged = step.commit, merged != theirs else {
        lastReport = report
        return
      }
      try Task.checkCancellation()
      await progress(.pushing(attempt: attempt))
      if try await push(git, merged, remote: remote) {
        report.outgoing = try await changedFiles(git, from: theirs, to: merged)
        lastReport = report
        return
      }
      // Another store pushed first; let it finish before fetching its work.
      try await Task.sleep(for: .milliseconds(20 * attempt))
    }
    throw SyncError.remoteKeptMoving(remote: remote)
  }

  // MARK: - The working repository

  private func git() throws(SyncError) -> GitProcess {
    let now = self.now
    return try GitProcess(
      workTree: repositoryPath, environment: environment, commitDate: { now() })
  }

  /// Makes the repository where missing, takes its lock, and clears what a killed sync left.
  private func openRepository(_ git: GitProcess) async throws -> SyncLock {
    for path in [repositoryPath, "\(repositoryPath)/.git"] { try Self.makeDirectory(path) }
    let lock = try await SyncLock.acquire(path: "\(repositoryPath)/.git/fieldnotes.lock")
    do {
      // Only a sync holding the lock runs git here, so a lock file of git's is left over.
      for name in ["index.lock", "refs/heads/main.lock", "HEAD.lock"] {
        unlink("\(repositoryPath)/.git/\(name)")
      }
      if !FileManager.default.fileExists(atPath: "\(repositoryPath)/.git/HEAD") {
        try await git.check(["init", "--quiet"])
        try await git.check(["symbolic-ref", "HEAD", "refs/heads/main"])
      }
    } catch {
      lock.release()
      throw error
    }
    return lock
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

  /// The store as files, read in one go.
  private func exportStore() throws(SyncError) -> ExportedState {
    let library: NoteLibrary
    do { library = try repository.load() } catch { throw .store(error) }
    return ExportedState(library)
  }

  /// Makes the repository's folders hold exactly the store's files (and, untouched, those of
  /// notes the store could not read).
  private func writeWorkingTree(_ state: ExportedState) throws(SyncError) {
    for folder in [SyncDocument.notesFolder, SyncDocument.notebooksFolder] {
      let path = "\(repositoryPath)/\(folder)"
      try Self.makeDirectory(path)
      let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
      for name in names {
        let kind = SyncDocument.kind(ofPath: "\(folder)/\(name)")
        if let kind, state.documents[kind] != nil { continue }
        if case .note(let id)? = kind, state.protected.contains(id) { continue }
        try? FileManager.default.removeItem(atPath: "\(path)/\(name)")
      }
    }
    for (kind, data) in state.documents { try writeFile(SyncDocument.path(kind), data) }
  }

  /// Writes a file of the repository unless it already holds `data`; never through a link.
  private func writeFile(_ relativePath: String, _ data: Data?) throws(SyncError) {
    let path = "\(repositoryPath)/\(relativePath)"
    var status = stat()
    let exists = lstat(path, &status) == 0
    if exists, (status.st_mode & S_IFMT) == S_IFREG, let data, Int(status.st_size) == data.count,
      (try? AtomicFile.read(path, limit: data.count)) == data
    {
      return
    }
    if exists { try? FileManager.default.removeItem(atPath: path) }
    guard let data else { return }
    let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else {
      throw .repositoryUnusable(path: path, reason: String(cString: strerror(errno)))
    }
    defer { close(descriptor) }
    let written = data.withUnsafeBytes { buffer -> Bool in
      guard let start = buffer.baseAddress else { return true }
      var offset = 0
      while offset < buffer.count {
        let count = write(descriptor, start + offset, buffer.count - offset)
        if count < 0, errno == EINTR { continue }
        guard count > 0 else { return false }
        offset += count
      }
      return true
    }
    guard written else {
      throw .repositoryUnusable(path: path, reason: String(cString: strerror(errno)))
    }
  }

  /// Commits the repository's folders if they changed.
  ///
  /// - Returns: The commit that holds the store's notes, or `nil` while there is nothing at all.
  private func commitLocalChanges(_ git: GitProcess) async throws -> String? {
    try await git.check(["add", "-A", "--", SyncDocument.notesFolder, SyncDocument.notebooksFolder])
    let tree = try await git.check(["write-tree"]).text.trimmingCharacters(in: .newlines)
    let head = try await revision(git, "refs/heads/main")
    if let head, try await revision(git, "\(head)^{tree}") == tree { return head }
    if head == nil, tree == Self.emptyTree { return nil }
    let commit = try await git.check(
      ["commit-tree", tree, "-m", "FieldNotes: changes made here"]
        + (head.map { ["-p", $0] } ?? [])
    ).text.trimmingCharacters(in: .newlines)
    try await git.check(["update-ref", "refs/heads/main", commit] + (head.map { [$0] } ?? []))
    return commit
  }

  /// The tree with nothing in it, which git knows without storing it.
  private static let emptyTree = "4b825dc642cb6eb9a060e54bf8d69288fbee4904"

  private func revision(_ git: GitProcess, _ name: String) async throws -> String? {
    let output = try await git.run(["rev-parse", "--verify", "--quiet", name])
    return output.status == 0 ? output.text.trimmingCharacters(in: .newlines) : nil
  }

  // MARK: - Talking to the remote

  /// Fetches the remote's `main`.
  ///
  /// - Returns: Its commit, or `nil` when the remote has none yet.
  private func fetch(_ git: GitProcess, remote: String) async throws -> String? {
    let listing = try await git.run(["ls-remote", "--heads", "origin", "refs/heads/main"])
    guard listing.status == 0 else {
      throw SyncError.remoteUnreachable(remote: remote, reason: listing.reason)
    }
    guard !listing.text.isEmpty else { return nil }
    let fetched = try await git.run([
      "fetch", "--quiet", "--no-tags", "--no-write-fetch-head", "origin",
      "+refs/heads/main:refs/remotes/origin/main",
    ])
    guard fetched.status == 0 else {
      throw SyncError.remoteUnreachable(remote: remote, reason: fetched.reason)
    }
    return try await revision(git, "refs/remotes/origin/main")
  }

  /// Pushes a commit to the remote's `main`.
  ///
  /// - Returns: `false` when the remote moved since the fetch and rejected it.
  private func push(_ git: GitProcess, _ commit: String, remote: String) async throws -> Bool {
    let output = try await git.run(["push", "--porcelain", "origin", "\(commit):refs/heads/main"])
    if output.status == 0 { return true }
    // Lost the race: the remote moved since the fetch, or moved while it took this push.
    let said = output.text + output.errors
    let lostRace = [
      "[rejected]", "fetch first", "non-fast-forward", "stale info", "cannot lock ref",
      "failed to update ref",
    ]
    if lostRace.contains(where: said.contains) { return false }
    throw SyncError.remoteUnreachable(remote: remote, reason: output.reason)
  }

  // MARK: - Merging

  /// What merging with the remote gave.
  private struct MergeStep {
    /// The commit holding the merged notes, or `nil` while there are none anywhere.
    var commit: String?
    /// The merge, when the remote had changes to merge.
    var merge: SyncMerge?
    /// The remote's entries that are not FieldNotes files.
    var skipped: [String] = []
  }

  private func merge(
    _ git: GitProcess, local: String?, remote: String?, state: ExportedState
  ) async throws -> MergeStep {
    guard let remote else { return MergeStep(commit: local) }
    if let local, try await isAncestor(git, remote, of: local) { return MergeStep(commit: local) }
    var base: String?
    if let local { base = try await mergeBase(git, local, remote) }
    let (incoming, skipped) = try await incomingFiles(git, from: base, to: remote)
    let merge = SyncMerge(
      ours: state.documents, library: state.library, incoming: incoming,
      protected: state.protected, timeZone: timeZone)
    for (kind, data) in merge.results { try writeFile(SyncDocument.path(kind), data) }
    // The merged tree: the remote's, with the notes' folders as merged here.
    try await git.check(["read-tree", remote])
    try await git.check(["add", "-A", "--", SyncDocument.notesFolder, SyncDocument.notebooksFolder])
    let tree = try await git.check(["write-tree"]).text.trimmingCharacters(in: .newlines)
    let fastForward: Bool =
      if let local { try await isAncestor(git, local, of: remote) } else { true }
    if fastForward, try await revision(git, "\(remote)^{tree}") == tree {
      return MergeStep(commit: remote, merge: merge, skipped: skipped)
    }
    let parents = (fastForward ? [remote] : [local, remote].compactMap { $0 }).flatMap {
      ["-p", $0]
    }
    let message =
      fastForward ? "FieldNotes: leave out what could not be read" : "FieldNotes: merge"
    let commit = try await git.check(["commit-tree", tree, "-m", message] + parents).text
      .trimmingCharacters(in: .newlines)
    return MergeStep(commit: commit, merge: merge, skipped: skipped)
  }

  private func isAncestor(_ git: GitProcess, _ ancestor: String, of commit: String) async throws
    -> Bool
  {
    let output = try await git.run(["merge-base", "--is-ancestor", ancestor, commit])
    guard output.status <= 1 else {
      throw SyncError.gitFailed(command: "merge-base", reason: output.reason)
    }
    return output.status == 0
  }

  private func mergeBase(_ git: GitProcess, _ first: String, _ second: String) async throws
    -> String?
  {
    let output = try await git.run(["merge-base", first, second])
    return output.status == 0 ? output.text.trimmingCharacters(in: .newlines) : nil
  }

  /// The files the remote changed since the base, with both versions, and the entries skipped.
  private func incomingFiles(_ git: GitProcess, from base: String?, to remote: String)
    async throws -> ([SyncDocument.Kind: SyncMerge.Incoming], [String])
  {
    let changes = try await GitTreeChange.list(git, from: base ?? Self.emptyTree, to: remote)
    var skipped: [String] = []
    var wanted: [(SyncDocument.Kind, base: String?, theirs: String?)] = []
    for change in changes {
      let folder = change.path.split(separator: "/").first.map(String.init)
      guard folder == SyncDocument.notesFolder || folder == SyncDocument.notebooksFolder else {
        continue
      }
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
  private func changedFiles(_ git: GitProcess, from old: String?, to new: String) async throws
    -> Int
  {
    try await GitTreeChange.list(git, from: old ?? Self.emptyTree, to: new)
      .filter { SyncDocument.kind(ofPath: $0.path) != nil }.count
  }

  // MARK: - The store

  /// Saves the merge in the store, in one transaction.
  ///
  /// A note changed here while the sync ran is merged again with the outcome, so that change is
  /// kept too.
  private func saveInStore(_ results: [SyncDocument.Kind: Data?], exported: ExportedState)
    throws(SyncError)
  {
    guard !results.isEmpty else { return }
    let timeZone = self.timeZone
    do throws(RepositoryError) {
      try repository.update { current in
        StoreChanges(
          results: results, exported: exported, current: current, timeZone: timeZone
        ).changes
      }
    } catch {
      throw .store(error)
    }
  }
}

/// The store's notes as the repository's files, with what the merge needs alongside.
struct ExportedState {
  var library: NoteLibrary
  var documents: [SyncDocument.Kind: Data] = [:]
  let protected: Set<UUID>

  init(_ library: NoteLibrary) {
    self.library = library
    self.protected = Set(library.unreadableNotes.compactMap(\.id))
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
