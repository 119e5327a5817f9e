import Foundation

/// A commit's tree as a sync sees it: the entries whose names make them notes' and notebooks'
/// files, one by one, and everything else as it is.
///
/// FieldNotes owns only the files whose names make them notes and notebooks (`notes/ID.md`,
/// `notebooks/ID.md`). Every other entry — at the top, or in the two folders (a project's own
/// notes, a subfolder, a link) — comes from the remote's tree as it is: FieldNotes never reads,
/// changes or removes it. Pure: the syncer lists and writes trees, so every rule is tested on
/// values.
struct SyncTree: Equatable, Sendable {
  /// The entries at the top, but for FieldNotes' folders (when they are folders), by name.
  var top: [Data: GitTreeEntry] = [:]
  /// The entries whose names make them notes' and notebooks' files, whatever they hold, by the
  /// note or notebook their names say; each named as in its folder.
  var files: [SyncDocument.Kind: GitTreeEntry] = [:]
  /// The other entries of FieldNotes' folders, by folder, then by name.
  var others: [String: [Data: GitTreeEntry]] = [:]

  /// FieldNotes' folders.
  static let folderNames = [SyncDocument.notesFolder, SyncDocument.notebooksFolder]

  /// An empty tree.
  init() {}

  /// A tree from its listings.
  ///
  /// An entry whose name holds a `/` can't be written back (only a tree made by hand has one)
  /// and is left out.
  ///
  /// - Parameters:
  ///   - top: The entries at the top (`git ls-tree`).
  ///   - folderEntries: The entries of FieldNotes' folders, named by their paths from the top
  ///     (`git ls-tree TREE -- notes/ notebooks/`).
  init(top: [GitTreeEntry], folderEntries: [GitTreeEntry]) {
    let slash = UInt8(ascii: "/")
    for entry in top where !entry.rawName.contains(slash) {
      guard !(entry.isFolder && Self.folderNames.contains(entry.name)) else { continue }
      self.top[entry.rawName] = entry
    }
    for entry in folderEntries {
      guard let end = entry.rawName.firstIndex(of: slash) else { continue }
      let folder = String(decoding: entry.rawName[..<end], as: UTF8.self)
      let name = Data(entry.rawName[entry.rawName.index(after: end)...])
      guard Self.folderNames.contains(folder), !name.isEmpty, !name.contains(slash) else {
        continue
      }
      if let kind = SyncDocument.kind(ofPath: entry.name) {
        files[kind] = entry.renamed(name)
      } else {
        others[folder, default: [:]][name] = entry.renamed(name)
      }
    }
  }

  /// A note's or a notebook's file, holding a blob.
  ///
  /// - Parameters:
  ///   - blob: The blob's object name.
  ///   - kind: The note or the notebook.
  /// - Returns: The entry, named as in its folder.
  static func file(_ blob: String, for kind: SyncDocument.Kind) -> GitTreeEntry {
    .file(blob, named: String(SyncDocument.path(kind).drop { $0 != "/" }.dropFirst()))
  }

  /// The folder of a note's or a notebook's file.
  static func folder(of kind: SyncDocument.Kind) -> String {
    switch kind {
    case .note: SyncDocument.notesFolder
    case .notebook: SyncDocument.notebooksFolder
    }
  }

  // MARK: - This store's tree, and the merge

  /// This store's tree: this one (its last commit's) with each note's and notebook's file as
  /// the store has it, and removed where the store has no such note.
  ///
  /// - Parameters:
  ///   - files: The store's files (see ``file(_:for:)``).
  ///   - kept: Files to leave as they are though the store has no such note: those of notes it
  ///     can't read, and entries under FieldNotes' names it never read as a note.
  /// - Returns: The tree.
  /// - Complexity: O(*n*) in the number of files.
  func local(files: [SyncDocument.Kind: GitTreeEntry], keeping kept: Set<SyncDocument.Kind>)
    -> SyncTree
  {
    var tree = self
    for kind in self.files.keys where files[kind] == nil && !kept.contains(kind) {
      tree.files[kind] = nil
    }
    tree.files.merge(files) { _, new in new }
    return tree
  }

  /// The merged tree: the remote's, with the notes' and notebooks' files as merged here.
  ///
  /// What isn't FieldNotes' is the remote's, as it is. A note's or a notebook's path takes the
  /// merged file; where the merge left no note, whatever holds the path (a note this store
  /// can't read, an entry it couldn't read from the remote, a deletion) merges as a whole: the
  /// remote's if it changed it since the base, this store's otherwise.
  ///
  /// - Parameters:
  ///   - theirs: The remote's tree.
  ///   - ours: This store's tree.
  ///   - files: The merged notes' and notebooks' files (see ``file(_:for:)``).
  ///   - changedSinceBase: The paths the remote changed since the base, with the folders
  ///     holding them (see ``changedPaths(_:)``).
  ///   - removed: Notes the merge read on both sides and removed, whatever the remote did
  ///     (see ``SyncMerge/removedFromTheirs``).
  /// - Returns: The tree.
  /// - Complexity: O(*n*) in the number of files.
  static func merged(
    theirs: SyncTree, ours: SyncTree, files: [SyncDocument.Kind: GitTreeEntry],
    changedSinceBase: Set<String>, removing removed: Set<SyncDocument.Kind> = []
  ) -> SyncTree {
    var merged = theirs
    for kind in Set(theirs.files.keys).union(ours.files.keys) where files[kind] == nil {
      if removed.contains(kind) {
        merged.files[kind] = nil
      } else if !changedSinceBase.contains(SyncDocument.path(kind)) {
        merged.files[kind] = ours.files[kind]
      }
    }
    merged.files.merge(files) { _, new in new }
    return merged
  }

  /// The paths changes touch, with every folder above each.
  ///
  /// - Parameter changes: The changes, as `git diff-tree -r` lists them.
  /// - Returns: The paths.
  static func changedPaths(_ changes: [GitTreeChange]) -> Set<String> {
    var paths = Set<String>()
    for change in changes {
      var path = Substring(change.path)
      while !path.isEmpty, paths.insert(String(path)).inserted {
        path = path.lastIndex(of: "/").map { path[..<$0] } ?? ""
      }
    }
    return paths
  }
}
