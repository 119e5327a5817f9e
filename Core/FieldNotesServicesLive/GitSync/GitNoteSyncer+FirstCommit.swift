import FieldNotesModel
import FieldNotesServices
import Foundation

extension GitNoteSyncer {
  // MARK: - The first commit, streamed

  /// How many notes of the store a first commit reads at a time.
  static let firstCommitPageSize = 1_000
  /// How many bytes of files a first commit gives each `git fast-import`, which writes them as
  /// one pack.
  static let firstCommitBatchBytes = 8 << 20

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
    var batch: [(SyncDocument.Kind, Data)] = []
    var batchBytes = 0
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
        let data = SyncDocument.data(of: note)
        batch.append((.note(note.id), data))
        batchBytes += data.count
      }
      if batchBytes >= Self.firstCommitBatchBytes {
        try await listBlobs(git, of: batch, in: listing, path: path)
        notesListed += batch.count
        batch = []
        batchBytes = 0
      }
      position = read.next
    } while position != nil
    if !batch.isEmpty {
      try await listBlobs(git, of: batch, in: listing, path: path)
      notesListed += batch.count
    }
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

  /// Writes a batch of files' blobs, and their entries in the notes folder to its listing.
  private func listBlobs(
    _ git: GitProcess, of batch: [(SyncDocument.Kind, Data)], in listing: FileHandle,
    path: String
  ) async throws {
    let blobs = try await GitObjectWriter.writeBlobs(git, batch.map(\.1))
    var lines: [UInt8] = []
    for ((kind, _), blob) in zip(batch, blobs) { lines += SyncTree.file(blob, for: kind).line }
    do { try listing.write(contentsOf: lines) } catch {
      throw SyncError.repositoryUnusable(path: path, reason: error.localizedDescription)
    }
  }
}
