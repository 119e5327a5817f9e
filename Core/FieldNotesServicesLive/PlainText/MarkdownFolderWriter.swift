import FieldNotesModel
import FieldNotesPlatform
import Foundation

/// Writes a library as a folder of Markdown files (``FieldNotesModel/MarkdownFolderLayout``).
///
/// It never writes over or removes a file that isn't its own, and a file is its own only
/// while it holds exactly the bytes FieldNotes wrote there: each export keeps a record of what
/// it wrote (``recordName``, see `ExportRecord`). Before anything is written, every file the
/// folder would get is checked: one that is there already must hold what the record says
/// FieldNotes wrote at that path (or exactly what this export writes); anything else — a file
/// of the user's, one edited since the last export, a link, a folder — refuses the whole export,
/// naming it. A note whose title (or notebook) changed since an earlier export gets its new
/// file and loses its old one, if that is still as FieldNotes wrote it, so the folder never
/// holds two texts of one note that FieldNotes made. A copy of an exported file is the user's
/// (another path, so never in the record), whatever `id:` it carries; notes deleted since keep
/// their files.
public enum MarkdownFolderWriter {
  /// The file at the top of an exported folder that records what FieldNotes wrote there.
  public static let recordName = ".fieldnotes-export.json"

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
    let record = ExportRecord.read(in: root)
    for name in folders.sorted() { try requireFolderOrNothing("\(root)/\(name)") }
    for file in files { try requireOwnFileOrNothing(file, in: root, record: record) }
    // FieldNotes' files of these notes and notebooks from an earlier export, under the names
    // they had then, still as it wrote them.
    let ids = Set(files.map(\.id))
    let planned = Set(files.map(\.path))
    let stale = Set(
      record.files.filter { entry in
        ids.contains(entry.id) && !planned.contains(entry.path)
          && (try? AtomicFile.read("\(root)/\(entry.path)", limit: NoteDocument.maximumBytes))
            .map { record.wrote($0, at: entry.path) } == true
      }.map(\.path))
    for path in [root] + folders.sorted().map({ "\(root)/\($0)" }) {
      do {
        try FileManager.default.createDirectory(
          atPath: path, withIntermediateDirectories: true,
          attributes: [.posixPermissions: 0o700])
      } catch {
        throw AtomicFile.Failure(path: path, reason: "the folder can't be made")
      }
    }
    // Recorded before the files are written, beside what was there, so an export cut short
    // leaves every file it wrote provably its own.
    let written = files.map {
      ExportRecord.Entry(path: $0.path, id: $0.id, digest: ExportRecord.digest(of: $0.data))
    }
    var during = record
    during.files += written
    try during.write(in: root)
    for file in files {
      try AtomicFile.write(
        file.data, to: "\(root)/\(file.path)", sparing: sparedPaths, flushing: false)
    }
    for path in stale.sorted() {
      unlink("\(root)/\(path)")
      let folder = FilePaths.folder(of: path)
      if folder != "." { rmdir("\(root)/\(folder)") }  // only if nothing else is in it
    }
    var after = record
    after.files.removeAll { planned.contains($0.path) || stale.contains($0.path) }
    after.files += written
    try after.write(in: root)
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

  /// Refuses a path where a file goes that holds anything but what FieldNotes wrote there (as
  /// its record proves) or exactly what it writes now.
  private static func requireOwnFileOrNothing(
    _ file: MarkdownFolderLayout.File, in root: String, record: ExportRecord
  ) throws(AtomicFile.Failure) {
    let path = "\(root)/\(file.path)"
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
    guard data != file.data, !record.wrote(data, at: file.path) else { return }
    throw AtomicFile.Failure(
      path: path,
      reason: record.wroteSomething(at: file.path)
        ? "changed since FieldNotes exported it, so it is yours now; nothing was exported "
          + "(import it to keep its text in FieldNotes, or move it away)"
        : "is there already and is not a file FieldNotes exported here; nothing was exported "
          + "(choose an empty folder)")
  }
}
