import FieldNotesPlatform
import Foundation

/// Runs the system `git` as a child process, in one repository, so that git does what
/// FieldNotes asks and nothing the user's, the system's or a remote's configuration adds.
///
/// Every command gets ``settings`` on its command line, which outranks every configuration
/// file. A command that only reads and writes the repository reads no configuration but the
/// repository's own (``Configuration/repositoryOnly``); one that reaches the remote reads the
/// user's and the system's too (``Configuration/reachingRemote``), since that is where ssh,
/// credential helpers, `url.<base>.insteadOf` and proxies are set. Exported `GIT_*` variables
/// don't reach git, but for those that say how to reach a remote. Git never prompts
/// (`GIT_TERMINAL_PROMPT=0`, standard input from a file) and speaks English, so its answers can
/// be read. Input and output go through files in a private folder, so a large output can't fill
/// a pipe and stall; cancelling the task stops the child.
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

  /// Which configuration files a command reads besides its repository's own.
  enum Configuration: Sendable {
    /// None: a command that only reads and writes the repository, where no setting of the
    /// user's has anything to do.
    case repositoryOnly
    /// The user's and the system's, for a command that reaches the remote (`ls-remote`,
    /// `fetch`, `push`, `clone`): how to reach it is set there.
    case reachingRemote
  }

  /// The `git` executable.
  let executable: String
  /// The repository's git folder: a sync repository's `.git`, or a bare repository.
  let gitDirectory: String
  /// Where each command's input and output files go.
  private let scratchFolder: String
  /// The environment every command runs in, before ``Configuration`` adds to it.
  private let environment: [String: String]
  /// The `GIT_*` variables of the user's that a command reaching the remote gets.
  private let reachingVariables: [String: String]
  /// The date of commits, as git reads it.
  private let commitDate: @Sendable () -> Date

  /// The variables that say how to reach a remote (ssh, askpass, certificates) or where the
  /// user's configuration is: passed on to a command that reaches the remote, and to no other.
  static let reachingVariableNames: Set<String> = [
    "GIT_SSH", "GIT_SSH_COMMAND", "GIT_SSH_VARIANT", "GIT_ASKPASS", "GIT_PROXY_COMMAND",
    "GIT_SSL_NO_VERIFY", "GIT_SSL_CAINFO", "GIT_SSL_CAPATH", "GIT_SSL_CERT", "GIT_SSL_KEY",
    "GIT_CONFIG_GLOBAL", "GIT_CONFIG_SYSTEM", "GIT_CONFIG_NOSYSTEM",
  ]

  /// Finds `git` on `PATH`.
  ///
  /// - Parameters:
  ///   - gitDirectory: The repository's git folder.
  ///   - scratchFolder: Where commands' input and output files go (made owner-only when
  ///     missing); inside the repository's git folder for FieldNotes' own repository, a
  ///     temporary folder for any other.
  ///   - environment: The environment to search and to pass on.
  ///   - commitDate: Where commits get their dates.
  /// - Throws: ``SyncError/gitMissing`` when there is no `git` on `PATH`.
  init(
    gitDirectory: String, scratchFolder: String,
    environment: [String: String] = ProcessInfo.processInfo.environment,
    commitDate: @escaping @Sendable () -> Date
  ) throws(SyncError) {
    guard let found = ChildProcess.executablePath(named: "git", environment: environment) else {
      throw .gitMissing
    }
    self.executable = found
    self.gitDirectory = gitDirectory
    self.scratchFolder = scratchFolder
    var base = environment.filter { !$0.key.hasPrefix("GIT_") }
    base["GIT_TERMINAL_PROMPT"] = "0"
    base["LC_ALL"] = "C"
    base["LANGUAGE"] = "C"
    base["GIT_AUTHOR_NAME"] = "FieldNotes"
    base["GIT_AUTHOR_EMAIL"] = "fieldnotes@localhost"
    base["GIT_COMMITTER_NAME"] = "FieldNotes"
    base["GIT_COMMITTER_EMAIL"] = "fieldnotes@localhost"
    self.environment = base
    self.reachingVariables = environment.filter { Self.reachingVariableNames.contains($0.key) }
    self.commitDate = commitDate
  }

  // MARK: - Settings

  /// The settings every command runs with, given with `-c`, which outranks every configuration
  /// file: what these say holds whatever the user's, the system's or the repository's say.
  static let settings = [
    // No hook runs, wherever the user's or the repository's configuration looks for them.
    "core.hooksPath=/dev/null",
    // Commits are never signed: no gpg or ssh signing program runs, nothing asks for a
    // passphrase.
    "commit.gpgSign=false",
    // Pushes are never signed either; most remotes refuse a signed push.
    "push.gpgSign=false",
    // No file system monitor starts: `core.fsmonitor` can name any program.
    "core.fsmonitor=false",
    // Fetches never go into submodules the remote's tree names (a `.gitmodules` there can name
    // any URL).
    "fetch.recurseSubmodules=false",
    // Nor do pushes.
    "push.recurseSubmodules=no",
    // Nor any other command.
    "submodule.recurse=false",
    // A local path stays usable as a remote whatever the user allows for `file://`.
    "protocol.file.allow=always",
    // An empty remote cloned to learn its branch, or a repository made, has `main` unless the
    // remote says otherwise.
    "init.defaultBranch=main",
    // Paths come out as they are, not as quoted octal escapes.
    "core.quotePath=false",
    // No colour codes in what FieldNotes reads.
    "color.ui=false",
    // A garbage collection git starts on its own ends with the command, holding nothing open.
    "gc.autoDetach=false",
  ]

  /// The settings git runs with in a local remote's folder, for a push (`receive-pack`) or a
  /// fetch (`upload-pack`): there, ``settings`` given to FieldNotes' own git don't reach, and
  /// anyone who can write the folder can write its hooks and configuration.
  static let remoteSettings = [
    // None of the folder's hooks runs: pre-receive, update, proc-receive,
    // reference-transaction, post-receive, post-update, push-to-checkout.
    "core.hooksPath=/dev/null",
    // References of the folder's alternates are not listed through a command its configuration
    // names (`true` lists none).
    "core.alternateRefsCommand=true",
    // A branch checked out there is never updated in place: the checkout would run the
    // folder's filters.
    "receive.denyCurrentBranch=refuse",
    // No garbage collection runs there after a push: it follows the folder's configuration,
    // which can name programs (`gc.recentObjectsHook`).
    "receive.autogc=false",
    // No file system monitor starts.
    "core.fsmonitor=false",
  ]

  /// The command git starts in a local remote's folder, with ``remoteSettings``: the value of
  /// `--receive-pack` or `--upload-pack`, which git runs through the shell with the folder's
  /// path added.
  ///
  /// It reads none of the user's or the system's configuration either: serving a fetch or a
  /// push in a folder needs none of it, and there it could name programs to run
  /// (`uploadpack.packObjectsHook`, which git honours only from those files).
  ///
  /// - Parameter program: `receive-pack` or `upload-pack`.
  /// - Returns: The command, each word quoted for the shell.
  func localRemoteCommand(_ program: String) -> String {
    "GIT_CONFIG_GLOBAL=/dev/null GIT_CONFIG_NOSYSTEM=1 "
      + ([executable] + Self.remoteSettings.flatMap { ["-c", $0] } + [program])
      .map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }
      .joined(separator: " ")
  }

  // MARK: - Running

  /// Runs a git command in the repository.
  ///
  /// - Parameters:
  ///   - arguments: The command and its arguments, such as `["cat-file", "--batch"]`.
  ///   - input: What to give git on standard input; nothing by default.
  ///   - configuration: Which configuration files it reads; only the repository's by default.
  ///   - indexFile: The index git reads and writes instead of the repository's (a temporary one
  ///     a commit's tree is edited in); none by default.
  ///   - inputFile: A file git reads on standard input instead of `input`, for an input too
  ///     large to hold (one written a page at a time); none by default.
  /// - Returns: What git gave, whatever its exit status.
  /// - Throws: ``SyncError/repositoryUnusable(path:reason:)`` when its input can't be written,
  ///   ``SyncError/gitFailed(command:reason:)`` when git can't be started, `CancellationError`
  ///   when the task was cancelled (git is stopped, and waited for).
  func run(
    _ arguments: [String], input: Data? = nil, configuration: Configuration = .repositoryOnly,
    indexFile: String? = nil, inputFile: String? = nil
  ) async throws -> Output {
    try Task.checkCancellation()
    let token = UUID().uuidString
    let paths = (
      input: "\(scratchFolder)/\(token).in", output: "\(scratchFolder)/\(token).out",
      errors: "\(scratchFolder)/\(token).err"
    )
    defer { for path in [paths.input, paths.output, paths.errors] { unlink(path) } }
    do {
      try FileManager.default.createDirectory(
        atPath: scratchFolder, withIntermediateDirectories: true,
        attributes: [.posixPermissions: 0o700])
      guard
        inputFile != nil
          || FileManager.default.createFile(atPath: paths.input, contents: input ?? Data())
      else {
        throw SyncError.repositoryUnusable(
          path: scratchFolder, reason: "its files can't be written")
      }
    } catch {
      throw SyncError.repositoryUnusable(path: gitDirectory, reason: error.localizedDescription)
    }
    var environment = self.environment
    switch configuration {
    case .repositoryOnly:
      environment["GIT_CONFIG_GLOBAL"] = "/dev/null"
      environment["GIT_CONFIG_NOSYSTEM"] = "1"
    case .reachingRemote:
      environment.merge(reachingVariables) { _, user in user }
    }
    let stamp = "@\(Int64(commitDate().timeIntervalSince1970.rounded(.down))) +0000"
    environment["GIT_AUTHOR_DATE"] = stamp
    environment["GIT_COMMITTER_DATE"] = stamp
    if let indexFile { environment["GIT_INDEX_FILE"] = indexFile }
    let location = ["-C", gitDirectory, "--git-dir=\(gitDirectory)"]
    // Standard streams from files the child opens itself: a large output can't fill a pipe,
    // and git gets nothing else of this process (not the store's file, not a pipe another part
    // of the process reads to its end, which a long-lived git such as an automatic `gc` would
    // otherwise hold open).
    let termination: ChildProcess.Termination
    do {
      termination = try await ChildProcess.run(
        executable, arguments: location + Self.settings.flatMap { ["-c", $0] } + arguments,
        environment: environment, standardInput: .file(inputFile ?? paths.input),
        standardOutput: .file(paths.output), standardError: .file(paths.errors))
    } catch {
      throw SyncError.gitFailed(
        command: arguments.first ?? executable, reason: error.localizedDescription)
    }
    try Task.checkCancellation()
    let status = termination.status
    let output = FileManager.default.contents(atPath: paths.output) ?? Data()
    let errors = FileManager.default.contents(atPath: paths.errors) ?? Data()
    return Output(status: status, output: output, errors: String(decoding: errors, as: UTF8.self))
  }

  /// Runs a git command that must succeed.
  ///
  /// - Parameters:
  ///   - arguments: The command and its arguments.
  ///   - input: What to give git on standard input; nothing by default.
  ///   - configuration: Which configuration files it reads; only the repository's by default.
  /// - Returns: What git gave.
  /// - Throws: ``SyncError/gitFailed(command:reason:)`` when it fails.
  @discardableResult
  func check(
    _ arguments: [String], input: Data? = nil, configuration: Configuration = .repositoryOnly
  ) async throws -> Output {
    let output = try await run(arguments, input: input, configuration: configuration)
    guard output.status == 0 else {
      throw SyncError.gitFailed(command: arguments.first ?? "", reason: output.reason)
    }
    return output
  }

  /// Runs git in a repository that isn't FieldNotes' own (a bare remote it makes), its input and
  /// output in a temporary folder of its own.
  ///
  /// - Parameters:
  ///   - gitDirectory: The repository.
  ///   - environment: The environment to search and to pass on.
  ///   - body: What to do with git there.
  /// - Returns: What `body` returns.
  /// - Throws: ``SyncError/gitMissing``, or what `body` throws.
  @discardableResult
  static func inOtherRepository<Value>(
    _ gitDirectory: String, environment: [String: String] = ProcessInfo.processInfo.environment,
    _ body: (GitProcess) async throws -> Value
  ) async throws -> Value {
    let scratch = NSTemporaryDirectory() + "fieldnotes-git-\(UUID().uuidString)"
    defer { try? FileManager.default.removeItem(atPath: scratch) }
    let git = try GitProcess(
      gitDirectory: gitDirectory, scratchFolder: scratch, environment: environment,
      commitDate: { Date() })
    return try await body(git)
  }

  /// Makes a bare repository, with its `main` branch and nothing from a template, owner-only.
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
    _ = try await inOtherRepository(path) { git in
      try await git.check(["init", "--bare", "--quiet", "--template=", "--initial-branch=main"])
    }
  }
}
