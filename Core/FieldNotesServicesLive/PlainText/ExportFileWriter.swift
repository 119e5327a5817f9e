import FieldNotesModel
import FieldNotesPlatform
import Foundation

/// Writes a whole export to one file (`export FILE.json`, `export FILE.md`), never over a file
/// that isn't FieldNotes' own.
///
/// A file there already is replaced only while it holds exactly the bytes an earlier export
/// wrote there, as a record of the exports kept in FieldNotes' state folder says (see
/// `ExportRecord`), or exactly what this export writes: so `export backup.json` run every night
/// replaces its own file, while a `notes.md` of the user's, or a backup edited by hand since, is
/// never written over.
public enum ExportFileWriter {
  /// Writes the file.
  ///
  /// - Parameters:
  ///   - data: The export.
  ///   - path: The file.
  ///   - sparedPaths: Files never to write over (the open store's).
  ///   - recordPath: The record of what single-file exports wrote where; `nil` where there is no
  ///     state folder to keep one in, when only a file already holding these bytes is replaced.
  /// - Throws: ``AtomicFile/Failure`` naming the file; nothing was written then.
  public static func write(
    _ data: Data, to path: String, sparing sparedPaths: [String], record recordPath: String?
  ) throws(AtomicFile.Failure) {
    // The store's own files, a link, a device: refused as they are, before anything else.
    try AtomicFile.requireWritableTarget(path, sparing: sparedPaths)
    let place = FilePaths.resolved(path)
    let record = recordPath.map(ExportRecord.read(file:)) ?? ExportRecord()
    var status = stat()
    if lstat(path, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG {
      let existing: Data
      do { existing = try AtomicFile.read(path, limit: 1 << 30) } catch {
        throw AtomicFile.Failure(path: path, reason: "\(error.reason); nothing was exported")
      }
      guard existing == data || record.wrote(existing, at: place) else {
        throw AtomicFile.Failure(
          path: path,
          reason: record.wroteSomething(at: place)
            ? "changed since FieldNotes exported it, so it is yours now; nothing was exported "
              + "(choose another name, or move it away)"
            : "is there already and is not a file FieldNotes exported; nothing was exported "
              + "(choose another name, or move it away)")
      }
    }
    let entry = ExportRecord.Entry(path: place, id: UUID(), digest: ExportRecord.digest(of: data))
    // Recorded before the file is written, beside what was there, so an export cut short
    // leaves the file it wrote provably its own.
    var during = record
    during.files.append(entry)
    // A record that can't be kept stops the export: written without it, the file would be
    // refused as the user's by the next export to it.
    if let recordPath { try during.writeBeforeExporting(to: recordPath, flushing: true) }
    try AtomicFile.write(data, to: path, sparing: sparedPaths)
    var after = record
    after.files.removeAll { $0.path == place }
    after.files.append(entry)
    if let recordPath { try? after.write(file: recordPath, flushing: true) }
  }
}
