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
}
