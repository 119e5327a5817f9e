import FieldNotesModel
import FieldNotesPlatform
import Foundation

/// Writes a library as a folder of Markdown files (``FieldNotesModel/MarkdownFolderLayout``).
///
/// It never writes over a file that isn't its own: before anything is written, every file the
/// folder would get is checked, and one that is there already must be the same note's or
/// notebook's FieldNotes file (an earlier export of this library), which is then replaced. A
/// file of the user's, a link or a folder in the way refuses the whole export. Notes deleted
/// since an earlier export keep their files: an export adds and updates, and removes nothing.
public enum MarkdownFolderWriter {
  /// Writes the folder, creating it if it is missing.
  ///
  /// - Parameters:
  ///   - library: The notebooks and notes.
  ///   - folder: The folder's path.
  ///   - sparedPaths: Files never to write over (the open store's).
  /// - Returns: How many files were written.
  /// - Throws: ``AtomicFile/Failure`` naming the first file in the way, or the one that could
  ///   not be written; nothing is written when a file is in the way.
  @discardableResult
  public static func write(
    _ library: NoteLibrary, to folder: String, sparing sparedPaths: [String] = []
  ) throws(AtomicFile.Failure) -> Int {
    let root = folder.count > 1 && folder.hasSuffix("/") ? String(folder.dropLast()) : folder
    var status = stat()
    if stat(root, &status) == 0, (status.st_mode & S_IFMT) != S_IFDIR {
      throw AtomicFile.Failure(path: folder, reason: "is a file, not a folder")
    }
    let files = MarkdownFolderLayout.files(of: library)
    var folders = Set<String>()
    for file in files {
      let parts = file.path.split(separator: "/")
      if parts.count > 1 { folders.insert(String(parts[0])) }
    }
    for name in folders.sorted() { try requireFolderOrNothing("\(root)/\(name)") }
    for file in files { try requireOwnFileOrNothing("\(root)/\(file.path)", id: file.id) }
    for path in [root] + folders.sorted().map({ "\(root)/\($0)" }) {
      do {
        try FileManager.default.createDirectory(
          atPath: path, withIntermediateDirectories: true,
          attributes: [.posixPermissions: 0o700])
      } catch {
        throw AtomicFile.Failure(path: path, reason: "the folder can't be made")
      }
    }
    for file in files {
      try AtomicFile.write(
        file.data, to: "\(root)/\(file.path)", sparing: sparedPaths, flushing: false)
    }
    // One flush for every file, rather than one each: the export is a copy, written in full
    // before it says so.
    sync()
    return files.count
  }

  /// Refuses a path where a notebook's folder goes that holds something else.
  private static func requireFolderOrNothing(_ path: String) throws(AtomicFile.Failure) {
    var status = stat()
    guard lstat(path, &status) == 0 else { return }
    guard (status.st_mode & S_IFMT) == S_IFDIR else {
      throw AtomicFile.Failure(
        path: path, reason: "is in the way of a notebook's folder; nothing was exported")
    }
  }

  /// Refuses a path where a file goes that holds anything but FieldNotes' file for the same
  /// note or notebook.
  private static func requireOwnFileOrNothing(_ path: String, id: UUID) throws(AtomicFile.Failure) {
    var status = stat()
    guard lstat(path, &status) == 0 else { return }
    guard (status.st_mode & S_IFMT) == S_IFREG else {
      throw AtomicFile.Failure(
        path: path, reason: "is in the way of a note's file; nothing was exported")
    }
    let data: Data
    do { data = try AtomicFile.read(path, limit: NoteDocument.maximumBytes) } catch {
      throw AtomicFile.Failure(path: path, reason: "\(error.reason); nothing was exported")
    }
    let existing =
      (try? NoteDocument.note(fromFile: data).id) ?? (try? NoteDocument.notebook(fromFile: data).id)
    guard existing == id else {
      throw AtomicFile.Failure(
        path: path,
        reason: "is there already and is not this note's file from an earlier export; "
          + "nothing was exported (choose an empty folder)")
    }
  }
}
