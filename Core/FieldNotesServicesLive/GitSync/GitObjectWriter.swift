import Foundation

/// Writes git objects straight into the repository: blobs by content, trees from entries.
///
/// Nothing passes through git's working-tree machinery (`git add`, an index of files on disk),
/// so no attribute (an in-tree `.gitattributes` outranks every other), filter, line-ending
/// conversion, keyword expansion, encoding or ignore rule can change or drop a note: a blob is
/// the bytes FieldNotes gives, a tree the entries it lists. Any number of objects costs one
/// process.
enum GitObjectWriter {
  /// The tree with nothing in it, which git knows without storing it.
  static let emptyTree = "4b825dc642cb6eb9a060e54bf8d69288fbee4904"

  /// Writes blobs with `git fast-import`, which never filters content.
  ///
  /// - Parameters:
  ///   - git: Git in the repository.
  ///   - contents: The blobs' contents.
  /// - Returns: Each blob's object name, in the order given.
  /// - Throws: ``SyncError/gitFailed(command:reason:)`` when git fails, `CancellationError`.
  /// - Complexity: O(*n*) in the contents' total size.
  static func writeBlobs(_ git: GitProcess, _ contents: [Data]) async throws -> [String] {
    guard !contents.isEmpty else { return [] }
    // `done` ends the stream, so a stream cut short fails instead of writing part of it.
    var stream = Array("feature done\n".utf8)
    stream.reserveCapacity(contents.reduce(64) { $0 + $1.count + 64 })
    for (index, content) in contents.enumerated() {
      try Task.checkCancellation()
      stream += "blob\nmark :\(index + 1)\ndata \(content.count)\n".utf8
      stream += content
      stream.append(UInt8(ascii: "\n"))
    }
    for index in contents.indices { stream += "get-mark :\(index + 1)\n".utf8 }
    stream += "done\n".utf8
    let output = try await git.check(["fast-import", "--quiet"], input: Data(stream)).text
    let names = output.split(separator: "\n").map(String.init)
    guard names.count == contents.count else {
      throw SyncError.gitFailed(
        command: "fast-import", reason: "it gave \(names.count) objects for \(contents.count)")
    }
    return names
  }

  /// Writes blobs with `git fast-import` from a stream already in a file (see ``BlobBatch``),
  /// for more than is worth holding.
  ///
  /// - Parameters:
  ///   - git: Git in the repository.
  ///   - stream: The stream's file, and how many blobs it writes.
  /// - Returns: Each blob's object name, in the order written.
  /// - Throws: ``SyncError/gitFailed(command:reason:)`` when git fails, `CancellationError`.
  static func writeBlobs(_ git: GitProcess, streamedIn stream: (path: String, count: Int))
    async throws -> [String]
  {
    guard stream.count > 0 else { return [] }
    let output = try await git.run(["fast-import", "--quiet"], inputFile: stream.path)
    guard output.status == 0 else {
      throw SyncError.gitFailed(command: "fast-import", reason: output.reason)
    }
    let names = output.text.split(separator: "\n").map(String.init)
    guard names.count == stream.count else {
      throw SyncError.gitFailed(
        command: "fast-import", reason: "it gave \(names.count) objects for \(stream.count)")
    }
    return names
  }

  /// Writes trees with `git mktree`, each from its entries (which git sorts).
  ///
  /// - Parameters:
  ///   - git: Git in the repository.
  ///   - trees: Each tree's entries; no two of one tree may share a name.
  /// - Returns: Each tree's object name, in the order given.
  /// - Throws: ``SyncError/gitFailed(command:reason:)`` when git fails, `CancellationError`.
  static func writeTrees(_ git: GitProcess, _ trees: [[GitTreeEntry]]) async throws -> [String] {
    let written = trees.filter { !$0.isEmpty }
    var names: [String] = []
    if !written.isEmpty {
      var input: [UInt8] = []
      for (index, entries) in written.enumerated() {
        try Task.checkCancellation()
        if index > 0 { input.append(0) }
        for entry in entries { input += entry.line }
      }
      let output = try await git.check(["mktree", "-z", "--batch"], input: Data(input)).text
      names = output.split(separator: "\n").map(String.init)
      guard names.count == written.count else {
        throw SyncError.gitFailed(
          command: "mktree", reason: "it gave \(names.count) trees for \(written.count)")
      }
    }
    var next = names.makeIterator()
    return trees.map { $0.isEmpty ? emptyTree : next.next() ?? emptyTree }
  }
}
