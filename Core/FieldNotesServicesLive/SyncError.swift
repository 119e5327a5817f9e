import FieldNotesServices
import Foundation

/// Why a sync did not complete.
///
/// Whatever the reason, nothing was lost: the store holds every note it held, and syncing
/// again finishes the job.
public enum SyncError: Error, Hashable, LocalizedError {
  /// No remote is set.
  case noRemote
  /// The remote given can't be used as one (it would read as an option to git).
  case invalidRemote(String)
  /// There is no `git` on `PATH`.
  case gitMissing
  /// The remote could not be reached or read; nothing here changed.
  case remoteUnreachable(remote: String, reason: String)
  /// The remote moved every time this sync tried to push.
  case remoteKeptMoving(remote: String)
  /// The remote was reached but refused the push, for a reason other than another store
  /// pushing first; this store keeps its notes.
  case pushRefused(remote: String, reason: String)
  /// Another sync of this store is running.
  case busy
  /// The store's working repository can't be used.
  case repositoryUnusable(path: String, reason: String)
  /// A git command failed.
  case gitFailed(command: String, reason: String)
  /// The local store could not be read or written.
  case store(RepositoryError)
  /// The network profile in use made the sync fail (`--network-profile flaky|offline`).
  case networkUnavailable
  /// The remote holds something other than a folder (a file, a link) under the name of one of
  /// FieldNotes' folders, `notes` or `notebooks`, which a sync would have to replace.
  case folderNameTaken(String)

  /// A message for the user.
  public var errorDescription: String? {
    switch self {
    case .noRemote:
      "No sync remote is set: `sync remote URL` sets one (a path to a bare git repository, or any URL git accepts)."
    case .invalidRemote(let remote):
      "\(remote) can't be a sync remote: it starts with '-'; give a path, or a URL such as ssh://host/notes.git."
    case .gitMissing:
      "Syncing needs git, and there is no `git` on PATH; install git and sync again."
    case .remoteUnreachable(let remote, let reason):
      "Could not reach the sync remote \(remote) (git: \(reason)); nothing here changed."
    case .remoteKeptMoving(let remote):
      "The sync remote \(remote) kept changing while this sync pushed; sync again."
    case .pushRefused(let remote, let reason):
      "The sync remote \(remote) refused this store's changes (git: \(reason)); they are kept here, and a sync sends them once the remote takes them."
    case .busy:
      "Another sync of this store is running; sync again when it ends."
    case .repositoryUnusable(let path, let reason):
      "The sync repository \(path) can't be used: \(reason)."
    case .gitFailed(let command, let reason):
      "git \(command) failed: \(reason). Nothing was lost; sync again to finish."
    case .store(let error):
      error.errorDescription
    case .networkUnavailable:
      "The network is unavailable (network profile); nothing was synced."
    case .folderNameTaken(let name):
      "The sync remote holds a file named “\(name)” where FieldNotes keeps the folder of its \(name); FieldNotes won't replace it. Rename or move it in the remote and sync again; nothing here changed."
    }
  }
}
