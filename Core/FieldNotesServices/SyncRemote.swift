/// A remote to sync with, as given on the command line or in the REPL.
///
/// It is a value the sync speaks of, so it lives with the sync's protocol (``NoteSyncing``) in
/// the services module, which links neither git nor SQLite: the command line reads `--sync` and
/// `--sync-folder` into one without linking the syncer, which uses it in `FieldNotesServicesLive`.
public enum SyncRemote: Equatable, Sendable {
  /// Anything git accepts: a path to a bare repository, `file://`, `ssh://`, `https://`.
  case url(String)
  /// A bare repository at a path, made if missing (`--sync-folder PATH`).
  case bareRepository(String)
}
