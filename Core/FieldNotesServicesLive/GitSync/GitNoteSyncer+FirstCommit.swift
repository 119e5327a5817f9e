import FieldNotesModel
import FieldNotesServices
import Foundation

extension GitNoteSyncer {
  // MARK: - The first commit, streamed

  /// How many notes of the store a first commit reads at a time.
  static let firstCommitPageSize = 1_000

  /// Commits every note and notebook of a store whose folder has no commit yet — its first
  /// sync, or one as new to the remote — without holding the library: the store is read a page
  /// at a time, each page's files written to one `git fast-import` stream in a file, as inline
  /// data of one commit, so FieldNotes' memory is a page's whatever the library's size, and git
  /// writes every blob and tree in one pass, as `git add -A && git commit` would.
  ///
  /// That commit (on a reference of FieldNotes', removed at once) gives the tree only: the
  /// folder's commit is made from it as every other (`commit-tree`). A note whose row can't be
  /// read has no file, as in a commit of the whole library.
  ///
  /// - Parameter git: Git in the repository.
  /// - Returns: The commit (its tree not listed), whose `commit` is `nil` when the store holds
  ///   nothing; `nil` when the folder has a commit already, or the store can't be read in pages.
  /// - Throws: ``SyncError/store(_:)`` when the store can't be read,
  ///   ``SyncError/repositoryUnusable(path:reason:)`` when the stream can't be written,
  ///   ``SyncError/gitFailed(command:reason:)`` when git fails, `CancellationError`.
  func commitStreamed(_ git: GitProcess) async throws -> LocalCommit? {
    guard let journaling = repository as? any SyncJournaling,
      try await revision(git, "refs/heads/main") == nil
    else { return nil }
    let reference = "refs/fieldnotes/first-commit"
    let message = "FieldNotes: changes made here"
    let path = "\(gitDirectory)/fieldnotes/first-commit-\(UUID().uuidString)"
    guard
      FileManager.default.createFile(
        atPath: path, contents: nil, attributes: [.posixPermissions: 0o600]),
      let file = FileHandle(forWritingAtPath: path)
    else { throw SyncError.repositoryUnusable(path: path, reason: "it can't be written") }
    defer {
      try? file.close()
      unlink(path)
    }
    func entry(_ kind: SyncDocument.Kind, _ data: Data) -> Data {
      Data("M 100644 inline \(SyncDocument.path(kind))\ndata \(data.count)\n".utf8) + data
        + Data("\n".utf8)
    }
    do {
      // `done` ends the stream, so a stream cut short fails instead of writing part of it.
      try file.write(
        contentsOf: Data(
          ("feature done\ncommit \(reference)\n"
            + "committer FieldNotes <fieldnotes@localhost> 0 +0000\n"
            + "data \(message.utf8.count)\n\(message)\ndeleteall\n").utf8))
      var page = Data()
      for notebook in try repository.notebooks() {
        page += entry(.notebook(notebook.id), SyncDocument.data(of: notebook))
      }
      try file.write(contentsOf: page)
      var position: Int?
      repeat {
        try Task.checkCancellation()
        let read = try journaling.notes(after: position, limit: Self.firstCommitPageSize)
        page = Data()
        for note in read.items.notes { page += entry(.note(note.id), SyncDocument.data(of: note)) }
        try file.write(contentsOf: page)
        position = read.next
      } while position != nil
      try file.write(contentsOf: Data("\ndone\n".utf8))
      try file.close()
    } catch let error as RepositoryError {
      throw SyncError.store(error)
    } catch let error as CancellationError {
      throw error
    } catch {
      throw SyncError.repositoryUnusable(path: path, reason: error.localizedDescription)
    }
    _ = try await git.run(["update-ref", "-d", reference])
    let imported = try await git.run(["fast-import", "--quiet", "--force"], inputFile: path)
    let tree = try await revision(git, "\(reference)^{tree}")
    _ = try await git.run(["update-ref", "-d", reference])
    guard imported.status == 0, let tree else {
      throw SyncError.gitFailed(command: "fast-import", reason: imported.reason)
    }
    if tree == GitObjectWriter.emptyTree { return LocalCommit(commit: nil, tree: SyncTree()) }
    let commit = try await git.check(["commit-tree", tree, "-m", message]).text
      .trimmingCharacters(in: .newlines)
    try await git.check(["update-ref", "refs/heads/main", commit])
    return LocalCommit(commit: commit, tree: nil)
  }
}
