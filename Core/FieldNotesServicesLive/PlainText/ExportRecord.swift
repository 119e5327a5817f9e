import FieldNotesModel
import FieldNotesPlatform
import Foundation

/// What FieldNotes wrote into an exported folder: each file's path, the note or notebook it
/// holds, and a digest of its bytes, kept in FieldNotes' state folder (``path(forFolder:in:)``),
/// never in the folder, where anyone could write one.
///
/// It is how an export proves a file is its own before writing over it or removing it: a file
/// is FieldNotes' only while its bytes are what the record says FieldNotes wrote at its path. A
/// copy (another path), a file edited since (other bytes) or a folder with no record holds
/// nothing of FieldNotes', whatever `id:` it carries.
struct ExportRecord: Codable, Equatable {
  /// One file FieldNotes wrote.
  struct Entry: Codable, Hashable {
    /// Its path in the folder, with `/` between parts.
    var path: String
    /// The note or notebook it holds.
    var id: UUID
    /// ``ExportRecord/digest(of:)`` of its bytes.
    var digest: String
  }

  /// What kind of file this is, so no other JSON file is taken for one.
  var format = "fieldnotes-export-record"
  /// The files, each path with every digest FieldNotes may have left there (two while an
  /// export is under way: the one before and the one it writes).
  var files: [Entry] = []

  /// A digest of bytes: 128 bits, the same on every run and platform.
  ///
  /// It is not a
  /// cryptographic hash: a file made to collide with one FieldNotes wrote is the user's own
  /// doing, and can only be replaced by the note it imitates.
  static func digest(of data: Data) -> String {
    UUID(derivedFrom: data).uuidString.lowercased()
  }

  /// The record with only the files an export writes (``isExportPath(_:)``).
  var exportPaths: ExportRecord {
    var record = self
    record.files.removeAll { !Self.isExportPath($0.path) }
    return record
  }

  /// Where the record of a folder's exports is kept in a folder of records: a file named by a
  /// digest of the folder's resolved path, so every way of writing that path finds it, before
  /// the folder is made as after.
  ///
  /// - Parameters:
  ///   - root: The exported folder.
  ///   - recordsFolder: The folder of records.
  /// - Returns: The record's path.
  static func path(forFolder root: String, in recordsFolder: String) -> String {
    "\(recordsFolder)/\(digest(of: Data(FilePaths.resolved(root).utf8))).json"
  }

  /// Whether a path is one an export writes: relative, in at most
  /// `MarkdownFolderWriter.maximumDepth` folders (a nested notebook's), with no `.` or `..`
  /// parts.
  static func isExportPath(_ path: String) -> Bool {
    let parts = path.split(separator: "/", omittingEmptySubsequences: false)
    return (1...MarkdownFolderWriter.maximumDepth + 1).contains(parts.count) && !path.hasPrefix("/")
      && parts.allSatisfy { !$0.isEmpty && $0 != "." && $0 != ".." }
  }

  /// Writes the record before an export writes anything, making the folders it is kept in
  /// (owner-only) where they are missing.
  ///
  /// - Parameters:
  ///   - path: The record's file.
  ///   - flushing: Whether to wait until the record is on the disk.
  /// - Throws: ``AtomicFile/Failure`` saying what is in the way (a file where a folder goes, a
  ///   disk that can't be written) and that nothing was exported.
  func writeBeforeExporting(to path: String, flushing: Bool) throws(AtomicFile.Failure) {
    let unkept = { (why: String) in
      AtomicFile.Failure(
        path: path,
        reason: "the record of what FieldNotes exports can't be kept there (\(why)); nothing "
          + "was exported")
    }
    let folder = FilePaths.folder(of: path)
    var made = folder.hasPrefix("/") ? "" : "."
    for part in folder.split(separator: "/") {
      made += "/\(part)"
      var status = stat()
      if stat(made, &status) == 0 {
        guard status.st_mode & S_IFMT == S_IFDIR else { throw unkept("\(made) is not a folder") }
      } else if mkdir(made, 0o700) != 0, errno != EEXIST {
        throw unkept("\(made): \(String(cString: strerror(errno)))")
      }
    }
    do { try write(file: path, flushing: flushing) } catch { throw unkept(error.reason) }
  }

  /// The record in a file; an empty one when there is none, or it can't be read.
  static func read(file path: String) -> ExportRecord {
    guard let data = try? AtomicFile.read(path, limit: 1 << 28),
      let record = try? JSONDecoder().decode(ExportRecord.self, from: data),
      record.format == ExportRecord().format
    else { return ExportRecord() }
    return record
  }

  /// Writes the record to a file, atomically and owner-only.
  func write(file path: String, flushing: Bool) throws(AtomicFile.Failure) {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    guard let data = try? encoder.encode(self) else {
      throw AtomicFile.Failure(path: path, reason: "the record of the export can't be made")
    }
    try AtomicFile.write(data, to: path, flushing: flushing)
  }

  /// Whether FieldNotes wrote exactly these bytes at a path.
  func wrote(_ data: Data, at path: String) -> Bool {
    let digest = Self.digest(of: data)
    return files.contains { $0.path == path && $0.digest == digest }
  }

  /// Whether FieldNotes wrote something at a path (what is there now may be other bytes).
  func wroteSomething(at path: String) -> Bool {
    files.contains { $0.path == path }
  }
}
