import Foundation

/// What both sides agreed on at the end of the last sync: a fingerprint per note and notebook.
///
/// Comparing each side with the base tells which side changed an item since then: only the
/// local side, only the folder, both (a conflict), or neither.
public struct SyncBase: Hashable, Sendable, Codable {
  /// Fingerprints of notes, by identifier.
  public var notes: [UUID: UInt64] = [:]
  /// Fingerprints of notebooks, by identifier.
  public var notebooks: [UUID: UInt64] = [:]

  /// Creates an empty base: nothing synced yet.
  public init() {}
}

/// Where a syncer keeps its ``SyncBase`` between syncs.
public enum SyncBaseLocation: Hashable, Sendable {
  /// In a file (written atomically, owner-only), typically beside the store.
  case file(String)
  /// In memory, for a store that is itself in memory.
  case memory

  /// A file beside a store, named for the sync folder, so a store that has synced with two
  /// folders keeps a base for each.
  ///
  /// - Parameters:
  ///   - store: The store file's path.
  ///   - folder: The sync folder's path.
  /// - Returns: `.file` at `STORE.sync-HASH.json`.
  public static func file(besideStore store: String, forFolder folder: String) -> SyncBaseLocation {
    .file("\(store).sync-\(String(Fingerprint.of(bytes: folder.utf8), radix: 16)).json")
  }
}
