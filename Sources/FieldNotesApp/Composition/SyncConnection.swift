import FieldNotesServices
import FieldNotesServicesLive
import Foundation

/// The syncer the store is given: the sync folder's syncer once a folder is set (by
/// `--sync-folder` or `sync folder PATH`), the seed's no-op syncer until then, wrapped in the
/// network profile when one was chosen.
actor SyncConnection: NoteSyncing {
  private let repository: any NoteRepository
  private let baseLocation: @Sendable (String) -> SyncBaseLocation
  private let profile: NetworkProfileSyncer.Profile?
  private let seed: UInt64
  private let now: DateProvider
  private let ids: IDGenerator
  private let timeZone: TimeZone
  private var folderSyncer: FolderNoteSyncer?
  private var current: any NoteSyncing

  init(
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
  var folderPath: String? { folderSyncer?.folderPath }

  /// What the last sync through the folder did.
  var lastReport: SyncReport? {
    get async { await folderSyncer?.lastReport }
  }

  /// Syncs with this folder from now on.
  func useFolder(_ path: String) {
    let syncer = FolderNoteSyncer(
      folder: path, repository: repository, baseLocation: baseLocation(path), now: now, ids: ids,
      timeZone: timeZone)
    folderSyncer = syncer
    current = Self.wrap(syncer, profile: profile, seed: seed)
  }

  func sync() async throws {
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
