import FieldNotesFormats
import FieldNotesModel
import FieldNotesPlatform
import FieldNotesServices
import Foundation

/// The live ``FieldNotesServices/TextEditing``: the editor the user chose, started on the
/// terminal the way git starts one.
///
/// The command is `$VISUAL` (unless the terminal is dumb), else `$EDITOR`, else `vi` where there
/// is a terminal; it runs through the shell, so `EDITOR="code --wait"` works, with the file's
/// path as its last argument. The file is written owner-only in its store's own folder (see
/// ``Owner``), made owner-only, and removed once read back. While the editor runs, a lock file
/// beside it is held: a file whose lock no one holds was left by a FieldNotes of the same store
/// that stopped mid-edit (or by an editor that died after writing), and ``leftoverEdits()``
/// hands it back so its text is kept in that store. Files of other stores are never taken:
/// ``leftoverEditsOfOtherStores()`` names them.
public struct ExternalEditor: TextEditing {
  /// Whose files an editor writes, which decides the folder they go in: a leftover is taken
  /// only by a session of the store that wrote it.
  public enum Owner: Hashable, Sendable {
    /// The store file at this path.
    case store(path: String)
    /// A store in memory, gone when its session ends: no later session takes its files.
    case inMemory
  }

  /// The environment the editor is chosen from and started with.
  let environment: [String: String]
  /// Whether FieldNotes runs at a terminal, where `vi` may be started when no editor is set.
  let hasTerminal: Bool
  /// The folder of every store's editor files, each store's in a folder of its own.
  let root: String
  /// The folder this store's files are written in.
  let folder: String
  /// Whether the store is in memory: its text goes with its session, so none is held in a file
  /// for a later one.
  let isInMemory: Bool

  /// Creates the editor service.
  ///
  /// - Parameters:
  ///   - environment: The environment the editor is chosen from and started with.
  ///   - hasTerminal: Whether FieldNotes runs at a terminal.
  ///   - folder: The folder of every store's editor files; this store's go in a folder of
  ///     their own in it, made owner-only when first used.
  ///   - owner: The store whose files these are.
  public init(
    environment: [String: String], hasTerminal: Bool, folder: String, owner: Owner
  ) {
    self.environment = environment
    self.hasTerminal = hasTerminal
    root = folder
    self.folder = folder + "/" + Self.folderName(of: owner)
    isInMemory = owner == .inMemory
  }

  /// The name of a store's own folder: `store-` and a digest of the store file's resolved path
  /// (so any way of writing the path names one folder), or `memory-` and a name no other
  /// session has.
  ///
  /// - Parameter owner: The store.
  /// - Returns: The folder's name.
  static func folderName(of owner: Owner) -> String {
    switch owner {
    case .store(let path):
      let digest = UUID(derivedFrom: Array(FilePaths.resolved(path).utf8)).uuidString
      return "store-" + digest.lowercased().filter { $0 != "-" }.prefix(16)
    case .inMemory:
      return "memory-" + UUID().uuidString.lowercased()
    }
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
    let (path, lock) = try write(text, named: fileName)
    // An editor may save the file again after it returns (one started without waiting, as
    // `code` is without `--wait`): the folder stays for it, and the next session takes what it
    // saves. A store in memory's goes, as no later session reads it.
    if !isInMemory { markFolderToStay() }
    // The file is removed once read, unless what it holds couldn't be taken: then it stays,
    // named in the message, so nothing the user wrote is lost.
    var keepsFile = false
    defer {
      if !keepsFile { try? FileManager.default.removeItem(atPath: path) }
      try? FileManager.default.removeItem(atPath: path + Self.lockSuffix)
      Self.release(lock: lock)
      if isInMemory, !keepsFile { removeFolderIfEmpty() }
    }
    let termination: ChildProcess.Termination
    do {
      termination = try await ChildProcess.run(
        "/bin/sh", arguments: ["-c", Self.script(running: command), command, path],
        environment: environment, standardInput: Self.input(hasTerminal: hasTerminal))
    } catch {
      throw .cannotStart(error.errorDescription ?? "\(error)")
    }
    let ending: EditorEnding
    switch termination {
    case .exited(0):
      do { return try Self.readBack(path) } catch {
        keepsFile = error.keepsFile
        throw error.problem
      }
    case .exited(127): throw .cannotStart("the shell found no command “\(command)”")
    // The shell the editor runs in reports a signal that ended it as 128 plus its number.
    case .exited(let status) where (129...192).contains(status): ending = .signal(status - 128)
    case .exited(let status): ending = .status(status)
    case .signalled(let number): ending = .signal(number)
    case .lost: throw .fileProblem("the editor's end could not be seen")
    }
    // An editor that fails after writing the file (`:w`, then a crash; `:cq`; a plugin failing
    // after `:wq`) leaves text that is the user's: the file stays, for its text to be kept.
    let unchanged: TextEditingError =
      switch ending {
      case .status(let status): .failed(status: status)
      case .signal(let signal): .killed(signal: signal)
      }
    let written: Data
    do { written = try Self.readBack(path) } catch {
      keepsFile = error.keepsFile
      throw error.keepsFile ? error.problem : unchanged
    }
    guard written != text else { throw unchanged }
    keepsFile = true
    throw .endedAfterWriting(
      ending,
      LeftoverEdit(
        fileName: fileName, text: written, path: path, modifiedAt: Self.modificationDate(of: path)))
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
  ///
  /// - Parameters:
  ///   - path: The file.
  ///   - mayBeCutShort: Whether the file is FieldNotes' own, written as UTF-8 and perhaps cut
  ///     short by a kill (a held file's next text): a last character cut in two, never written
  ///     whole, is left out, where any other text that isn't UTF-8 is left in its file.
  /// - Returns: The file's bytes.
  /// - Throws: Why nothing was taken, and whether the file stays for the user.
  private static func readBack(_ path: String, mayBeCutShort: Bool = false)
    throws(ReadBackError) -> Data
  {
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
    // A UTF-8 character is at most four bytes: at most three of one cut in two are left.
    let whole = bytes.count
    while mayBeCutShort, whole - bytes.count < 3, !bytes.isEmpty,
      String(validating: bytes, as: UTF8.self) == nil
    {
      bytes.removeLast()
    }
    // Text that isn't UTF-8 (an editor set to Latin-1) would lose its letters if read as
    // UTF-8: it is left where it is for the user, never taken.
    guard String(validating: bytes, as: UTF8.self) != nil else {
      throw ReadBackError(
        problem: .fileProblem(
          "the editor left text that is not UTF-8, so nothing was taken; the file is kept at "
            + "\(path)"), keepsFile: true)
    }
    return Data(bytes.prefix(NoteDocument.maximumBytes + 1))
  }

  /// The files of edits whose FieldNotes stopped while their editor ran: no one holds their
  /// lock.
  ///
  /// - Returns: The leftover edits, by name.
  public func leftoverEdits() -> [LeftoverEdit] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
    if names.isEmpty { removeFolderIfEmpty() }
    // An editor's own files beside it (vim's `.…md.swp`) are not edits.
    return names.sorted().filter(Self.isEdit).flatMap { name -> [LeftoverEdit] in
      let path = folder + "/" + name
      guard let lock = Self.hold(lockOf: path) else { return [] }
      defer { Self.release(lock: lock) }
      let given = name.drop { $0 != "-" }.dropFirst()
      // A held file's next text, written whole or in part when its session was killed before
      // it replaced the file: the user's newest text, or part of it, so a leftover of its own.
      let next = path + Self.writingSuffix
      var status = stat()
      // One cut short before its first byte holds nothing.
      if lstat(next, &status) == 0, status.st_mode & S_IFMT == S_IFREG, status.st_size == 0 {
        unlink(next)
      }
      return [path, next].compactMap { file in
        // One that couldn't be taken when it was written (too large, a link) stays for the user.
        guard let text = try? Self.readBack(file, mayBeCutShort: file == next) else { return nil }
        return LeftoverEdit(
          fileName: String(given.isEmpty ? name[...] : given), text: text, path: file,
          modifiedAt: Self.modificationDate(of: file))
      }
    }
  }

  /// Removes a leftover edit's file and its lock, and marks the folder to stay.
  ///
  /// The editor of a FieldNotes that stopped may still be running (`code --wait`): when it
  /// saves again, the file is made again in the folder, and the next session takes it.
  ///
  /// - Parameter edit: The leftover edit.
  public func forget(_ edit: LeftoverEdit) {
    markFolderToStay()
    try? FileManager.default.removeItem(atPath: edit.path)
    try? FileManager.default.removeItem(atPath: edit.path + Self.lockSuffix)
  }

  /// Keeps the store's folder from being removed once empty (``mayStillBeSavedInto``): an
  /// editor was given a file there, and may save it again later.
  private func markFolderToStay() {
    let marker = folder + "/" + Self.mayStillBeSavedInto
    close(open(marker, O_WRONLY | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o600))
  }

  /// The file that keeps a store's folder an editor was given a file in, since the editor may
  /// save there after FieldNotes took what it wrote (one that returned at once, or one left
  /// running when FieldNotes stopped); only a folder of held text alone goes once empty.
  static let mayStillBeSavedInto = ".an-editor-may-still-save-here"

  /// The files of edits other stores' FieldNotes left (in their folders beside this store's,
  /// or at the top, where a FieldNotes before stores had folders wrote them) whose lock no one
  /// holds.
  ///
  /// - Returns: Their paths, in order.
  public func leftoverEditsOfOtherStores() -> [String] {
    leftoverEditsOfOtherStores(afterListing: {})
  }

  /// The files of edits other stores' FieldNotes left, as ``leftoverEditsOfOtherStores()``
  /// finds them.
  ///
  /// - Parameter afterListing: Run once the folders are listed, before each file's lock is
  ///   taken: where a test lets go of a file, as another session can meanwhile.
  /// - Returns: Their paths, in order.
  func leftoverEditsOfOtherStores(afterListing: () -> Void) -> [String] {
    let own = FilePaths.name(of: folder)
    let names = ((try? FileManager.default.contentsOfDirectory(atPath: root)) ?? []).sorted()
    var candidates = names.filter(Self.isEdit).map { root + "/" + $0 }
    for name in names where name != own && !name.hasPrefix(".") {
      let inside = root + "/" + name
      var status = stat()
      guard lstat(inside, &status) == 0, status.st_mode & S_IFMT == S_IFDIR else { continue }
      let files = (try? FileManager.default.contentsOfDirectory(atPath: inside)) ?? []
      // An empty one goes (`rmdir` removes only an empty folder): a start reads one folder for
      // each store with files left, not one for every store ever opened.
      if files.isEmpty { rmdir(inside) }
      candidates += files.sorted().filter(Self.isEdit).map { inside + "/" + $0 }
    }
    afterListing()
    return candidates.filter { path in
      guard let lock = Self.hold(lockOf: path) else { return false }
      Self.release(lock: lock)
      // Holding the lock made its file; it goes again, so only the edit is left.
      unlink(path + Self.lockSuffix)
      // A file its session let go of since the folder was listed is no leftover.
      return access(path, F_OK) == 0
    }
  }

  /// Whether a file's name is an edit's: a Markdown file, not an editor's own file beside it
  /// (vim's `.…md.swp`).
  private static func isEdit(_ name: String) -> Bool {
    name.hasSuffix(".md") && !name.hasPrefix(".")
  }

  /// Removes the store's folder if nothing is left in it (`rmdir` removes only an empty one);
  /// a session writing a file meanwhile makes it again (``write(_:named:afterMakingFolder:)``).
  func removeFolderIfEmpty() {
    rmdir(folder)
  }

  /// When a file was last written; now, when that can't be read.
  private static func modificationDate(of path: String) -> Date {
    let attributes = try? FileManager.default.attributesOfItem(atPath: path)
    return attributes?[.modificationDate] as? Date ?? Date()
  }

  /// The end of a lock file's name: the edited file's name, then this.
  static let lockSuffix = ".lock"

  /// Lets go of a lock taken by ``hold(lockOf:)``, at once.
  ///
  /// The lock is unlocked before its descriptor is closed: a process another thread is
  /// starting at that moment holds a copy of every descriptor until it runs its program, and a
  /// lock only closed would be held by that copy meanwhile, so another session could find an
  /// edit that is over still running, and leave it for later.
  ///
  /// - Parameter lock: The lock's descriptor.
  static func release(lock: Int32) {
    flock(lock, LOCK_UN)
    close(lock)
  }

  /// Takes the lock of an edited file, without waiting.
  ///
  /// - Parameter path: The edited file.
  /// - Returns: The lock's descriptor, which holds it until released (``release(lock:)``);
  ///   `nil` when another process holds it (its edit is running) or it can't be made.
  static func hold(lockOf path: String) -> Int32? {
    let descriptor = open(path + lockSuffix, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else { return nil }
    guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
      close(descriptor)
      return nil
    }
    return descriptor
  }

  /// Writes the text to a new owner-only file in the owner-only folder, holding its lock from
  /// before the file exists.
  ///
  /// The lock comes first: another session of the store takes every file whose lock no one
  /// holds as a leftover (``leftoverEdits()``) and removes it once kept, so a file written
  /// before its lock was held could be taken, and removed with the text the editor then wrote.
  ///
  /// - Parameters:
  ///   - text: The file's bytes.
  ///   - fileName: The end of the file's name, after the prefix that makes it unique.
  ///   - afterMakingFolder: Run each time the folder is made, before the file is: where a test
  ///     removes the folder, as another session can.
  /// - Returns: The file's path, and the lock's descriptor, which holds it until closed.
  /// - Throws: ``FieldNotesServices/TextEditingError/fileProblem(_:)`` when the folder or the
  ///   file can't be made or written.
  func write(
    _ text: Data, named fileName: String, afterMakingFolder: () -> Void = {}
  ) throws(TextEditingError) -> (path: String, lock: Int32) {
    // Another session removes the folder once empty (a session of this store as it lets go of
    // held text, any other as it starts); made again each time one did so midway, since
    // `rmdir` removes it only while nothing is in it: the lock, once made, keeps it.
    for _ in 1...Self.folderAttempts {
      guard try makeFolder(afterMaking: afterMakingFolder) else { continue }
      let path = folder + "/" + UUID().uuidString.lowercased().prefix(8) + "-" + fileName
      guard let lock = Self.hold(lockOf: path) else {
        if errno == ENOENT { continue }
        throw .fileProblem(
          "\(path)\(Self.lockSuffix) can't be held: \(String(cString: strerror(errno)))")
      }
      let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
      let written = descriptor >= 0 && ChildProcess.write(Array(text), to: descriptor)
      let failure = errno
      if descriptor >= 0 { close(descriptor) }
      guard written else {
        if descriptor >= 0 { unlink(path) }
        unlink(path + Self.lockSuffix)
        Self.release(lock: lock)
        throw .fileProblem("\(path) can't be written: \(String(cString: strerror(failure)))")
      }
      return (path, lock)
    }
    throw .fileProblem("\(folder) can't be made: another FieldNotes kept removing it")
  }

  /// How many times a file is tried in a folder another session keeps removing.
  static let folderAttempts = 16

  /// Makes this store's folder, and the folder of every store's, owner-only.
  ///
  /// - Parameter afterMaking: Run once the folder is made and before it is made owner-only:
  ///   where a test removes it, as another session can.
  /// - Returns: `false` when the folder was gone again before it could be made owner-only.
  /// - Throws: ``FieldNotesServices/TextEditingError/fileProblem(_:)`` when it can't be made.
  private func makeFolder(afterMaking: () -> Void) throws(TextEditingError) -> Bool {
    do {
      try FileManager.default.createDirectory(
        atPath: folder, withIntermediateDirectories: true,
        attributes: [.posixPermissions: 0o700])
      afterMaking()
      try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: root)
    } catch {
      let reason = error.localizedDescription
      throw .fileProblem(
        "\(folder) can't be made: \(reason.hasSuffix(".") ? String(reason.dropLast()) : reason)")
    }
    guard chmod(folder, 0o700) == 0 else {
      if errno == ENOENT { return false }
      throw .fileProblem(
        "\(folder) can't be made owner-only: \(String(cString: strerror(errno)))")
    }
    return true
  }
}
