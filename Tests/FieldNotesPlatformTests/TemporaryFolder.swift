import Foundation

/// A folder of a test's own, removed when the test lets go of it.
final class TemporaryFolder {
  /// Its path.
  let path = NSTemporaryDirectory() + "fieldnotes-platform-" + UUID().uuidString

  /// Its path with every link resolved, as a program started in it sees it (`/tmp` is
  /// `/private/tmp` on macOS).
  var resolvedPath: String { URL(fileURLWithPath: path).resolvingSymlinksInPath().path }

  /// Makes the folder.
  init() throws {
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
  }

  deinit {
    try? FileManager.default.removeItem(atPath: path)
  }
}
