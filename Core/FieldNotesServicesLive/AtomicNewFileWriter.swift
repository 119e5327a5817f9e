import FieldNotesPlatform
import FieldNotesServices
import Foundation

/// Writes new files whole, never over one there (``FieldNotesServices/NewFileWriting``).
///
/// The bytes go to a temporary file beside the target, flushed, then linked at the target's
/// name: a link fails when anything has that name, so a file that appeared meanwhile is kept,
/// and a reader never sees half a file. A missing folder is refused, never made.
public struct AtomicNewFileWriter: NewFileWriting {
  /// Makes the writer.
  public init() {}

  /// Writes the file, refusing when anything is at its path or its folder is missing.
  ///
  /// - Parameters:
  ///   - data: The whole content.
  ///   - path: The file.
  /// - Throws: ``FieldNotesServices/NewFileError``; nothing was written then.
  public func create(_ data: Data, at path: String) throws(NewFileError) {
    var status = stat()
    guard lstat(path, &status) != 0 else {
      throw NewFileError(
        path: path,
        reason: (status.st_mode & S_IFMT) == S_IFDIR
          ? "is a folder; name a file in it" : "is there already, and is left as it is")
    }
    let folder = FilePaths.folder(of: path)
    guard stat(folder, &status) == 0, (status.st_mode & S_IFMT) == S_IFDIR else {
      throw NewFileError(
        path: path, reason: "is in a folder that doesn't exist (\(folder)); make it first")
    }
    let temporary = "\(folder)/.fieldnotes-new-\(UUID().uuidString)"
    do {
      try AtomicFile.write(data, to: temporary)
    } catch {
      throw NewFileError(path: path, reason: "can't be written: \(error.reason)")
    }
    defer { unlink(temporary) }
    guard link(temporary, path) == 0 else {
      let reason =
        errno == EEXIST
        ? "is there already, and is left as it is" : String(cString: strerror(errno))
      throw NewFileError(path: path, reason: reason)
    }
    AtomicFile.syncDirectory(folder)
  }
}
