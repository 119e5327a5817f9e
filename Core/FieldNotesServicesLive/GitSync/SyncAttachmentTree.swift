import FieldNotesModel
import Foundation

/// The paths of the attachments' files a tree holds, for placing more among them: a tree can't
/// hold a file and a folder of one name (`a.png` and `a.png/b.png`), which a store can.
///
/// The one added later yields, under a name that says so, as one name changed on both sides
/// does (``SyncAttachmentPath/conflictName(_:mark:)``): a folder that a file's name holds is
/// written as `a (conflict folder).png/b.png`, a file whose name a folder holds as
/// `a (conflict file).png`. The marks come from the collision alone, never from the bytes, so
/// a store finds a file it placed so without reading it, and every store places it alike. Pure.
struct SyncAttachmentTree {
  /// The files' paths.
  private(set) var files: Set<String> = []
  /// The folders holding them, by path.
  private var folders: Set<String> = []

  /// Makes the listing of some files.
  ///
  /// - Parameter paths: The files' paths from the top.
  init(_ paths: some Sequence<String>) {
    for path in paths { insert(path) }
  }

  /// Adds a file.
  ///
  /// - Parameter path: Its path from the top.
  mutating func insert(_ path: String) {
    files.insert(path)
    var folder = Substring(path)
    while let slash = folder.lastIndex(of: "/") {
      folder = folder[..<slash]
      guard folders.insert(String(folder)).inserted else { break }
    }
  }

  /// Where the tree can hold an attachment: its own path when nothing collides with it, or
  /// the one its name yields to; `nil` when neither can be held.
  ///
  /// - Parameters:
  ///   - name: The attachment's name.
  ///   - id: Its note.
  /// - Returns: The name the tree holds it under and its path, or `nil`.
  func place(_ name: String, ofNote id: Note.ID) -> (name: String, path: String)? {
    guard let path = SyncAttachmentPath.path(of: name, ofNote: id) else { return nil }
    var placed = name
    if folders.contains(path) {
      placed = SyncAttachmentPath.conflictName(name, mark: "file")
    } else {
      let parts = name.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
      // The path's parts are `attachments`, the note's folder, then the name's parts escaped.
      let pathParts = path.split(separator: "/", omittingEmptySubsequences: false)
      for index in parts.indices.dropLast()
      where files.contains(pathParts[..<(index + 3)].joined(separator: "/")) {
        var renamed = parts
        renamed[index] = SyncAttachmentPath.conflictName(parts[index], mark: "folder")
        placed = renamed.joined(separator: "/")
        break
      }
    }
    guard placed != name else { return (name, path) }
    guard let placedPath = SyncAttachmentPath.path(of: placed, ofNote: id),
      !folders.contains(placedPath), !collidesThroughAFile(placedPath)
    else { return nil }
    return (placed, placedPath)
  }

  /// Whether a folder on a path is a file of the tree.
  private func collidesThroughAFile(_ path: String) -> Bool {
    var folder = Substring(path)
    while let slash = folder.lastIndex(of: "/") {
      folder = folder[..<slash]
      if files.contains(String(folder)) { return true }
    }
    return false
  }
}
