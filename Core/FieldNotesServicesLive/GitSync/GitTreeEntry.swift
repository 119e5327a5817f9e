import Foundation

/// One entry of a git tree: a file, a link, a folder or a submodule, by the name it has in its
/// tree, as `git ls-tree -z` lists it and `git mktree -z` reads it.
struct GitTreeEntry: Hashable, Sendable {
  /// The mode, such as `100644` for a file or `040000` for a folder.
  var mode: String
  /// The object's type: `blob`, `tree` or `commit` (a submodule).
  var type: String
  /// The object's name.
  var object: String
  /// The entry's name in its tree (a path from the top, in a listing of folders), as git keeps
  /// it: any bytes, not necessarily UTF-8, so it is written back exactly.
  var rawName: Data

  /// The name as text; FieldNotes' own files have ASCII names.
  var name: String { String(decoding: rawName, as: UTF8.self) }

  /// The mode of a plain file.
  static let fileMode = "100644"

  /// A plain file holding a blob.
  ///
  /// - Parameters:
  ///   - blob: The blob's object name.
  ///   - name: The file's name.
  /// - Returns: The entry.
  static func file(_ blob: String, named name: String) -> GitTreeEntry {
    GitTreeEntry(mode: fileMode, type: "blob", object: blob, rawName: Data(name.utf8))
  }

  /// A folder holding a tree.
  ///
  /// - Parameters:
  ///   - tree: The tree's object name.
  ///   - name: The folder's name.
  /// - Returns: The entry.
  static func folder(_ tree: String, named name: String) -> GitTreeEntry {
    GitTreeEntry(mode: "040000", type: "tree", object: tree, rawName: Data(name.utf8))
  }

  /// Whether it is a folder.
  var isFolder: Bool { type == "tree" }
  /// Whether it is a plain file (executable or not), not a link, a folder or a submodule.
  var isRegularFile: Bool { mode == "100644" || mode == "100755" }

  /// The entry as `git mktree -z` reads it, and `git ls-tree -z` writes it.
  var line: [UInt8] { Array("\(mode) \(type) \(object)\t".utf8) + rawName + [0] }

  /// The same entry under another name.
  ///
  /// - Parameter rawName: The name, as git keeps it.
  /// - Returns: The entry.
  func renamed(_ rawName: Data) -> GitTreeEntry {
    GitTreeEntry(mode: mode, type: type, object: object, rawName: rawName)
  }

  /// Reads `git ls-tree -z` output: `MODE TYPE OBJECT\tNAME\0` per entry.
  ///
  /// - Parameter data: The output.
  /// - Returns: The entries; records that aren't entries are left out.
  /// - Complexity: O(*n*) in the output's size.
  static func parse(_ data: Data) -> [GitTreeEntry] {
    let bytes = [UInt8](data)
    var entries: [GitTreeEntry] = []
    var start = 0
    while start < bytes.count {
      let end = bytes[start...].firstIndex(of: 0) ?? bytes.count
      defer { start = end + 1 }
      guard let tab = bytes[start..<end].firstIndex(of: UInt8(ascii: "\t")) else { continue }
      let fields = bytes[start..<tab].split(separator: UInt8(ascii: " "))
      guard fields.count == 3 else { continue }
      entries.append(
        GitTreeEntry(
          mode: String(decoding: fields[0], as: UTF8.self),
          type: String(decoding: fields[1], as: UTF8.self),
          object: String(decoding: fields[2], as: UTF8.self),
          rawName: Data(bytes[(tab + 1)..<end])))
    }
    return entries
  }

  /// Lists a tree's entries (`git ls-tree -z`), or those of some of its folders, named by their
  /// paths from the top.
  ///
  /// - Parameters:
  ///   - git: Git in the repository.
  ///   - tree: The tree, or a commit.
  ///   - folders: Folders to list the entries of instead of the top's; none by default.
  /// - Returns: The entries.
  /// - Throws: ``SyncError/gitFailed(command:reason:)`` when git fails, `CancellationError`.
  static func list(_ git: GitProcess, _ tree: String, folders: [String] = []) async throws
    -> [GitTreeEntry]
  {
    let paths = folders.isEmpty ? [] : ["--"] + folders.map { $0 + "/" }
    return parse(try await git.check(["ls-tree", "-z", "--full-tree", tree] + paths).output)
  }
}
