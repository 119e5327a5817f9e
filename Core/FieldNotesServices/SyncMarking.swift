/// A store that remembers which commit of its sync repository its notes were last made to
/// match: its sync mark.
///
/// A sync folder is kept beside its store (`notes.sqlite.sync`), and a sync takes a note the
/// folder's last commit holds and the store doesn't for one deleted here. That holds only for
/// the store the folder synced: beside a new store (the old one removed) or one restored from
/// a backup, it would delete those notes on every machine. The mark tells them apart: a sync
/// whose store's mark isn't the folder's last commit syncs the store as one new to the remote,
/// its notes merged with the remote's with no common base, so nothing it lacks is deleted and
/// nothing older it holds is taken for an edit.
public protocol SyncMarking: Sendable {
  /// The store's sync mark: the name of a commit; ``SyncMark/neverSynced`` for a store made
  /// since FieldNotes keeps marks and never synced; `nil` for a store from before marks, which
  /// is trusted to be the one its folder synced, as it always was.
  ///
  /// - Returns: The mark.
  /// - Throws: ``RepositoryError`` when it can't be read.
  func syncMark() throws(RepositoryError) -> String?

  /// Records that the store's notes now descend from a commit: written by a sync once the store
  /// holds what the commit holds (or more, written since).
  ///
  /// - Parameter commit: The commit's name.
  /// - Throws: ``RepositoryError`` when it can't be written; the next sync then syncs the
  ///   store as new to the remote, which loses nothing.
  func recordSyncMark(_ commit: String) throws(RepositoryError)
}

/// The marks a ``SyncMarking`` store may hold besides a commit's name.
public enum SyncMark {
  /// The mark of a store that has never synced: a new store.
  public static let neverSynced = "never-synced"
}
