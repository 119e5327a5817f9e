import FieldNotesServices
import Foundation

/// Why a sync did not complete.
public enum SyncError: Error, Hashable, LocalizedError {
  /// The sync folder can't be read or created.
  case folderUnavailable(path: String, reason: String)
  /// The sync folder is laid out in a way that could make FieldNotes write outside it.
  case unsafeFolder(path: String, reason: String)
  /// A file in the sync folder could not be written; the sync can simply be run again.
  case writeFailed(path: String, reason: String)
  /// The local store could not be read or written.
  case store(RepositoryError)
  /// The network profile in use made the sync fail (`--network-profile flaky|offline`).
  case networkUnavailable

  /// A message for the user.
  public var errorDescription: String? {
    switch self {
    case .folderUnavailable(let path, let reason):
      "The sync folder \(path) can't be used: \(reason)."
    case .unsafeFolder(let path, let reason):
      "The sync folder \(path) is not safe to use: \(reason)."
    case .writeFailed(let path, let reason):
      "Could not write \(path): \(reason). Nothing was lost; sync again to finish."
    case .store(let error):
      error.errorDescription
    case .networkUnavailable:
      "The network is unavailable (network profile); nothing was synced."
    }
  }
}
