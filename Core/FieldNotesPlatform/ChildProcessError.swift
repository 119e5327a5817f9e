import Foundation

/// Why a child process could not be started.
public enum ChildProcessError: Error, Equatable, LocalizedError {
  /// There is no such program, at its path or on `PATH`.
  case notFound(program: String)
  /// The system refused to start it.
  case cannotStart(program: String, reason: String)
  /// A pipe for one of its standard streams could not be made.
  case cannotMakePipe(reason: String)
  /// The system has no way to start a child in another folder.
  case cannotChangeFolder(String)

  /// A message for the user.
  public var errorDescription: String? {
    switch self {
    case .notFound(let program): "\(program) was not found on PATH"
    case .cannotStart(let program, let reason): "\(program) could not be started: \(reason)"
    case .cannotMakePipe(let reason): "a pipe could not be made: \(reason)"
    case .cannotChangeFolder(let folder):
      "this system can't start a program in \(folder): it has no posix_spawn_file_actions_addchdir"
    }
  }
}
