import FieldNotesPlatform
import Foundation

/// A folder of a test's own, removed when the test lets go of it.
final class TemporaryFolder {
  /// Its path.
  let path = NSTemporaryDirectory() + "fieldnotes-platform-" + UUID().uuidString

  /// Its physical path, every link resolved by `realpath`, as a program started in it sees it
  /// (`/var/folders/…` is `/private/var/folders/…` on macOS, which Foundation's
  /// `resolvingSymlinksInPath` would strip again).
  var resolvedPath: String { FilePaths.resolved(path) }

  /// Makes the folder.
  init() throws {
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
  }

  deinit {
    try? FileManager.default.removeItem(atPath: path)
  }
}
