import FieldNotesModel
import FieldNotesPlatform
import Foundation

/// Writes a library as a folder of Markdown files (``FieldNotesModel/MarkdownFolderLayout``).
///
/// It never writes over a file that isn't its own: before anything is written, every file the
/// folder would get is checked, and one that is there already must be the same note's or
/// notebook's FieldNotes file (an earlier export of this library), which is then replaced. A
/// file of the user's, a link or a folder in the way refuses the whole export. A note whose
/// title (or notebook) changed since an earlier export gets its new file and loses its old
/// one, so the folder never holds two texts of one note; notes deleted since keep their files:
/// an export removes only its own files of the notes it writes again.
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
    let ids = Set(files.map(\.id))
    for name in folders.sorted() { try requireFolderOrNothing("\(root)/\(name)") }
    // A file there may be replaced when it is FieldNotes' file of any note or notebook written
    // now: titles changed in a chain or swapped put one note's file where another's was.
    for file in files { try requireOwnFileOrNothing("\(root)/\(file.path)", among: ids) }
    // FieldNotes' files of these notes and notebooks from an earlier export, under the names
    // they had then.
    let planned = Set(files.map(\.path))
    let stale = ownFiles(in: root).filter { ids.contains($0.value) && !planned.contains($0.key) }
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
    for path in stale.keys.sorted() {
      unlink("\(root)/\(path)")
      let folder = FilePaths.folder(of: path)
      if folder != "." { rmdir("\(root)/\(folder)") }  // only if nothing else is in it
    }
    // One flush for every file, rather than one each: the export is a copy, written in full
    // before it says so.
    sync()
    return files.count
  }

  /// FieldNotes' own files at the top of a folder and one folder down, by path: each file
  /// that reads as a note's or a notebook's, with its identifier.
  private static func ownFiles(in root: String) -> [String: UUID] {
    var found: [String: UUID] = [:]
    let names = (try? FileManager.default.contentsOfDirectory(atPath: root)) ?? []
    var candidates = names.filter { $0.hasSuffix(".md") }
    for name in names where !name.hasPrefix(".") {
      var status = stat()
      guard lstat("\(root)/\(name)", &status) == 0, (status.st_mode & S_IFMT) == S_IFDIR else {
        continue
      }
      let inside = (try? FileManager.default.contentsOfDirectory(atPath: "\(root)/\(name)")) ?? []
      candidates += inside.filter { $0.hasSuffix(".md") }.map { "\(name)/\($0)" }
    }
    for path in candidates {
      guard let data = try? AtomicFile.read("\(root)/\(path)", limit: NoteDocument.maximumBytes)
      else { continue }
      if let id = (try? NoteDocument.note(fromFile: data).id)
        ?? (try? NoteDocument.notebook(fromFile: data).id)
      {
        found[path] = id
      }
    }
    return found
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

  /// Refuses a path where a file goes that holds anything but FieldNotes' file of one of the
  /// notes or notebooks written now.
  private static func requireOwnFileOrNothing(_ path: String, among ids: Set<UUID>)
    throws(AtomicFile.Failure)
  {
    var status = stat()
    guard lstat(path, &status) == 0 else { return }
    guard (status.st_mode & S_IFMT) == S_IFREG else {
      throw AtomicFile.Failure(
        path: path, reason: "is in the way of a file of the export; nothing was exported")
    }
    let data: Data
    do { data = try AtomicFile.read(path, limit: NoteDocument.maximumBytes) } catch {
      throw AtomicFile.Failure(path: path, reason: "\(error.reason); nothing was exported")
    }
    let existing =
      (try? NoteDocument.note(fromFile: data).id) ?? (try? NoteDocument.notebook(fromFile: data).id)
    guard let existing, ids.contains(existing) else {
      throw AtomicFile.Failure(
        path: path,
        reason: "is there already and is not FieldNotes' file of a note or notebook exported "
          + "now; nothing was exported (choose an empty folder)")
    }
  }
}
