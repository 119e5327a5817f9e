import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writes files that only their owner can read, atomically: a temporary file beside the target,
/// created `0600`, written, flushed to disk, then renamed over the target.
enum PrivateFile {
  static func write(_ data: Data, to path: String) throws(AppError) {
    let directory = (path as NSString).deletingLastPathComponent
    var template = Array(
      "\(directory.isEmpty ? "." : directory)/.fieldnotes-export-XXXXXX".utf8CString)
    let descriptor = template.withUnsafeMutableBufferPointer { buffer in
      buffer.baseAddress.map { mkstemp($0) } ?? -1
    }
    guard descriptor >= 0 else { throw .file(path: path, reason: String(cString: strerror(errno))) }
    let temporaryPath = String(
      decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
    var written = 0
    let ok = data.withUnsafeBytes { bytes -> Bool in
      while written < bytes.count {
        let result = systemWrite(
          descriptor, bytes.baseAddress?.advanced(by: written), bytes.count - written)
        guard result > 0 else { return false }
        written += result
      }
      return fsync(descriptor) == 0
    }
    let reason = String(cString: strerror(errno))
    close(descriptor)
    guard ok, rename(temporaryPath, path) == 0 else {
      let renameReason = String(cString: strerror(errno))
      unlink(temporaryPath)
      throw .file(path: path, reason: ok ? renameReason : reason)
    }
  }
}

/// The system `write(2)`, named apart from Swift's own `write` overloads.
private func systemWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int {
  #if canImport(Glibc)
    Glibc.write(descriptor, buffer, count)
  #else
    Darwin.write(descriptor, buffer, count)
  #endif
}
