import FieldNotesServices
import Foundation

/// The syncer the store is given: the sync folder's syncer once a folder is set (by
/// `--sync-folder` or `sync folder PATH`), the seed's no-op syncer until then, wrapped in the
/// network profile when one was chosen.
public actor SyncConnection: NoteSyncing {
  private let repository: any NoteRepository
  private let baseLocation: @Sendable (String) -> SyncBaseLocation
  private let profile: NetworkProfileSyncer.Profile?
  private let seed: UInt64
  private let now: DateProvider
  private let ids: IDGenerator
  private let timeZone: TimeZone
  private var folderSyncer: FolderNoteSyncer?
  private var current: any NoteSyncing

  /// Creates the connection, syncing with a folder if one is given.
  ///
  /// - Parameters:
  ///   - repository: The store's repository, which the folder syncer reads and writes.
  ///   - baseLocation: Where the last synced state of a folder is kept.
  ///   - profile: The simulated network to go through, or `nil` for none.
  ///   - seed: The seed of the flaky network profile.
  ///   - now: The date source.
  ///   - ids: The identifier source.
  ///   - timeZone: The time zone of dates in conflict copies.
  ///   - folder: The sync folder, or `nil` until one is set.
  public init(
    repository: any NoteRepository, baseLocation: @escaping @Sendable (String) -> SyncBaseLocation,
    profile: NetworkProfileSyncer.Profile?, seed: UInt64, now: DateProvider, ids: IDGenerator,
    timeZone: TimeZone, folder: String?
  ) {
    self.repository = repository
    self.baseLocation = baseLocation
    self.profile = profile
    self.seed = seed
    self.now = now
    self.ids = ids
    self.timeZone = timeZone
    if let folder {
      let syncer = FolderNoteSyncer(
        folder: folder, repository: repository, baseLocation: baseLocation(folder), now: now,
        ids: ids, timeZone: timeZone)
      self.folderSyncer = syncer
      self.current = Self.wrap(syncer, profile: profile, seed: seed)
    } else {
      self.current = Self.wrap(NoOpNoteSyncer(), profile: profile, seed: seed)
    }
  }

  /// The sync folder, if one is set.
  public var folderPath: String? { folderSyncer?.folderPath }

  /// What the last sync through the folder did.
  public var lastReport: SyncReport? {
    get async { await folderSyncer?.lastReport }
  }

  /// Syncs with this folder from now on.
  ///
  /// - Parameter path: The sync folder.
  public func useFolder(_ path: String) {
    let syncer = FolderNoteSyncer(
      folder: path, repository: repository, baseLocation: baseLocation(path), now: now, ids: ids,
      timeZone: timeZone)
    folderSyncer = syncer
    current = Self.wrap(syncer, profile: profile, seed: seed)
  }

  /// Syncs through the folder (and the network profile), or does nothing while no folder is
  /// set.
  ///
  /// - Throws: The syncer's error.
  public func sync() async throws {
    try await current.sync()
  }

  private static func wrap(
    _ syncer: any NoteSyncing, profile: NetworkProfileSyncer.Profile?, seed: UInt64
  ) -> any NoteSyncing {
    guard let profile else { return syncer }
    return NetworkProfileSyncer(
      wrapping: syncer, profile: profile, seed: seed, clock: ContinuousClock())
  }
}
