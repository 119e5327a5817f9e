import FieldNotesModel
import FieldNotesPlatform
import FieldNotesServices
import Foundation

/// One file that differs between two commits, as `git diff-tree -r -z` lists it.
struct GitTreeChange: Equatable {
  /// One side's version of the file.
  struct Entry: Equatable {
    /// The file's mode, such as `100644`.
    var mode: String
    /// The blob's object name.
    var object: String

    /// Whether it is a plain file (executable or not), not a link or a submodule.
    var isRegularFile: Bool { mode == "100644" || mode == "100755" }
    /// Whether it is a symbolic link.
    var isSymbolicLink: Bool { mode == "120000" }
  }

  /// The file's path in the repository.
  var path: String
  /// The version in the older commit, or `nil` when it was added.
  var old: Entry?
  /// The version in the newer commit, or `nil` when it was deleted.
  var new: Entry?

  /// Lists the files that differ from one tree-ish to another, without following renames;
  /// with `folders`, the folders holding them too (`-t`); with `under`, only those under that
  /// folder.
  static func list(
    _ git: GitProcess, from old: String, to new: String, folders: Bool = false,
    under folder: String? = nil
  ) async throws -> [GitTreeChange] {
    // A commit or tree against itself (a side that changed nothing since the base) differs
    // nowhere: no `git` runs.
    guard old != new else { return [] }
    let output = try await git.check(
      ["diff-tree", "-r", "-z", "--no-renames"] + (folders ? ["-t"] : []) + [old, new]
        + (folder.map { ["--", $0] } ?? []))
    return parse(output.output)
  }

  /// Reads `git diff-tree -z` output: `:MODE MODE OBJECT OBJECT STATUS\0PATH\0` per file.
  static func parse(_ data: Data) -> [GitTreeChange] {
    let fields = data.split(separator: 0, omittingEmptySubsequences: false)
    var changes: [GitTreeChange] = []
    var index = 0
    while index + 1 < fields.count {
      let header = String(decoding: fields[index], as: UTF8.self)
      let path = String(decoding: fields[index + 1], as: UTF8.self)
      index += 2
      let parts = header.dropFirst().split(separator: " ").map(String.init)
      guard header.hasPrefix(":"), parts.count >= 5 else { continue }
      func entry(_ mode: String, _ object: String) -> Entry? {
        mode == "000000" ? nil : Entry(mode: mode, object: object)
      }
      changes.append(
        GitTreeChange(path: path, old: entry(parts[0], parts[2]), new: entry(parts[1], parts[3])))
    }
    return changes
  }
}

/// Reads blobs in bulk with `git cat-file`, two processes for any number of files.
enum GitBlobs {
  /// Each blob's size, read without its content (`git cat-file --batch-check`); an object that
  /// is missing or not a blob is left out.
  static func sizes(_ git: GitProcess, _ objects: [String]) async throws -> [String: Int] {
    let unique = Array(Set(objects)).sorted()
    guard !unique.isEmpty else { return [:] }
    let request = Data((unique.joined(separator: "\n") + "\n").utf8)
    let lines = try await git.check(["cat-file", "--batch-check"], input: request).text
    var sizes: [String: Int] = [:]
    for line in lines.split(separator: "\n") {
      let parts = line.split(separator: " ")
      guard parts.count == 3, parts[1] == "blob", let size = Int(parts[2]) else { continue }
      sizes[String(parts[0])] = size
    }
    return sizes
  }

  /// The content of each blob no larger than `limit`; larger ones are left out.
  static func read(_ git: GitProcess, _ objects: [String], limit: Int) async throws
    -> [String: Data]
  {
    let unique = Array(Set(objects)).sorted()
    guard !unique.isEmpty else { return [:] }
    let request = Data((unique.joined(separator: "\n") + "\n").utf8)
    let sizes = try await git.check(["cat-file", "--batch-check"], input: request).text
    var small: [String] = []
    for line in sizes.split(separator: "\n") {
      let parts = line.split(separator: " ")
      guard parts.count == 3, parts[1] == "blob", let size = Int(parts[2]), size <= limit else {
        continue
      }
      small.append(String(parts[0]))
    }
    guard !small.isEmpty else { return [:] }
    let output = try await git.check(
      ["cat-file", "--batch"], input: Data((small.joined(separator: "\n") + "\n").utf8)
    ).output
    var blobs: [String: Data] = [:]
    var position = output.startIndex
    while position < output.endIndex {
      guard let lineEnd = output[position...].firstIndex(of: UInt8(ascii: "\n")) else { break }
      let header = String(decoding: output[position..<lineEnd], as: UTF8.self)
        .split(separator: " ")
      guard header.count == 3, let size = Int(header[2]) else { break }
      let start = output.index(after: lineEnd)
      let end = start + size
      guard end <= output.endIndex else { break }
      blobs[String(header[0])] = Data(output[start..<end])
      position = end + 1
    }
    return blobs
  }
}

/// The repository's lock: one sync of a store at a time, across processes.
///
/// The system drops it when the process ends, however it ends.
final class SyncLock {
  private var descriptor: Int32

  /// How long a sync waits for another one of the same store before giving up.
  static let patience = Duration.seconds(5)

  private init(descriptor: Int32) { self.descriptor = descriptor }

  /// Takes the lock, waiting a little while another sync (or, for an instant, a process
  /// started while the lock was open) holds it.
  ///
  /// - Throws: ``SyncError/busy`` when it is still held after ``patience``,
  ///   `CancellationError` when cancelled while waiting.
  static func acquire(path: String) async throws -> SyncLock {
    let descriptor = open(path, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else {
      throw SyncError.repositoryUnusable(path: path, reason: String(cString: strerror(errno)))
    }
    let lock = SyncLock(descriptor: descriptor)
    let clock = ContinuousClock()
    let deadline = clock.now + patience
    while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
      guard clock.now < deadline else { throw SyncError.busy }
      try await clock.sleep(for: .milliseconds(20))
    }
    return lock
  }

  /// Lets the lock go.
  func release() {
    guard descriptor >= 0 else { return }
    close(descriptor)
    descriptor = -1
  }

  deinit { release() }
}

/// The changes that save a merge in the store, given what the store holds now of the notes and
/// notebooks the merge changed.
///
/// A file whose note is still as the sync exported it takes the merged version; a note changed
/// here meanwhile is merged three-way (the exported version as the base), so neither change is
/// lost. Notebooks are saved first and deleted last, so no note is ever left pointing at a
/// notebook that isn't there yet. A note the other side deleted goes to this store's trash,
/// dated when the sync saved it. What the store keeps of a note that no sync carries (the file
/// it was imported from, ``FieldNotesModel/ImportedFile``) stays with the note. Computed inside
/// the store's transaction, it stops with no changes once the task is cancelled.
struct StoreChanges {
  private(set) var changes: [RepositoryChange] = []
  /// Whether the task was cancelled, leaving ``changes`` empty.
  private(set) var isCancelled = false

  init(
    results: [SyncDocument.Kind: Data?], exported: ExportedState, current: JournaledItems,
    timeZone: TimeZone, deletedAt: Date
  ) {
    let protected = current.unreadableNoteIDs.union(exported.protected)
    let notes = Dictionary(current.notes.map { ($0.id, $0) }) { first, _ in first }
    let notebooks = Dictionary(current.notebooks.map { ($0.id, $0) }) { first, _ in first }
    var savedNotebooks: [RepositoryChange] = []
    var noteChanges: [RepositoryChange] = []
    var deletedNotebooks: [RepositoryChange] = []
    // What this store keeps of a note that no sync carries (the file it was imported from)
    // stays with the text another store sent.
    func saving(_ note: Note?, _ id: Note.ID) -> RepositoryChange {
      guard var note else { return .trashNote(id, at: deletedAt) }
      note.importedFile = note.importedFile ?? notes[id]?.importedFile
      return .saveNote(note)
    }
    for (kind, data) in results.sorted(by: { SyncDocument.path($0.key) < SyncDocument.path($1.key) }
    ) {
      guard !Task.isCancelled else {
        isCancelled = true
        changes = []
        return
      }
      switch kind {
      case .note(let id):
        guard !protected.contains(id) else { continue }
        let merged = data.flatMap { try? SyncDocument.note(from: $0, id: id) }
        let now = notes[id].map(SyncDocument.data(of:))
        if now == exported.documents[kind] {
          noteChanges.append(saving(merged, id))
          continue
        }
        let outcome = ThreeWayMerge.note(
          base: exported.documents[kind].flatMap { try? SyncDocument.note(from: $0, id: id) },
          ours: now.flatMap { try? SyncDocument.note(from: $0, id: id) }, theirs: merged,
          timeZone: timeZone)
        noteChanges.append(saving(outcome.note, id))
        if let copy = outcome.copy { noteChanges.append(.saveNote(copy)) }
      case .notebook(let id):
        let merged = data.flatMap { try? SyncDocument.notebook(from: $0, id: id) }
        let now = notebooks[id].map(SyncDocument.data(of:))
        let outcome =
          now == exported.documents[kind]
          ? merged
          : ThreeWayMerge.notebook(
            base: exported.documents[kind].flatMap { try? SyncDocument.notebook(from: $0, id: id) },
            ours: notebooks[id], theirs: merged)
        if let outcome {
          savedNotebooks.append(.saveNotebook(outcome))
        } else {
          deletedNotebooks.append(.deleteNotebook(id))
        }
      }
    }
    changes = savedNotebooks + noteChanges + deletedNotebooks
  }
}
