import FieldNotesServices
import Foundation

/// The syncer the store is given: the store's git syncer, wrapped in the network profile when
/// one was chosen.
///
/// The remote is remembered in the store's sync repository, so it is set once (`--sync-remote`,
/// `sync remote URL`) and used by every later session of that store.
public actor SyncConnection: NoteSyncing {
  private let syncer: GitNoteSyncer
  private let current: any NoteSyncing
  /// Where each step of a sync is shown: a session sets what prints it.
  public nonisolated let progress: SyncProgressRelay

  /// Creates the connection.
  ///
  /// - Parameters:
  ///   - repository: The store's repository, which the syncer reads and writes.
  ///   - repositoryPath: The store's sync repository (see ``GitNoteSyncer``).
  ///   - network: The simulated network to go through, or `nil` for none.
  ///   - now: Where commits get their dates.
  ///   - timeZone: The time zone of dates in conflict copies.
  public init(
    repository: any NoteRepository, repositoryPath: String,
    network: NetworkSimulation?, now: DateProvider, timeZone: TimeZone
  ) {
    let progress = SyncProgressRelay()
    let syncer = GitNoteSyncer(
      repositoryPath: repositoryPath, repository: repository, now: now, timeZone: timeZone,
      progress: { phase in await progress.show(phase.description) })
    self.progress = progress
    self.syncer = syncer
    self.current =
      network.map {
        NetworkProfileSyncer(
          wrapping: syncer, profile: $0.profile, seed: $0.seed, clock: ContinuousClock())
      } ?? syncer
  }

  /// The remote, if one is set.
  ///
  /// - Throws: ``SyncError`` when the sync repository can't be read.
  public func remote() async throws -> String? { try await syncer.remote() }

  /// Syncs with this remote from now on, or with none.
  ///
  /// - Parameter url: The remote: a path to a bare repository (made absolute here), or any URL
  ///   git accepts; `nil` for none.
  /// - Throws: ``SyncError`` when the sync repository can't be written.
  public func setRemote(_ url: String?) async throws {
    try await syncer.setRemote(url.map(Self.resolved))
  }

  /// Remembers a remote (making the bare repository a ``SyncRemote/bareRepository(_:)`` names,
  /// if missing), unless it is the one remembered already; or, given `nil`, forgets it.
  ///
  /// - Parameter remote: The remote, or `nil` for none.
  /// - Returns: The remote now used, as git is given it.
  /// - Throws: ``SyncError`` when the sync repository can't be written or the bare repository
  ///   can't be made.
  @discardableResult
  public func use(_ remote: SyncRemote?) async throws -> String? {
    let url: String? =
      switch remote {
      case .url(let url)?: Self.resolved(url)
      case .bareRepository(let path)?: try await Self.bareRepository(at: path)
      case nil: nil
      }
    if try await self.remote() != url { try await syncer.setRemote(url) }
    return url
  }

  /// What the last sync did.
  public var lastReport: SyncReport? {
    get async { await syncer.lastReport }
  }

  /// Syncs through the remote (and the network profile).
  ///
  /// - Throws: The syncer's error.
  public func sync() async throws {
    try await current.sync()
  }

  /// A local path made absolute (git would read a relative one from inside the sync
  /// repository); a URL as given.
  ///
  /// A remote is a URL when it has a scheme (`ssh://`, `https://`, `file://`) or is written the
  /// way scp writes a host (`host:path`, with the colon before any slash).
  ///
  /// - Parameter remote: The remote as given.
  /// - Returns: The remote as git should be given it.
  public static func resolved(_ remote: String) -> String {
    if remote.contains("://") { return remote }
    if let colon = remote.firstIndex(of: ":"),
      !remote[..<colon].contains("/"), !remote.hasPrefix(".")
    {
      return remote
    }
    let expanded = (remote as NSString).expandingTildeInPath
    let absolute =
      expanded.hasPrefix("/")
      ? expanded : FileManager.default.currentDirectoryPath + "/" + expanded
    return (absolute as NSString).standardizingPath
  }

  /// Makes a bare repository at a path to sync through, unless one is there already: what
  /// `--sync-folder PATH` does.
  ///
  /// - Parameter path: The folder.
  /// - Returns: The remote to use: the folder's absolute path.
  /// - Throws: ``SyncError`` when the folder holds something other than a git repository, or
  ///   git is missing.
  public static func bareRepository(at path: String) async throws -> String {
    let folder = resolved(path)
    var isFolder: ObjCBool = false
    if FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder) {
      guard isFolder.boolValue else {
        throw SyncError.repositoryUnusable(path: folder, reason: "it is a file, not a folder")
      }
      let contents = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
      if contents.isEmpty {
        try await GitProcess.initializeBare(at: folder)
      } else if !FileManager.default.fileExists(atPath: folder + "/HEAD")
        || !FileManager.default.fileExists(atPath: folder + "/objects")
      {
        throw SyncError.repositoryUnusable(
          path: folder,
          reason: "it holds files but is not a git repository (give a new or empty folder)")
      }
    } else {
      // Made aside and moved into place in one step, so two stores starting at once with the
      // same new folder don't both write into it: the second move fails and finds the first.
      let aside = "\(folder).fieldnotes-\(UUID().uuidString)"
      defer { try? FileManager.default.removeItem(atPath: aside) }
      try await GitProcess.initializeBare(at: aside)
      if rename(aside, folder) != 0, !FileManager.default.fileExists(atPath: folder + "/HEAD") {
        throw SyncError.repositoryUnusable(path: folder, reason: String(cString: strerror(errno)))
      }
    }
    return folder
  }
}

/// Passes the steps of a sync, reported on the syncer's actor, to whatever prints them on the
/// main actor.
@MainActor
public final class SyncProgressRelay {
  /// Prints a step; `nil` until a session sets it.
  public var print: ((String) -> Void)?

  /// Creates a relay that shows nothing yet.
  nonisolated public init() {}

  /// Shows a step, if anything prints them.
  ///
  /// - Parameter line: The step, as a line for the user.
  public func show(_ line: String) {
    print?(line)
  }
}
