import FieldNotesModel
import FieldNotesServices
import Foundation

extension GitNoteSyncer {
  // MARK: - The first commit, streamed

  /// How many notes of the store a first commit reads at a time.
  static let firstCommitPageSize = 1_000
  /// How many bytes of files a first commit gives each `git fast-import`, which writes them as
  /// one pack.
  static let firstCommitBatchBytes = 32 << 20

  /// Commits every note and notebook of a store whose folder has no commit yet — its first
  /// sync, or one as new to the remote — without holding the library: the store is read a page
  /// at a time, the files' blobs are written by `git fast-import` a batch at a time, and the
  /// notes folder's entries go to a file that `git mktree` reads, so FieldNotes' memory is a
  /// batch's whatever the library's size.
  ///
  /// (One `fast-import` commit holding every file would be simpler, but it looks each path up
  /// among its folder's entries one by one: 48 s for 100,000 notes in one folder.) A note whose
  /// row can't be read has no file, as in a commit of the whole library.
  ///
  /// - Parameter git: Git in the repository.
  /// - Returns: The commit (its tree not listed), whose `commit` is `nil` when the store holds
  ///   nothing; `nil` when the folder has a commit already, or the store can't be read in pages.
  /// - Throws: ``SyncError/store(_:)`` when the store can't be read,
  ///   ``SyncError/repositoryUnusable(path:reason:)`` when the listing can't be written,
  ///   ``SyncError/gitFailed(command:reason:)`` when git fails, `CancellationError`.
  func commitStreamed(_ git: GitProcess) async throws -> LocalCommit? {
    guard let journaling = repository as? any SyncJournaling,
      try await revision(git, "refs/heads/main") == nil
    else { return nil }
    let path = "\(gitDirectory)/fieldnotes/first-commit-\(UUID().uuidString)"
    guard
      FileManager.default.createFile(
        atPath: path, contents: nil, attributes: [.posixPermissions: 0o600]),
      let listing = FileHandle(forWritingAtPath: path)
    else { throw SyncError.repositoryUnusable(path: path, reason: "it can't be written") }
    defer {
      try? listing.close()
      unlink(path)
    }
    var batch = try BlobBatch(path: path + ".blobs")
    defer { batch.remove() }
    var notesListed = 0
    var notebooks: [Notebook] = []
    var position: Int?
    repeat {
      try Task.checkCancellation()
      let read: (items: JournaledItems, next: Int?)
      do {
        if position == nil { notebooks = try repository.notebooks() }
        read = try journaling.notes(after: position, limit: Self.firstCommitPageSize)
      } catch {
        throw SyncError.store(error)
      }
      for note in read.items.notes {
        try batch.add(SyncDocument.data(of: note), for: .note(note.id))
      }
      if batch.bytes >= Self.firstCommitBatchBytes || (read.next == nil && !batch.kinds.isEmpty) {
        let kinds = batch.kinds
        let blobs = try await GitObjectWriter.writeBlobs(git, streamedIn: try batch.finish())
        var lines: [UInt8] = []
        for (kind, blob) in zip(kinds, blobs) { lines += SyncTree.file(blob, for: kind).line }
        do { try listing.write(contentsOf: lines) } catch {
          throw SyncError.repositoryUnusable(path: path, reason: error.localizedDescription)
        }
        notesListed += kinds.count
        batch = try BlobBatch(path: path + ".blobs")
      }
      position = read.next
    } while position != nil
    try? listing.close()
    var top: [GitTreeEntry] = []
    if notesListed > 0 {
      let tree = try await git.run(["mktree", "-z"], inputFile: path)
      guard tree.status == 0 else {
        throw SyncError.gitFailed(command: "mktree", reason: tree.reason)
      }
      top.append(
        .folder(tree.text.trimmingCharacters(in: .newlines), named: SyncDocument.notesFolder))
    }
    let written = notebooks.map { (SyncDocument.Kind.notebook($0.id), SyncDocument.data(of: $0)) }
    if !written.isEmpty {
      let blobs = try await GitObjectWriter.writeBlobs(git, written.map(\.1))
      let entries = zip(written, blobs).map { SyncTree.file($1, for: $0.0) }
      let tree = try await GitObjectWriter.writeTrees(git, [entries])[0]
      top.append(.folder(tree, named: SyncDocument.notebooksFolder))
    }
    guard !top.isEmpty else { return LocalCommit(commit: nil, tree: SyncTree()) }
    let tree = try await GitObjectWriter.writeTrees(git, [top])[0]
    let commit = try await git.check(["commit-tree", tree, "-m", "FieldNotes: changes made here"])
      .text.trimmingCharacters(in: .newlines)
    try await git.check(["update-ref", "refs/heads/main", commit])
    return LocalCommit(commit: commit, tree: nil)
  }
}

/// Blobs written to a `git fast-import` stream in a file as they come, imported at once by
/// ``GitObjectWriter/writeBlobs(_:streamedIn:)``: only their kinds are held.
struct BlobBatch {
  /// The stream's file.
  let path: String
  /// The files' kinds, in the order written.
  private(set) var kinds: [SyncDocument.Kind] = []
  /// How many bytes of files the stream holds.
  private(set) var bytes = 0
  private let handle: FileHandle

  /// Starts a stream in a new file.
  ///
  /// - Parameter path: The file, made owner-only.
  /// - Throws: ``SyncError/repositoryUnusable(path:reason:)`` when it can't be written.
  init(path: String) throws(SyncError) {
    unlink(path)
    guard
      FileManager.default.createFile(
        atPath: path, contents: Data("feature done\n".utf8),
        attributes: [.posixPermissions: 0o600]),
      let handle = FileHandle(forWritingAtPath: path)
    else { throw .repositoryUnusable(path: path, reason: "it can't be written") }
    handle.seekToEndOfFile()
    self.path = path
    self.handle = handle
  }

  /// Adds a file's blob to the stream.
  ///
  /// - Parameters:
  ///   - data: The file's bytes.
  ///   - kind: The note or notebook it is.
  /// - Throws: ``SyncError/repositoryUnusable(path:reason:)`` when it can't be written.
  mutating func add(_ data: Data, for kind: SyncDocument.Kind) throws(SyncError) {
    kinds.append(kind)
    bytes += data.count
    do {
      try handle.write(
        contentsOf: Data("blob\nmark :\(kinds.count)\ndata \(data.count)\n".utf8) + data
          + Data("\n".utf8))
    } catch {
      throw .repositoryUnusable(path: path, reason: error.localizedDescription)
    }
  }

  /// Ends the stream, asking for each blob's name in order.
  ///
  /// - Returns: The file, and how many blobs it writes.
  /// - Throws: ``SyncError/repositoryUnusable(path:reason:)`` when it can't be written.
  func finish() throws(SyncError) -> (path: String, count: Int) {
    do {
      var end = Data()
      for mark in kinds.indices { end += Data("get-mark :\(mark + 1)\n".utf8) }
      try handle.write(contentsOf: end + Data("done\n".utf8))
      try handle.close()
    } catch {
      throw .repositoryUnusable(path: path, reason: error.localizedDescription)
    }
    return (path, kinds.count)
  }

  /// Removes the stream's file.
  func remove() {
    try? handle.close()
    unlink(path)
  }
}
