import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Runs the system `git` as a child process, in one working repository.
///
/// Input and output go through files in the repository's private folder, so a large output
/// can't fill a pipe and stall, and no thread waits on a pipe. Git is told never to prompt
/// (`GIT_TERMINAL_PROMPT=0`, standard input from `/dev/null`), never to run hooks or sign, and to
/// speak English, so its answers can be read; cancelling the task stops the child.
struct GitProcess: Sendable {
  /// What a finished command gave.
  struct Output: Sendable {
    /// The exit status.
    var status: Int32
    /// Standard output.
    var output: Data
    /// Standard error, as text.
    var errors: String

    /// Standard output as text.
    var text: String { String(decoding: output, as: UTF8.self) }
    /// The first line git wrote to standard error, without its "fatal: " or "error: ".
    var reason: String {
      let line =
        errors.split(separator: "\n").first { !$0.hasPrefix("hint:") }.map(String.init) ?? ""
      for prefix in ["fatal: ", "error: "] where line.hasPrefix(prefix) {
        return String(line.dropFirst(prefix.count))
      }
      return line.isEmpty ? "git exited with status \(status)" : line
    }
  }

  /// The `git` executable.
  let executable: String
  /// The working repository.
  let workTree: String
  /// The environment git runs in.
  private let environment: [String: String]
  /// The date of commits, as git reads it.
  private let commitDate: @Sendable () -> Date

  /// Finds `git` on `PATH`.
  ///
  /// - Parameters:
  ///   - workTree: The working repository.
  ///   - environment: The environment to search and to pass on.
  ///   - commitDate: Where commits get their dates.
  /// - Throws: ``SyncError/gitMissing`` when there is no `git` on `PATH`.
  init(
    workTree: String, environment: [String: String] = ProcessInfo.processInfo.environment,
    commitDate: @escaping @Sendable () -> Date
  ) throws(SyncError) {
    let directories = (environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
    guard
      let found = directories.map({ "\($0)/git" }).first(where: {
        FileManager.default.isExecutableFile(atPath: $0)
      })
    else { throw .gitMissing }
    self.executable = found
    self.workTree = workTree
    var environment = environment.filter { key, _ in
      !key.hasPrefix("GIT_") || ["GIT_SSH", "GIT_SSH_COMMAND", "GIT_ASKPASS"].contains(key)
    }
    environment["GIT_TERMINAL_PROMPT"] = "0"
    environment["LC_ALL"] = "C"
    environment["LANGUAGE"] = "C"
    environment["GIT_AUTHOR_NAME"] = "FieldNotes"
    environment["GIT_AUTHOR_EMAIL"] = "fieldnotes@localhost"
    environment["GIT_COMMITTER_NAME"] = "FieldNotes"
    environment["GIT_COMMITTER_EMAIL"] = "fieldnotes@localhost"
    self.environment = environment
    self.commitDate = commitDate
  }

  /// Settings given on every command, whatever the user's own configuration says.
  private static let settings = [
    "-c", "core.hooksPath=/dev/null", "-c", "commit.gpgSign=false", "-c", "core.autocrlf=false",
    "-c", "core.quotePath=false", "-c", "gc.autoDetach=false", "-c", "core.fsmonitor=false",
    "-c", "protocol.file.allow=always", "-c", "core.symlinks=false",
  ]

  /// Runs a git command in the repository.
  ///
  /// - Parameters:
  ///   - arguments: The command and its arguments, such as `["add", "-A"]`.
  ///   - input: What to give git on standard input; nothing by default.
  ///   - bare: Whether the repository is bare (no working tree); `false` by default.
  /// - Returns: What git gave, whatever its exit status.
  /// - Throws: ``SyncError/repositoryUnusable(path:reason:)`` when git could not be started or
  ///   its output read, `CancellationError` when the task was cancelled (git is stopped).
  func run(_ arguments: [String], input: Data? = nil, bare: Bool = false) async throws -> Output {
    try Task.checkCancellation()
    let token = UUID().uuidString
    let scratch =
      bare ? NSTemporaryDirectory() + "fieldnotes-git-\(token)" : "\(workTree)/.git/fieldnotes"
    defer { if bare { try? FileManager.default.removeItem(atPath: scratch) } }
    let paths = (
      input: "\(scratch)/\(token).in", output: "\(scratch)/\(token).out",
      errors: "\(scratch)/\(token).err"
    )
    defer { for path in [paths.input, paths.output, paths.errors] { unlink(path) } }
    do {
      try FileManager.default.createDirectory(
        atPath: scratch, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
      guard FileManager.default.createFile(atPath: paths.input, contents: input ?? Data()) else {
        throw SyncError.repositoryUnusable(path: scratch, reason: "its files can't be written")
      }
    } catch {
      throw SyncError.repositoryUnusable(path: workTree, reason: error.localizedDescription)
    }
    let location =
      bare
      ? ["--git-dir=\(workTree)"]
      : ["-C", workTree, "--git-dir=\(workTree)/.git", "--work-tree=\(workTree)"]
    var environment = self.environment
    let stamp = "@\(Int64(commitDate().timeIntervalSince1970.rounded(.down))) +0000"
    environment["GIT_AUTHOR_DATE"] = stamp
    environment["GIT_COMMITTER_DATE"] = stamp
    let status = try await ChildProcess.run(
      executable, arguments: location + Self.settings + arguments, environment: environment,
      input: paths.input, output: paths.output, errors: paths.errors)
    try Task.checkCancellation()
    let output = FileManager.default.contents(atPath: paths.output) ?? Data()
    let errors = FileManager.default.contents(atPath: paths.errors) ?? Data()
    return Output(status: status, output: output, errors: String(decoding: errors, as: UTF8.self))
  }

  /// Makes a bare repository, with its `main` branch, owner-only.
  ///
  /// - Parameter path: The folder; created if missing.
  /// - Throws: ``SyncError`` when git is missing or fails.
  static func initializeBare(at path: String) async throws {
    do {
      try FileManager.default.createDirectory(
        atPath: path, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    } catch {
      throw SyncError.repositoryUnusable(path: path, reason: error.localizedDescription)
    }
    let git = try GitProcess(workTree: path, commitDate: { Date() })
    try await git.check(["init", "--bare", "--quiet", "--initial-branch=main"], bare: true)
  }

  /// Runs a git command that must succeed.
  ///
  /// - Returns: Its standard output.
  /// - Throws: ``SyncError/gitFailed(command:reason:)`` when it fails.
  @discardableResult
  func check(_ arguments: [String], input: Data? = nil, bare: Bool = false) async throws
    -> Output
  {
    let output = try await run(arguments, input: input, bare: bare)
    guard output.status == 0 else {
      throw SyncError.gitFailed(command: arguments.first ?? "", reason: output.reason)
    }
    return output
  }
}
