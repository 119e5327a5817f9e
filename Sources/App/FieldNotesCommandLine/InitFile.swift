import FieldNotesPlatform
import FieldNotesTerminal

/// The file of commands a session runs before its first, like `~/.sqliterc`: `--init FILE` in
/// any mode, else the user's init file when the session is interactive.
///
/// Scripts, `-c`, standard input and tests never read the user's file unless given it, so
/// what they do doesn't depend on it. Its path comes from the environment the app is given
/// (``FieldNotesPlatform/StoreLocation/initFilePath(environment:)``).
public enum InitFile {
  /// An init file that can't be read: its path and the system's error number.
  public struct Unreadable: Error, Equatable {
    /// The file.
    public var path: String
    /// Why, as `errno` said it.
    public var number: Int32

    /// Whether the file isn't there at all.
    public var isMissing: Bool { number == ENOENT || number == ENOTDIR }

    /// What is wrong, for the user.
    public var message: String {
      "cannot read the init file \(path.terminalSafe): \(String(cString: strerror(number)))"
    }
  }

  /// The lines to run before the session's own, named by the file's path.
  ///
  /// - Parameters:
  ///   - choice: Which init file the command line chose.
  ///   - isInteractive: Whether a person is at a terminal.
  ///   - environment: The process environment, which places the user's init file.
  ///   - warn: Prints a warning: the user's init file is there but can't be read.
  /// - Returns: The lines, or `nil` for none (no init file, or the user's isn't there).
  /// - Throws: ``Unreadable`` when `--init FILE` can't be read.
  public static func lines(
    for choice: LaunchOptions.InitFileChoice, isInteractive: Bool,
    environment: [String: String], warn: (String) -> Void
  ) throws(Unreadable) -> BatchRunner.Source? {
    switch choice {
    case .none:
      return nil
    case .file(let path):
      return try contents(of: path)
    case .whenInteractive:
      guard isInteractive, let path = StoreLocation.initFilePath(environment: environment) else {
        return nil
      }
      do { return try contents(of: path) } catch {
        // A missing init file is the usual case, and says nothing.
        if error.isMissing { return nil }
        warn("warning: \(error.message); FieldNotes starts without it")
        return nil
      }
    }
  }

  /// The file's lines, read whole.
  private static func contents(of path: String) throws(Unreadable) -> BatchRunner.Source {
    let descriptor = open(path, O_RDONLY)
    guard descriptor >= 0 else { throw Unreadable(path: path, number: errno) }
    defer { close(descriptor) }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65_536)
    while true {
      let count = read(descriptor, &buffer, buffer.count)
      if count == 0 { break }
      guard count > 0 else { throw Unreadable(path: path, number: errno) }
      bytes += buffer[..<count]
    }
    var lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false).map(Array.init)
    if lines.last == [] { lines.removeLast() }
    return .byteLines(lines, name: path)
  }
}
