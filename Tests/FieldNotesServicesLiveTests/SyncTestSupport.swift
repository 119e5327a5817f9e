import FieldNotesModel
import FieldNotesServices
import FieldNotesServicesLive
import FieldNotesTesting
import Foundation
import Synchronization

/// A temporary folder with a bare git repository as the remote, and stores that sync through it.
///
/// Each store has its own working repository; everything is offline and removed afterwards.
final class SyncWorld: Sendable {
  let root = NSTemporaryDirectory() + "fieldnotes-sync-" + UUID().uuidString
  var remote: String { root + "/remote.git" }
  private let count = Mutex(0)

  init() {
    try? FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
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
    func delete(_ id: UUID) throws { try repository.commit([.deleteNote(id)]) }
  }

  /// A new device syncing with this world's remote (made bare on first use).
  func device(_ library: NoteLibrary = NoteLibrary(), now: DateProvider = .fixed()) async throws
    -> Device
  {
    let number = count.withLock { count in
      count += 1
      return count
    }
    let repository = InMemoryNoteRepository(library)
    let syncer = GitNoteSyncer(
      repositoryPath: "\(root)/device-\(number).sync", repository: repository, now: now,
      timeZone: TimeZone(identifier: "UTC") ?? .current)
    try await syncer.setRemote(try await SyncConnection.bareRepository(at: remote))
    return Device(repository: repository, syncer: syncer)
  }

  /// Runs git in a folder of this world, for setting up what a test needs.
  @discardableResult
  func git(_ arguments: [String], in folder: String) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["git", "-C", folder] + arguments
    var environment = ProcessInfo.processInfo.environment
    for (key, value) in [
      ("GIT_AUTHOR_NAME", "Test"), ("GIT_AUTHOR_EMAIL", "test@localhost"),
      ("GIT_COMMITTER_NAME", "Test"), ("GIT_COMMITTER_EMAIL", "test@localhost"),
    ] {
      environment[key] = value
    }
    process.environment = environment
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      throw GitTestFailure(command: arguments.joined(separator: " "))
    }
    return String(decoding: data, as: UTF8.self)
  }

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
