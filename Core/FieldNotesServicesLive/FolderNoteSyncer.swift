import FieldNotesModel
import FieldNotesServices
import Foundation

/// The live ``FieldNotesServices/NoteSyncing``: two-way sync with a sync folder — any directory,
/// such as a mounted share, a cloud-drive folder or a git checkout.
///
/// Each note and notebook is one JSON file named after its UUID, and each deletion leaves a
/// tombstone, so several stores syncing through one folder converge to the same content. A sync
/// reads the folder, then plans and applies every local change in one read-modify-write
/// transaction of the repository (no other writer can slip in between), then writes the folder
/// entry by entry (each atomically), then saves the base it will compare against next time.
/// Interrupted anywhere, a sync loses nothing: running it again finishes the job.
public actor FolderNoteSyncer: NoteSyncing {
  /// The sync folder.
  public nonisolated let folderPath: String
  /// What the last sync did.
  public private(set) var lastReport: SyncReport?

  private let folder: SyncFolder
  private let repository: any NoteRepository
  private let baseLocation: SyncBaseLocation
  private var memoryBase = SyncBase()
  private let now: DateProvider
  private let ids: IDGenerator
  private let timeZone: TimeZone

  /// Creates a syncer.
  ///
  /// - Parameters:
  ///   - folder: The sync folder; created if missing.
  ///   - repository: The local store.
  ///   - baseLocation: Where to keep what the last sync agreed on.
  ///   - now: Where tombstones and conflict copies get their dates.
  ///   - ids: Where conflict copies get their identifiers.
  ///   - timeZone: The time zone of the date in conflict copies' titles.
  ///   - writer: How folder entries are written; atomic file writes by default (tests inject
  ///     failures here).
  public init(
    folder: String, repository: any NoteRepository, baseLocation: SyncBaseLocation,
    now: DateProvider = .system, ids: IDGenerator = .random, timeZone: TimeZone = .current,
    writer: @escaping @Sendable (Data, String) throws(AtomicFile.Failure) -> Void = {
      data, path throws(AtomicFile.Failure) in try AtomicFile.write(data, to: path)
    }
  ) {
    self.folderPath = folder
    self.folder = SyncFolder(root: folder, write: writer)
    self.repository = repository
    self.baseLocation = baseLocation
    self.now = now
    self.ids = ids
    self.timeZone = timeZone
  }

  /// Synchronises the local store and the folder both ways.
  ///
  /// - Throws: ``SyncError``, or `CancellationError` when cancelled before anything was
  ///   changed.
  public func sync() async throws {
    try folder.prepare()
    let snapshot = try folder.read()
    let previous = try loadBase()
    try Task.checkCancellation()
    var plan: SyncPlan?
    do {
      try repository.update { local in
        let made = SyncPlan(
          local: local, folder: snapshot, base: previous, now: now(), ids: ids,
          timeZone: timeZone)
        plan = made
        return made.localChanges
      }
    } catch {
      throw SyncError.store(error)
    }
    guard let plan else { return }
    // From here on the local store has changed: finish the folder even if cancelled.
    for change in plan.folderChanges { try folder.apply(change) }
    try saveBase(plan.base)
    lastReport = plan.report
  }

  private func loadBase() throws(SyncError) -> SyncBase {
    switch baseLocation {
    case .memory:
      return memoryBase
    case .file(let path):
      guard FileManager.default.fileExists(atPath: path) else { return SyncBase() }
      do {
        let data = try AtomicFile.read(path, limit: 256 * 1_024 * 1_024)
        return try JSONDecoder().decode(SyncBase.self, from: data)
      } catch {
        // A lost or damaged base only makes the next sync compare more; nothing is lost.
        return SyncBase()
      }
    }
  }

  private func saveBase(_ base: SyncBase) throws(SyncError) {
    switch baseLocation {
    case .memory:
      memoryBase = base
    case .file(let path):
      guard let data = try? JSONEncoder().encode(base) else { return }
      do { try AtomicFile.write(data, to: path) } catch {
        throw .writeFailed(path: error.path, reason: error.reason)
      }
    }
  }
}
