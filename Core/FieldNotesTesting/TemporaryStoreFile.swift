import Foundation

/// A store file's path in a fresh temporary folder, removed with the folder when the test is
/// done: where a test opens two stores on one file, as two FieldNotes processes do.
public final class TemporaryStoreFile {
  /// The store file's path; nothing is there until a store is opened at it.
  public let path: String
  private let folder: String

  /// Makes the folder.
  public init() {
    folder = NSTemporaryDirectory() + "fieldnotes-tests-" + UUID().uuidString
    try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    path = folder + "/notes.sqlite"
  }

  deinit {
    try? FileManager.default.removeItem(atPath: folder)
  }
}
