import Foundation

extension SyncTree {
  /// Lists a commit's or a tree's entries: two `git ls-tree`, the top and FieldNotes' folders.
  ///
  /// - Parameters:
  ///   - git: Git in the repository.
  ///   - tree: The commit or the tree.
  /// - Returns: The tree.
  /// - Throws: ``SyncError/gitFailed(command:reason:)`` when git fails, `CancellationError`.
  static func list(_ git: GitProcess, _ tree: String) async throws -> SyncTree {
    let top = try await GitTreeEntry.list(git, tree)
    let folders = top.filter { $0.isFolder && folderNames.contains($0.name) }.map(\.name)
    let folderEntries =
      folders.isEmpty ? [] : try await GitTreeEntry.list(git, tree, folders: folders)
    return SyncTree(top: top, folderEntries: folderEntries)
  }

  /// Writes the tree: FieldNotes' folders that hold anything, then the top.
  ///
  /// - Parameter git: Git in the repository.
  /// - Returns: The tree's object name.
  /// - Throws: ``SyncError/folderNameTaken(_:)`` when a folder would replace something else
  ///   under its name; ``SyncError/gitFailed(command:reason:)`` when git fails,
  ///   `CancellationError`.
  func write(_ git: GitProcess) async throws -> String {
    var contents = others.mapValues { Array($0.values) }
    for (kind, entry) in files { contents[Self.folder(of: kind), default: []].append(entry) }
    let written = Self.folderNames.filter { !(contents[$0] ?? []).isEmpty }
    // What a project keeps under one of FieldNotes' folder names is never replaced by it.
    if let taken = written.first(where: { self.top[Data($0.utf8)] != nil }) {
      throw SyncError.folderNameTaken(taken)
    }
    let trees = try await GitObjectWriter.writeTrees(git, written.map { contents[$0] ?? [] })
    var top = self.top
    for (folder, tree) in zip(written, trees) {
      top[Data(folder.utf8)] = .folder(tree, named: folder)
    }
    return try await GitObjectWriter.writeTrees(git, [Array(top.values)]).first
      ?? GitObjectWriter.emptyTree
  }
}
