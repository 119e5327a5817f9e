import FieldNotesPlatform
import FieldNotesServices
import Foundation
import Synchronization

extension ExternalEditor {
  /// Holds unsaved text in a file of this store's folder, written and locked as the user's
  /// editor's are, so the one mechanism that keeps a killed editor's text keeps it too: while
  /// the lock is held no session takes the file, and once this session ends, however it ends,
  /// the next one keeps its text as a draft (``leftoverEdits()``).
  ///
  /// New text replaces the file's whole: it is written beside it, then renamed over it, so a
  /// session killed midway leaves the text before, never half of the new. Nothing is synced
  /// to the disk: the file is there for a process that dies, which the system outlives.
  ///
  /// - Parameters:
  ///   - text: The text.
  ///   - fileName: The file's name, after the prefix that makes it unique.
  ///   - held: The file a call before returned, or `nil`.
  /// - Returns: The file; `nil` for a store in memory, whose text goes with it and whose folder
  ///   no other session reads.
  /// - Throws: ``FieldNotesServices/TextEditingError/fileProblem(_:)`` when neither the file
  ///   held nor a new one could be written; the file held is as it was.
  public func hold(_ text: Data, fileName: String, replacing held: HeldText?)
    throws(TextEditingError) -> HeldText?
  {
    guard !isInMemory else { return nil }
    if let held, held.holder is HeldLock, Self.replace(held.path, with: text) { return held }
    // A first file, or one gone from under its lock (its folder removed by hand): a new one.
    let (path, lock) = try write(text, named: fileName)
    if let held { letGo(held) }
    return HeldText(path: path, holder: HeldLock(lock))
  }

  /// Adds text at the end of a held file, in one write.
  ///
  /// - Parameters:
  ///   - more: The text.
  ///   - held: The file.
  /// - Throws: ``FieldNotesServices/TextEditingError/fileProblem(_:)`` when it couldn't be
  ///   added (the file gone, the disk full).
  public func hold(appending more: Data, to held: HeldText) throws(TextEditingError) {
    let descriptor = open(held.path, O_WRONLY | O_APPEND | O_NOFOLLOW | O_CLOEXEC)
    guard descriptor >= 0 else {
      throw .fileProblem("\(held.path) can't be opened: \(String(cString: strerror(errno)))")
    }
    defer { close(descriptor) }
    guard ChildProcess.write(Array(more), to: descriptor) else {
      throw .fileProblem("\(held.path) can't be added to: \(String(cString: strerror(errno)))")
    }
  }

  /// Removes a held file, then lets go of its lock, and removes the store's folder if that
  /// leaves it empty.
  ///
  /// - Parameter held: The file.
  public func letGo(_ held: HeldText) {
    unlink(held.path)
    unlink(held.path + Self.writingSuffix)
    unlink(held.path + Self.lockSuffix)
    (held.holder as? HeldLock)?.release()
    removeFolderIfEmpty()
  }

  /// The end of the name of the file new text is written to before it replaces a held file's.
  static let writingSuffix = ".writing"

  /// Writes a held file's new text beside it, then renames it over it.
  ///
  /// - Returns: Whether the text replaced the file's.
  private static func replace(_ path: String, with text: Data) -> Bool {
    let writing = path + writingSuffix
    let descriptor = open(writing, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else { return false }
    let written = ChildProcess.write(Array(text), to: descriptor)
    close(descriptor)
    guard written, rename(writing, path) == 0 else {
      unlink(writing)
      return false
    }
    return true
  }
}

/// The lock of a held file: held until ``ExternalEditor/letGo(_:)`` releases it, or the last
/// ``FieldNotesServices/HeldText`` naming it goes, or the process ends.
final class HeldLock: Sendable {
  private let descriptor: Mutex<Int32?>

  init(_ descriptor: Int32) { self.descriptor = Mutex(descriptor) }

  /// Releases the lock, once.
  func release() {
    descriptor.withLock { descriptor in
      if let held = descriptor { ExternalEditor.release(lock: held) }
      descriptor = nil
    }
  }

  deinit { release() }
}
