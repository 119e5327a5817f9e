import Foundation

/// A fresh directory under the system's temporary directory, removed when the test is done.
final class TemporaryDirectory {
  let path: String

  init() {
    path = NSTemporaryDirectory() + "fieldnotes-tests-" + UUID().uuidString
    try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
  }

  deinit {
    try? FileManager.default.removeItem(atPath: path)
  }

  func file(_ name: String) -> String { "\(path)/\(name)" }

  func bytes(of name: String) -> Data? { FileManager.default.contents(atPath: file(name)) }

  func permissions(of path: String) -> Int? {
    (try? FileManager.default.attributesOfItem(atPath: path))?[.posixPermissions] as? Int
  }
}
