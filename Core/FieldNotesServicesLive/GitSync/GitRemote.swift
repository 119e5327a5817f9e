import Foundation

/// The sync remote as git reaches it: its URLs, after the user's `url.<base>.insteadOf`
/// rewrites, and whether each is a folder on this machine.
///
/// Git reaches a local folder by starting that folder's own git (`receive-pack` for a push,
/// `upload-pack` for a fetch), which reads the folder's hooks and configuration: anyone who can
/// write the folder could make it run anything as the user who syncs. For a local remote,
/// FieldNotes names the program git starts there, with ``GitProcess/remoteSettings``; for ssh
/// and http(s), the server runs its own.
struct GitRemote: Equatable, Sendable {
  /// The URL fetches read from.
  var fetchURL: String
  /// The URL pushes go to.
  var pushURL: String

  /// The remote `origin` of a repository, as git resolves it with the user's configuration.
  ///
  /// - Parameter git: Git in the repository.
  /// - Returns: The remote.
  /// - Throws: ``SyncError/gitFailed(command:reason:)`` when there is no such remote.
  static func origin(_ git: GitProcess) async throws -> GitRemote {
    func url(_ arguments: [String]) async throws -> String {
      try await git.check(
        ["remote", "get-url"] + arguments + ["origin"], configuration: .reachingRemote
      )
      .text.trimmingCharacters(in: .newlines)
    }
    return GitRemote(fetchURL: try await url([]), pushURL: try await url(["--push"]))
  }

  /// The options of a command reading from the remote (`ls-remote`, `fetch`, `clone`): for a
  /// local remote, the `upload-pack` git starts there.
  ///
  /// - Parameter git: The git that runs the command.
  /// - Returns: The options; none for a remote that runs its own.
  func fetchOptions(_ git: GitProcess) -> [String] {
    Self.isLocal(fetchURL) ? ["--upload-pack=" + git.localRemoteCommand("upload-pack")] : []
  }

  /// The options of a push: for a local remote, the `receive-pack` git starts there.
  ///
  /// - Parameter git: The git that pushes.
  /// - Returns: The options; none for a remote that runs its own.
  func pushOptions(_ git: GitProcess) -> [String] {
    Self.isLocal(pushURL) ? ["--receive-pack=" + git.localRemoteCommand("receive-pack")] : []
  }

  /// The folder of a local remote given as a path (not as a `file://` URL), whose `HEAD`
  /// FieldNotes may set.
  var localFolder: String? {
    Self.isLocal(pushURL) && pushURL.hasPrefix("/") && pushURL == fetchURL ? pushURL : nil
  }

  /// Whether git reaches a URL as a folder on this machine (a path, or `file://`), rather than
  /// through ssh, http(s), `git://` or a remote helper — the way git itself tells them apart.
  ///
  /// - Parameter url: The URL, as git resolves it.
  /// - Returns: `true` for a local folder.
  static func isLocal(_ url: String) -> Bool {
    // `helper::address` and `scheme://…`: a scheme of letters, digits, `+`, `-` and `.`.
    let scheme = url.prefix { $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) }
    let rest = url.dropFirst(scheme.count)
    if !scheme.isEmpty, rest.hasPrefix("::") { return false }
    if !scheme.isEmpty, rest.hasPrefix("://") { return scheme.lowercased() == "file" }
    // `host:path`, as scp writes it: a colon before any slash.
    if let colon = url.firstIndex(of: ":") {
      let slash = url.firstIndex(of: "/")
      if slash.map({ colon < $0 }) ?? true { return false }
    }
    return true
  }
}
