import FieldNotesModel
import FieldNotesPlatform
import FieldNotesServices
import Foundation

/// The live ``FieldNotesServices/TextEditing``: the editor the user chose, started on the
/// terminal the way git starts one.
///
/// The command is `$VISUAL` (unless the terminal is dumb), else `$EDITOR`, else `vi` where there
/// is a terminal; it runs through the shell, so `EDITOR="code --wait"` works, with the file's
/// path as its last argument. The file is written owner-only in a folder made owner-only, and
/// removed once read back. While the editor runs, a lock file beside it is held: a file whose
/// lock no one holds was left by a FieldNotes that stopped mid-edit, and ``leftoverEdits()``
/// hands it back so its text is kept.
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
    let lock = Self.hold(lockOf: path)
    // The file is removed once read, unless what it holds couldn't be taken: then it stays,
    // named in the message, so nothing the user wrote is lost.
    var keepsFile = false
    defer {
      if !keepsFile { try? FileManager.default.removeItem(atPath: path) }
      try? FileManager.default.removeItem(atPath: path + Self.lockSuffix)
      if let lock { close(lock) }
    }
    let termination: ChildProcess.Termination
    do {
      termination = try await ChildProcess.run(
        "/bin/sh", arguments: ["-c", Self.script(running: command), command, path],
        environment: environment, standardInput: Self.input(hasTerminal: hasTerminal))
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
    do { return try Self.readBack(path) } catch {
      keepsFile = error.keepsFile
      throw error.problem
    }
  }

  /// The shell script that runs the editor on the path given as `$1`, git's way.
  ///
  /// A plain command (a program and its arguments, no shell syntax) is `exec`'d, so the editor
  /// is the process FieldNotes waits for: an editor that lives through a Ctrl-C (`ed`) then
  /// isn't taken for ended by it, as a shell waiting for it would be.
  ///
  /// - Parameter command: The editor command, such as `vi` or `code --wait`.
  /// - Returns: The script for `sh -c`.
  static func script(running command: String) -> String {
    let shellSyntax = Set("|&;<>()$`\\\"'\t\n*?[#~=%")
    let isPlain = !command.contains(where: shellSyntax.contains)
    return (isPlain ? "exec " : "") + command + " \"$@\""
  }

  /// Where the editor reads: this process's terminal, or in a script the terminal if there is
  /// one, and otherwise nothing, never the script's own lines.
  private static func input(hasTerminal: Bool) -> ChildProcess.Stream {
    if hasTerminal { return .inherited }
    let terminal = open("/dev/tty", O_RDWR | O_CLOEXEC)
    guard terminal >= 0 else { return .file("/dev/null") }
    close(terminal)
    return .file("/dev/tty")
  }

  /// Why what the editor left couldn't be taken, and whether the file stays for the user.
  private struct ReadBackError: Error {
    var problem: TextEditingError
    var keepsFile: Bool
  }

  /// Reads back what the editor left: a plain file (a link is not followed) within the size of
  /// the largest note.
  private static func readBack(_ path: String) throws(ReadBackError) -> Data {
    var status = stat()
    guard lstat(path, &status) == 0 else {
      throw ReadBackError(
        problem: .fileProblem("the editor left no file at \(path)"), keepsFile: false)
    }
    guard status.st_mode & S_IFMT == S_IFREG else {
      throw ReadBackError(
        problem: .fileProblem(
          "the editor left something other than a file at \(path) (a link, a pipe or a folder), "
            + "so nothing was taken"), keepsFile: true)
    }
    guard Int(status.st_size) <= NoteDocument.maximumBytes else {
      throw ReadBackError(
        problem: .fileProblem(
          "the editor left \(status.st_size) bytes, more than the \(NoteDocument.maximumBytes) a "
            + "note may hold, so nothing was taken; the file is kept at \(path)"), keepsFile: true)
    }
    let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
    guard descriptor >= 0 else {
      throw ReadBackError(
        problem: .fileProblem(
          "\(path) can't be read (\(String(cString: strerror(errno)))); it is kept there"),
        keepsFile: true)
    }
    defer { close(descriptor) }
    var bytes: [UInt8] = []
    ChildProcess.read(descriptor) { chunk in
      if bytes.count <= NoteDocument.maximumBytes { bytes += chunk }
    }
    return Data(bytes.prefix(NoteDocument.maximumBytes + 1))
  }

  /// The files of edits whose FieldNotes stopped while their editor ran: no one holds their
  /// lock.
  ///
  /// - Returns: The leftover edits, by name.
  public func leftoverEdits() -> [LeftoverEdit] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
    // An editor's own files beside it (vim's `.…md.swp`) are not edits.
    return names.sorted().filter { $0.hasSuffix(".md") && !$0.hasPrefix(".") }.compactMap { name in
      let path = folder + "/" + name
      guard let lock = Self.hold(lockOf: path) else { return nil }
      defer { close(lock) }
      // One that couldn't be taken when it was written (too large, a link) stays for the user.
      guard let text = try? Self.readBack(path) else { return nil }
      let given = name.drop { $0 != "-" }.dropFirst()
      return LeftoverEdit(
        fileName: String(given.isEmpty ? name[...] : given), text: text, path: path)
    }
  }

  /// Removes a leftover edit's file and its lock.
  ///
  /// - Parameter edit: The leftover edit.
  public func forget(_ edit: LeftoverEdit) {
    try? FileManager.default.removeItem(atPath: edit.path)
    try? FileManager.default.removeItem(atPath: edit.path + Self.lockSuffix)
  }

  /// The end of a lock file's name: the edited file's name, then this.
  static let lockSuffix = ".lock"

  /// Takes the lock of an edited file, without waiting.
  ///
  /// - Parameter path: The edited file.
  /// - Returns: The lock's descriptor, which holds it until closed; `nil` when another
  ///   process holds it (its edit is running) or it can't be made.
  static func hold(lockOf path: String) -> Int32? {
    let descriptor = open(path + lockSuffix, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else { return nil }
    guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
      close(descriptor)
      return nil
    }
    return descriptor
  }

  /// Writes the text to a new owner-only file in the owner-only folder.
  private func write(_ text: Data, named fileName: String) throws(TextEditingError) -> String {
    do {
      try FileManager.default.createDirectory(
        atPath: folder, withIntermediateDirectories: true,
        attributes: [.posixPermissions: 0o700])
      try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: folder)
    } catch {
      let reason = error.localizedDescription
      throw .fileProblem(
        "\(folder) can't be made: \(reason.hasSuffix(".") ? String(reason.dropLast()) : reason)")
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
