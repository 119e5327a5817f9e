import Foundation

/// A service that hands a file's text to the editor the user chose and brings back what they
/// left in it: `$VISUAL`, else `$EDITOR`, else `vi`, as git chooses.
///
/// It is a dependency like the store and the summarizer: the app composes the live one
/// (``FieldNotesServicesLive`` starts the editor on the terminal), and a view model's tests
/// use a double (`ScriptedTextEditor` in FieldNotesTesting) that edits on cue, so a test of
/// the composer never starts a program.
public protocol TextEditing: Sendable {
  /// Opens text in the editor and returns the text as the editor left it.
  ///
  /// - Parameters:
  ///   - text: The file's bytes, as the editor is given them.
  ///   - fileName: A name for the file, whose extension tells the editor what it holds, such
  ///     as `note.md`.
  /// - Returns: The file's bytes once the editor exited cleanly.
  /// - Throws: ``TextEditingError`` when there is no editor to start, it could not be
  ///   started, or it failed; nothing the editor wrote is returned then.
  func edit(_ text: Data, fileName: String) async throws(TextEditingError) -> Data

  /// The files of edits still there because FieldNotes stopped while their editor ran (a
  /// crash, a kill), which no running edit holds: their text is the user's, to be kept.
  ///
  /// - Returns: The files, oldest name first.
  func leftoverEdits() -> [LeftoverEdit]

  /// Removes a leftover edit's file, once what it holds is kept elsewhere.
  ///
  /// - Parameter edit: The leftover edit.
  func forget(_ edit: LeftoverEdit)
}

extension TextEditing {
  /// None: an editor that leaves no files behind.
  public func leftoverEdits() -> [LeftoverEdit] { [] }

  /// Nothing to remove.
  ///
  /// - Parameter edit: The leftover edit.
  public func forget(_ edit: LeftoverEdit) {}
}

/// A file an editor was given that is still there because FieldNotes stopped while the editor
/// ran.
public struct LeftoverEdit: Hashable, Sendable {
  /// The name it was given, as ``TextEditing/edit(_:fileName:)`` got it, such as `note.md`.
  public var fileName: String
  /// What the file holds now.
  public var text: Data
  /// Where it is, for ``TextEditing/forget(_:)``.
  public var path: String

  /// Creates a leftover edit.
  ///
  /// - Parameters:
  ///   - fileName: The name the edit was given.
  ///   - text: What the file holds.
  ///   - path: Where it is.
  public init(fileName: String, text: Data, path: String) {
    self.fileName = fileName
    self.text = text
    self.path = path
  }
}

/// Why editing in the user's editor gave nothing back.
public enum TextEditingError: Error, Hashable, LocalizedError {
  /// No editor is set and there is no terminal to run `vi` on (a script).
  case noEditor
  /// The editor could not be started: why.
  case cannotStart(String)
  /// The editor exited with this status (`:cq` in vi).
  case failed(status: Int32)
  /// This signal ended the editor.
  case killed(signal: Int32)
  /// The file handed to the editor could not be written or read back: why.
  case fileProblem(String)

  /// A message for the user.
  public var errorDescription: String? {
    switch self {
    case .noEditor:
      "No editor is set, and vi can't run here (there is no terminal, or TERM is dumb): set "
        + "VISUAL or EDITOR."
    case .cannotStart(let reason):
      "The editor could not be started: \(reason)."
    case .failed(let status):
      "The editor exited with status \(status), so nothing it wrote was taken."
    case .killed(let signal):
      "The editor was ended by signal \(signal), so nothing it wrote was taken."
    case .fileProblem(let reason):
      "The file for the editor could not be used: \(reason)."
    }
  }
}

/// The editor used where none may run: every edit throws ``TextEditingError/noEditor``.
public struct UnavailableTextEditor: TextEditing {
  /// Creates an editor that is never there.
  public init() {}

  /// Throws ``TextEditingError/noEditor``.
  ///
  /// - Parameters:
  ///   - text: The text that was to be edited.
  ///   - fileName: Its file's name.
  /// - Returns: Never returns.
  /// - Throws: Always ``TextEditingError/noEditor``.
  public func edit(_ text: Data, fileName: String) async throws(TextEditingError) -> Data {
    throw .noEditor
  }
}
