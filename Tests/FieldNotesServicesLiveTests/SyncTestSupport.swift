import FieldNotesModel
import FieldNotesPlatform
import FieldNotesServices
import FieldNotesServicesLive
import FieldNotesTesting
import Foundation
import Synchronization

/// A temporary folder with a bare git repository as the remote, and stores that sync through it.
///
/// Each store has its own sync repository; everything is offline and removed afterwards. The
/// stores' git runs with this world's own home folder and no system configuration, so the
/// machine's git setup never reaches a test; a test plants a user's setup with
/// ``plantGitConfig(_:)``.
final class SyncWorld: Sendable {
  let root = NSTemporaryDirectory() + "fieldnotes-sync-" + UUID().uuidString
  var remote: String { root + "/remote.git" }
  /// The home folder of the user the stores sync as.
  var home: String { root + "/home" }
  private let count = Mutex(0)

  init() {
    try? FileManager.default.createDirectory(
      atPath: root + "/home/.config", withIntermediateDirectories: true)
  }

  /// The environment the stores' git runs in: this world's home, its `~/.gitconfig` (made
  /// empty), and no system configuration.
  var environment: [String: String] {
    var environment = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("GIT_") }
    environment["HOME"] = home
    environment["XDG_CONFIG_HOME"] = home + "/.config"
    environment["GIT_CONFIG_GLOBAL"] = home + "/.gitconfig"
    environment["GIT_CONFIG_NOSYSTEM"] = "1"
    return environment
  }

  /// Writes the user's `~/.gitconfig`, as someone's own git setup would be.
  func plantGitConfig(_ text: String) throws {
    try text.write(toFile: home + "/.gitconfig", atomically: true, encoding: .utf8)
  }

  deinit {
    try? FileManager.default.removeItem(atPath: root)
  }

  /// A device: a store and the git syncer it uses with this world's remote.
  struct Device {
    let repository: InMemoryNoteRepository
    let syncer: GitNoteSyncer

    var library: NoteLibrary { repository.savedLibrary }
    /// The notes, by identifier.
    var notes: [Note] {
      repository.savedLibrary.notes.sorted { $0.id.uuidString < $1.id.uuidString }
    }
    /// The note with an identifier.
    func note(_ id: UUID) -> Note? { repository.savedLibrary.notes.first { $0.id == id } }
    /// Saves a note in the store, as an edit in the app would.
    func save(_ note: Note) throws { try repository.commit([.saveNote(note)]) }
    /// Deletes a note from the store.
    func delete(_ id: UUID) throws { try repository.commit([.trashNote(id, at: .distantPast)]) }
  }

  /// A new device syncing with this world's remote (made bare on first use).
  ///
  /// - Parameters:
  ///   - library: What the device's store holds.
  ///   - now: The device's clock.
  ///   - environment: The environment its git runs in; ``environment`` by default.
  ///   - progress: Told each step of its syncs as it starts.
  /// - Returns: The device.
  /// - Throws: What making its sync repository or the remote throws.
  func device(
    _ library: NoteLibrary = NoteLibrary(), now: DateProvider = .fixed(),
    environment: [String: String]? = nil,
    progress: @escaping @Sendable (GitNoteSyncer.Phase) async -> Void = { _ in }
  ) async throws -> Device {
    let repository = InMemoryNoteRepository(library)
    let syncer = try await syncer(
      for: repository, now: now, environment: environment, progress: progress)
    return Device(repository: repository, syncer: syncer)
  }

  /// A git syncer of a store of a test's own, with a sync repository of its own in this world
  /// and this world's remote.
  func syncer(
    for repository: any NoteRepository, now: DateProvider = .fixed(),
    environment: [String: String]? = nil, repositoryPath: String? = nil,
    progress: @escaping @Sendable (GitNoteSyncer.Phase) async -> Void = { _ in }
  ) async throws -> GitNoteSyncer {
    let number = count.withLock { count in
      count += 1
      return count
    }
    let syncer = GitNoteSyncer(
      repositoryPath: repositoryPath ?? "\(root)/device-\(number).sync", repository: repository,
      now: now,
      timeZone: TimeZone(identifier: "UTC") ?? .current,
      environment: environment ?? self.environment, progress: progress)
    try await syncer.setRemote(try await SyncConnection.bareRepository(at: remote))
    return syncer
  }

  /// Runs git in a folder of this world, for setting up what a test needs, with no user or
  /// system configuration (so a planted `~/.gitconfig` is the stores', not the test's).
  ///
  /// - Parameters:
  ///   - arguments: The git command and its arguments.
  ///   - folder: Where git runs (`git -C`).
  ///   - input: What git reads on standard input; nothing by default.
  /// - Returns: What git wrote to standard output, as text.
  /// - Throws: ``GitTestFailure`` when git fails.
  @discardableResult
  func git(_ arguments: [String], in folder: String, input: Data = Data()) throws -> String {
    String(decoding: try gitData(arguments, in: folder, input: input), as: UTF8.self)
  }

  /// Runs git in a folder of this world and returns its output's bytes, as they are.
  ///
  /// Git gets a home of this world's (the root, which holds no `.gitconfig`), no global or
  /// system configuration, and a fixed author, so a developer's own setup (`commit.gpgSign`,
  /// hooks, templates) can't change what a test commits.
  ///
  /// - Parameters:
  ///   - arguments: The git command and its arguments.
  ///   - folder: Where git runs (`git -C`).
  ///   - input: What git reads on standard input; nothing by default.
  /// - Returns: What git wrote to standard output.
  /// - Throws: ``GitTestFailure`` when git fails.
  func gitData(_ arguments: [String], in folder: String, input: Data = Data()) throws -> Data {
    var environment = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("GIT_") }
    for (key, value) in [
      ("GIT_CONFIG_GLOBAL", "/dev/null"), ("GIT_CONFIG_NOSYSTEM", "1"), ("HOME", root),
      ("XDG_CONFIG_HOME", root + "/.config"), ("GIT_AUTHOR_NAME", "Test"),
      ("GIT_AUTHOR_EMAIL", "test@localhost"), ("GIT_COMMITTER_NAME", "Test"),
      ("GIT_COMMITTER_EMAIL", "test@localhost"),
    ] {
      environment[key] = value
    }
    let failure = GitTestFailure(command: arguments.joined(separator: " "))
    guard
      let git = try? ChildProcess(
        "git", arguments: ["-C", folder] + arguments, environment: environment,
        standardInput: .pipe, standardOutput: .pipe, standardError: .nullDevice)
    else { throw failure }
    let collected = git.collectOutput(writing: Array(input))
    guard collected.termination == .exited(0) else { throw failure }
    return Data(collected.output)
  }

  /// Every hook git knows, client side and server side.
  static let hookNames = [
    "applypatch-msg", "pre-applypatch", "post-applypatch", "pre-commit", "pre-merge-commit",
    "prepare-commit-msg", "commit-msg", "post-commit", "pre-rebase", "post-checkout",
    "post-merge", "pre-push", "pre-receive", "update", "proc-receive", "post-receive",
    "post-update", "reference-transaction", "push-to-checkout", "pre-auto-gc", "post-rewrite",
    "sendemail-validate", "fsmonitor-watchman", "p4-changelist", "p4-prepare-changelist",
    "p4-post-changelist", "p4-pre-submit", "post-index-change",
  ]

  /// Plants every hook in a folder, each writing its name to this world's marker file if it
  /// ever runs.
  ///
  /// - Returns: The folder.
  @discardableResult
  func plantHooks(in folder: String) throws -> String {
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    for name in Self.hookNames {
      try plantScript(at: "\(folder)/\(name)", marking: name)
    }
    return folder
  }

  /// Writes an executable script that writes a word to this world's marker file and succeeds,
  /// without reading its input (a program git talks to would otherwise wait for more).
  func plantScript(at path: String, marking word: String) throws {
    let script = "#!/bin/sh\necho \(word) >> '\(marker)'\nexit 0\n"
    try script.write(toFile: path, atomically: true, encoding: .utf8)
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path)
  }

  /// The file a planted hook or program writes to when it runs.
  var marker: String { root + "/marker" }

  /// What the planted hooks and programs that ran wrote, one name a line; empty when none ran.
  var marks: String { (try? String(contentsOfFile: marker, encoding: .utf8)) ?? "" }

  /// A clone of the remote, to look at it or to push to it as another git user would.
  func clone(_ name: String) throws -> String {
    let folder = "\(root)/\(name)"
    try git(["clone", "--quiet", remote, folder], in: root)
    return folder
  }
}

/// A git command a test ran for its setup failed.
struct GitTestFailure: Error {
  var command: String
}

/// A note for sync tests, with a fixed identity and dates.
func syncNote(
  _ number: Int, _ title: String, body: String = "", tags: [String] = [],
  minutes: Int = 0, notebook: Notebook.ID? = nil
) -> Note {
  Note(
    id: UUID(number: number), title: title, body: body, createdAt: SampleData.date(minutes: 0),
    notebookID: notebook, tags: tags, updatedAt: SampleData.date(minutes: minutes))
}
