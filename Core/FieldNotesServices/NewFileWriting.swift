import Foundation

/// Writes a new file where the user asked, never over anything there: how a note's attachment
/// is saved out (`attachment save N PATH`), since a file outside the store is the user's.
///
/// The live writer (`AtomicNewFileWriter`, in `FieldNotesServicesLive`) writes the whole file
/// beside its place and then links it there, so the file appears whole or not at all, and a file
/// that appeared meanwhile is never replaced.
public protocol NewFileWriting: Sendable {
  /// Writes a file that must not exist yet, in a folder that must.
  ///
  /// - Parameters:
  ///   - data: The whole content.
  ///   - path: The file.
  /// - Throws: ``NewFileError``; nothing was written then.
  func create(_ data: Data, at path: String) throws(NewFileError)
}

/// Why a new file was not written; nothing was.
public struct NewFileError: Error, Hashable, LocalizedError {
  /// The file.
  public var path: String
  /// Why, to follow the path: "is there already", "is in a folder that doesn't exist".
  public var reason: String

  /// Creates the error.
  ///
  /// - Parameters:
  ///   - path: The file.
  ///   - reason: Why it was not written.
  public init(path: String, reason: String) {
    self.path = path
    self.reason = reason
  }

  /// The message a user sees.
  public var errorDescription: String? { "\(path) \(reason); nothing was written" }
}

/// A writer that writes nothing: for a session, or a test, that saves no file.
public struct UnavailableNewFileWriter: NewFileWriting {
  /// Makes the writer.
  public init() {}

  /// Refuses.
  ///
  /// - Parameters:
  ///   - data: Ignored.
  ///   - path: The file.
  /// - Throws: ``NewFileError``, always.
  public func create(_ data: Data, at path: String) throws(NewFileError) {
    throw NewFileError(path: path, reason: "can't be written: this session writes no files")
  }
}
