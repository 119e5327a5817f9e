import FieldNotesPlatform
import Foundation

/// Writes and reads whole files safely.
///
/// A write goes to a temporary file beside the target, created with the requested permissions,
/// flushed to disk, then renamed over the target: a reader sees the old file or the new one,
/// never half of one, even after a crash. A read refuses symbolic links and anything that is
/// not a regular file, and stops at a size cap.
public enum AtomicFile {
  /// Why a file could not be written or read.
  public struct Failure: Error, Equatable, Sendable {
    /// The file.
    public var path: String
    /// What went wrong, in words.
    public var reason: String

    /// Creates a failure.
    ///
    /// - Parameters:
    ///   - path: The file.
    ///   - reason: What went wrong.
    public init(path: String, reason: String) {
      self.path = path
      self.reason = reason
    }
  }

  /// Writes data to a file atomically, only ever creating or replacing a regular file.
  ///
  /// A symbolic link, a folder, a device or a pipe at the path is refused rather than replaced,
  /// and so is any of the files to spare (such as an open store and its `-wal` and `-shm`),
  /// whatever path names it.
  ///
  /// - Parameters:
  ///   - data: The whole content.
  ///   - path: The file to create or replace.
  ///   - permissions: The new file's permissions; owner read and write only by default.
  ///   - sparedPaths: Files never to write over; none by default.
  ///   - flushing: Whether to flush the file and its folder to disk before returning; one who
  ///     writes many files turns it off and flushes once at the end (`sync`).
  ///   - replacing: Whether a file at the path may be replaced; when not, the file is linked at
  ///     its name, which fails when anything has that name, so a file another program made
  ///     there since the caller looked is never written over (on a disk without links, it is
  ///     renamed there only while nothing is).
  /// - Throws: ``Failure``; the target is then unchanged and no temporary file is left.
  public static func write(
    _ data: Data, to path: String, permissions: mode_t = 0o600,
    sparing sparedPaths: [String] = [], flushing: Bool = true, replacing: Bool = true
  ) throws(Failure) {
    try requireWritableTarget(path, sparing: sparedPaths)
    let directory = FilePaths.folder(of: path)
    var template = Array("\(directory)/.fieldnotes-XXXXXX".utf8CString)
    let descriptor = template.withUnsafeMutableBufferPointer { buffer in
      buffer.baseAddress.map { mkstemp($0) } ?? -1
    }
    guard descriptor >= 0 else { throw Failure(path: path, reason: errorText()) }
    let temporaryPath = String(
      decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
    var failure: String?
    if fchmod(descriptor, permissions) != 0 { failure = errorText() }
    if failure == nil {
      failure = data.withUnsafeBytes { bytes -> String? in
        var written = 0
        while written < bytes.count {
          let result = Platform.write(
            descriptor, bytes.baseAddress?.advanced(by: written), bytes.count - written)
          if result < 0, errno == EINTR { continue }
          guard result > 0 else { return errorText() }
          written += result
        }
        return !flushing || Platform.flush(descriptor) ? nil : errorText()
      }
    }
    close(descriptor)
    if failure == nil { failure = place(temporaryPath, at: path, replacing: replacing) }
    if let failure {
      unlink(temporaryPath)
      throw Failure(path: path, reason: failure)
    }
    if flushing { syncDirectory(directory.isEmpty ? "." : directory) }
  }

  /// Gives a written temporary file its name: by renaming it, or, where nothing may be
  /// replaced, by linking it (and letting the temporary name go).
  ///
  /// - Returns: Why it failed, or `nil`.
  private static func place(_ temporaryPath: String, at path: String, replacing: Bool) -> String? {
    if replacing { return rename(temporaryPath, path) == 0 ? nil : errorText() }
    if link(temporaryPath, path) == 0 {
      unlink(temporaryPath)
      return nil
    }
    if errno == EEXIST { return "is there already, and is left as it is" }
    // A disk that has no links (FAT): renamed, once more checking that nothing is there.
    var status = stat()
    guard lstat(path, &status) != 0 else { return "is there already, and is left as it is" }
    return rename(temporaryPath, path) == 0 ? nil : errorText()
  }

  /// The size of a regular file that ``read(_:limit:)`` would read, found by opening it as
  /// that does, without reading it: so a file can be checked long before it is read.
  ///
  /// - Parameters:
  ///   - path: The file.
  ///   - limit: The largest size read, in bytes.
  /// - Returns: The file's size in bytes.
  /// - Throws: ``Failure`` when the file is a link, not a regular file, too large or unreadable.
  public static func readableSize(of path: String, limit: Int) throws(Failure) -> Int {
    let descriptor = try openRegularFile(path, limit: limit)
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0 else { throw Failure(path: path, reason: errorText()) }
    return Int(status.st_size)
  }

  /// Reads a regular file, refusing symbolic links and files over a size.
  ///
  /// - Parameters:
  ///   - path: The file.
  ///   - limit: The largest size read, in bytes.
  /// - Returns: The file's content.
  /// - Throws: ``Failure`` when the file is a link, not a regular file, too large or unreadable.
  public static func read(_ path: String, limit: Int) throws(Failure) -> Data {
    let descriptor = try openRegularFile(path, limit: limit)
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0 else { throw Failure(path: path, reason: errorText()) }
    var data = Data()
    // Room for the whole file at once, so a large one is never held twice while it grows.
    data.reserveCapacity(Int(status.st_size))
    var buffer = [UInt8](repeating: 0, count: 65_536)
    while true {
      let count = buffer.withUnsafeMutableBytes {
        Platform.read(descriptor, $0.baseAddress, $0.count)
      }
      if count < 0, errno == EINTR { continue }
      guard count >= 0 else { throw Failure(path: path, reason: errorText()) }
      if count == 0 { return data }
      data.append(contentsOf: buffer[..<count])
      guard data.count <= limit else {
        throw Failure(path: path, reason: "is larger than \(size(limit))")
      }
    }
  }

  /// Opens a regular file for reading, refusing symbolic links, anything else, and files over a
  /// size; the caller closes the descriptor.
  private static func openRegularFile(_ path: String, limit: Int) throws(Failure) -> Int32 {
    // Without blocking: opening a pipe for reading waits for a writer, which may never come.
    let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
    guard descriptor >= 0 else {
      let reason =
        switch errno {
        case ELOOP: "is a symbolic link"
        case ENOENT: "does not exist"
        case EACCES, EPERM: "cannot be read (no permission)"
        default: errorText()
        }
      throw Failure(path: path, reason: reason)
    }
    var status = stat()
    guard fstat(descriptor, &status) == 0 else {
      let reason = errorText()
      close(descriptor)
      throw Failure(path: path, reason: reason)
    }
    guard (status.st_mode & S_IFMT) == S_IFREG else {
      close(descriptor)
      throw Failure(
        path: path,
        reason: (status.st_mode & S_IFMT) == S_IFDIR
          ? "is a folder; name a file in it" : "is not a regular file")
    }
    guard Int(status.st_size) <= limit else {
      close(descriptor)
      throw Failure(path: path, reason: "is larger than \(size(limit))")
    }
    return descriptor
  }

  /// Refuses a path that is not a regular file, or that names one of the files to spare.
  static func requireWritableTarget(_ path: String, sparing sparedPaths: [String])
    throws(Failure)
  {
    var status = stat()
    if lstat(path, &status) == 0 {
      switch status.st_mode & S_IFMT {
      case S_IFREG: break
      case S_IFLNK:
        throw Failure(path: path, reason: "is a symbolic link; FieldNotes writes only to a file")
      case S_IFDIR: throw Failure(path: path, reason: "is a folder; name a file in it instead")
      default:
        throw Failure(
          path: path, reason: "is a device or a pipe, not a file; FieldNotes writes only to a file")
      }
    }
    let target = resolved(path)
    let isSpared = { (spared: String) -> Bool in
      if resolved(spared) == target { return true }
      // Another name of the same file (a hard link) is the same file.
      var sparedStatus = stat()
      return status.st_ino != 0 && stat(spared, &sparedStatus) == 0
        && sparedStatus.st_dev == status.st_dev && sparedStatus.st_ino == status.st_ino
    }
    if sparedPaths.contains(where: isSpared) {
      throw Failure(path: path, reason: "is where FieldNotes keeps your notes; choose another file")
    }
  }

  /// A path with its folder resolved (links, `..`), so two names of one file compare equal.
  private static func resolved(_ path: String) -> String {
    let folder = FilePaths.folder(of: path)
    let name = FilePaths.name(of: path)
    guard let real = realpath(folder, nil) else { return path }
    defer { free(real) }
    return String(cString: real) + "/" + name
  }

  /// Flushes a directory's entries to disk, so a rename survives a power cut.
  static func syncDirectory(_ directory: String) {
    let descriptor = open(directory, O_RDONLY)
    guard descriptor >= 0 else { return }
    _ = Platform.flush(descriptor)
    close(descriptor)
  }

  private static func errorText() -> String { String(cString: strerror(errno)) }

  /// A size in words: "512 MB", or "900 bytes" below a mebibyte.
  private static func size(_ bytes: Int) -> String {
    bytes >= 1_048_576 ? "\(bytes / 1_048_576) MB" : "\(bytes) bytes"
  }
}
