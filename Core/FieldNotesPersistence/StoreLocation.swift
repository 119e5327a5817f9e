import Foundation

/// Where FieldNotes keeps its store when no path is given.
public enum StoreLocation {
  /// The file name of the store inside the data directory.
  public static let fileName = "notes.sqlite"

  /// The default store file for this user.
  ///
  /// On Linux this is `$XDG_DATA_HOME/fieldnotes/notes.sqlite`, falling back to
  /// `~/.local/share/fieldnotes/notes.sqlite`; on macOS, `FieldNotes/notes.sqlite` in
  /// Application Support.
  ///
  /// - Parameter environment: The process environment; the real one by default.
  /// - Returns: The path of the default store file (which may not exist yet).
  public static func defaultPath(
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> String {
    #if os(macOS)
      let home = environment["HOME"] ?? NSHomeDirectory()
      return "\(home)/Library/Application Support/FieldNotes/\(fileName)"
    #else
      if let dataHome = environment["XDG_DATA_HOME"], dataHome.hasPrefix("/") {
        return "\(dataHome)/fieldnotes/\(fileName)"
      }
      let home = environment["HOME"] ?? NSHomeDirectory()
      return "\(home)/.local/share/fieldnotes/\(fileName)"
    #endif
  }

  /// The git repository a store syncs through, beside it: `PATH.sync`.
  ///
  /// - Parameter path: The store file.
  /// - Returns: The repository's folder (which may not exist yet).
  public static func syncRepositoryPath(ofStoreAt path: String) -> String {
    "\(path).sync"
  }

  /// Where an interactive session keeps the lines typed at its prompt:
  /// `$XDG_STATE_HOME/fieldnotes/history`, or `~/.local/state/fieldnotes/history`, in a folder
  /// made owner-only.
  ///
  /// - Parameter environment: The process environment; the real one by default.
  /// - Returns: The history file's path, or `nil` when there is no home to keep it in.
  public static func historyPath(
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> String? {
    let base: String
    if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") {
      base = state
    } else if let home = environment["HOME"], home.hasPrefix("/") {
      base = home + "/.local/state"
    } else {
      return nil
    }
    let folder = base + "/fieldnotes"
    let attributes: [FileAttributeKey: Any] = [.posixPermissions: 0o700]
    guard
      (try? FileManager.default.createDirectory(
        atPath: folder, withIntermediateDirectories: true, attributes: attributes)) != nil
    else { return nil }
    return folder + "/history"
  }
}
