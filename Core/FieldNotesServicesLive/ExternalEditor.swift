import FieldNotesPlatform
import FieldNotesServices
import Foundation

/// The live ``FieldNotesServices/TextEditing``: the editor the user chose, started on the
/// terminal the way git starts one.
///
/// The command is `$VISUAL` (unless the terminal is dumb), else `$EDITOR`, else `vi` where there
/// is a terminal; it runs through the shell, so `EDITOR="code --wait"` works, with the file's
/// path as its last argument. The file is written owner-only in a folder made owner-only, and
/// removed once read back.
public struct ExternalEditor: TextEditing {
  /// The environment the editor is chosen from and started with.
  let environment: [String: String]
  /// Whether FieldNotes runs at a terminal, where `vi` may be started when no editor is set.
  let hasTerminal: Bool
  /// The folder the file is written in.
  let folder: String

  /// Creates the editor service.
  ///
  /// - Parameters:
  ///   - environment: The environment the editor is chosen from and started with.
  ///   - hasTerminal: Whether FieldNotes runs at a terminal.
  ///   - folder: The folder files are written in; made owner-only when first used.
  public init(environment: [String: String], hasTerminal: Bool, folder: String) {
    self.environment = environment
    self.hasTerminal = hasTerminal
    self.folder = folder
  }

  /// The shell command that starts the editor, as git chooses it; `nil` when there is none.
  ///
  /// - Parameters:
  ///   - environment: The process environment.
  ///   - hasTerminal: Whether there is a terminal to run `vi` on.
  /// - Returns: The command, without the file's path.
  static func command(environment: [String: String], hasTerminal: Bool) -> String? {
    let isDumb = environment["TERM"] == "dumb"
    if let visual = environment["VISUAL"], !visual.isEmpty, !isDumb { return visual }
    if let editor = environment["EDITOR"], !editor.isEmpty { return editor }
    return hasTerminal && !isDumb ? "vi" : nil
  }

  /// Writes the text to a file of its own, runs the editor on it, and reads it back.
  ///
  /// - Parameters:
  ///   - text: The file's bytes.
  ///   - fileName: The end of the file's name, such as `note.md`.
  /// - Returns: The file as the editor left it.
  /// - Throws: ``FieldNotesServices/TextEditingError``; the file is removed either way.
  public func edit(_ text: Data, fileName: String) async throws(TextEditingError) -> Data {
    guard let command = Self.command(environment: environment, hasTerminal: hasTerminal) else {
      throw .noEditor
    }
    let path = try write(text, named: fileName)
    defer { try? FileManager.default.removeItem(atPath: path) }
    let termination: ChildProcess.Termination
    do {
      // git's way: the command is the shell's, the path its first positional argument.
      termination = try await ChildProcess.run(
        "/bin/sh", arguments: ["-c", command + " \"$@\"", command, path],
        environment: environment)
    } catch {
      throw .cannotStart(error.errorDescription ?? "\(error)")
    }
    switch termination {
    case .exited(0): break
    case .exited(127): throw .cannotStart("the shell found no command “\(command)”")
    // The shell the editor runs in reports a signal that ended it as 128 plus its number.
    case .exited(let status) where (129...192).contains(status):
      throw .killed(signal: status - 128)
    case .exited(let status): throw .failed(status: status)
    case .signalled(let signal): throw .killed(signal: signal)
    case .lost: throw .fileProblem("the editor's end could not be seen")
    }
    guard let edited = FileManager.default.contents(atPath: path) else {
      throw .fileProblem("the editor left no file at \(path)")
    }
    return edited
  }

  /// Writes the text to a new owner-only file in the owner-only folder.
  private func write(_ text: Data, named fileName: String) throws(TextEditingError) -> String {
    do {
      try FileManager.default.createDirectory(
        atPath: folder, withIntermediateDirectories: true,
        attributes: [.posixPermissions: 0o700])
      try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: folder)
    } catch {
      throw .fileProblem("\(folder) can't be made: \(error.localizedDescription)")
    }
    let path = folder + "/" + UUID().uuidString.lowercased().prefix(8) + "-" + fileName
    let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else {
      throw .fileProblem("\(path) can't be written: \(String(cString: strerror(errno)))")
    }
    defer { close(descriptor) }
    guard ChildProcess.write(Array(text), to: descriptor) else {
      throw .fileProblem("\(path) can't be written: \(String(cString: strerror(errno)))")
    }
    return path
  }
}
