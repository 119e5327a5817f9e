import Foundation

/// Where FieldNotes keeps its files when no path is given: the store, its sync repository, the
/// init file, the history of typed lines, the record of exports and the editor's files.
///
/// It belongs to the platform module, whose idea is what differs between Linux and macOS: where
/// each keeps an app's data and state is one of those facts (the XDG folders, Application
/// Support). And that module links neither SQLite nor git, so the command line names these
/// paths in `--help`, the man page and the init file without linking the store or the syncer.
public enum StoreLocation {
  /// The file name of the store inside the data directory.
  public static let fileName = "notes.sqlite"

  /// The default store file for this user.
  ///
  /// On Linux this is `$XDG_DATA_HOME/fieldnotes/notes.sqlite`, falling back to
  /// `~/.local/share/fieldnotes/notes.sqlite`; on macOS, `FieldNotes/notes.sqlite` in
  /// Application Support. A relative `XDG_DATA_HOME` is ignored, as the XDG rules ask.
  ///
  /// - Parameters:
  ///   - platform: The platform whose convention to follow; this one by default.
  ///   - environment: The process environment; the real one by default.
  /// - Returns: The path of the default store file (which may not exist yet).
  /// - Throws: ``NoDefaultPath`` when there is no home folder to keep it in (see
  ///   ``home(environment:)``), naming where under the home folder it would be.
  public static func defaultPath(
    on platform: HostPlatform = .current,
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) throws(NoDefaultPath) -> String {
    let place = dataFolder(on: platform)
    if let variable = place.variable, let folder = environment[variable], folder.hasPrefix("/") {
      return "\(folder)/\(place.name)/\(fileName)"
    }
    let underHome = "\(place.underHome)/\(place.name)/\(fileName)"
    switch home(environment: environment) {
    case .success(let home): return "\(home)/\(underHome)"
    case .failure(let problem): throw NoDefaultPath(path: "~/" + underHome, problem: problem)
    }
  }

  /// Why there is no default store file: there is no home folder to keep it in.
  public struct NoDefaultPath: Error, CustomStringConvertible {
    /// Where the store would be under the home folder, starting `~/`, such as
    /// `~/.local/share/fieldnotes/notes.sqlite`.
    public var path: String
    /// Why there is no home folder, and what to do.
    public var problem: HomeProblem

    /// What is wrong and what to do, for the user: the ``problem``'s words.
    public var description: String { problem.description }
  }

  /// The default store file as `--help` shows it, before the environment fills it in:
  /// `$XDG_DATA_HOME/fieldnotes/notes.sqlite` on Linux,
  /// `~/Library/Application Support/FieldNotes/notes.sqlite` on macOS.
  ///
  /// - Parameter platform: The platform whose convention to show; this one by default.
  /// - Returns: The path, with the variable or `~` it starts from.
  public static func defaultPathShown(on platform: HostPlatform = .current) -> String {
    let place = dataFolder(on: platform)
    let folder = place.variable.map { "$" + $0 } ?? "~/" + place.underHome
    return "\(folder)/\(place.name)/\(fileName)"
  }

  /// Where a platform keeps an app's data, the one table both ``defaultPath(on:environment:)``
  /// and ``defaultPathShown(on:)`` read: the variable naming the data folder, if the platform
  /// has one; the data folder under the home folder otherwise; FieldNotes' folder in it.
  private static func dataFolder(on platform: HostPlatform) -> (
    variable: String?, underHome: String, name: String
  ) {
    switch platform {
    case .linux: ("XDG_DATA_HOME", ".local/share", "fieldnotes")
    case .macOS: (nil, "Library/Application Support", "FieldNotes")
    }
  }

  /// The user's home folder: `HOME`, which must be an absolute path; where `HOME` is unset or
  /// empty (as some schedulers leave it), the account's home in the system's user database.
  ///
  /// A relative `HOME` is refused rather than read from the current folder, and an empty one
  /// never means `/`.
  ///
  /// - Parameter environment: The process environment.
  /// - Returns: The folder, or why there is none to use.
  public static func home(environment: [String: String]) -> Result<String, HomeProblem> {
    switch environment["HOME"] {
    case let home? where home.hasPrefix("/"): return .success(home)
    case let home? where !home.isEmpty:
      return .failure(
        HomeProblem(
          description: "HOME is \u{201C}\(home)\u{201D}, not an absolute path; set HOME to your "
            + "home folder, or give the store with --store PATH"))
    default:
      guard let entry = getpwuid(getuid()), let folder = entry.pointee.pw_dir,
        case let home = String(cString: folder), home.hasPrefix("/")
      else {
        return .failure(
          HomeProblem(
            description: "HOME is not set and the account has no home folder; give the store "
              + "with --store PATH"))
      }
      return .success(home)
    }
  }

  /// Why there is no home folder to keep FieldNotes' files in.
  public struct HomeProblem: Error, CustomStringConvertible {
    /// What is wrong and what to do, for the user.
    public var description: String
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
    guard let folder = stateFolder(environment: environment) else { return nil }
    let attributes: [FileAttributeKey: Any] = [.posixPermissions: 0o700]
    guard
      (try? FileManager.default.createDirectory(
        atPath: folder, withIntermediateDirectories: true, attributes: attributes)) != nil
    else { return nil }
    return folder + "/history"
  }

  /// Where a note being written in the user's editor is kept while the editor runs.
  ///
  /// `$XDG_STATE_HOME/fieldnotes/editing`, or `~/.local/state/fieldnotes/editing`; made
  /// owner-only when first used.
  ///
  /// - Parameter environment: The process environment; the real one by default.
  /// - Returns: The folder's path, or `nil` when there is no home to keep it in.
  public static func editingFolder(
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> String? {
    stateFolder(environment: environment).map { $0 + "/editing" }
  }

  /// The file of commands an interactive session runs as it starts, like `~/.sqliterc`:
  /// `$XDG_CONFIG_HOME/fieldnotes/init`, or `~/.config/fieldnotes/init` where `XDG_CONFIG_HOME`
  /// is unset, empty or relative.
  ///
  /// - Parameter environment: The process environment.
  /// - Returns: The init file's path (which may not exist), or `nil` when there is no home to
  ///   look in.
  public static func initFilePath(environment: [String: String]) -> String? {
    if let config = environment["XDG_CONFIG_HOME"], config.hasPrefix("/") {
      return config + "/fieldnotes/init"
    }
    if case .success(let home) = home(environment: environment) {
      return home + "/.config/fieldnotes/init"
    }
    return nil
  }

  /// The init file as `--help` and the man page show it, before the environment fills it in.
  public static let initFileShown =
    "$XDG_CONFIG_HOME/fieldnotes/init (or ~/.config/fieldnotes/init)"

  /// The record of what `export FILE` wrote where, so that an export replaces only a file it
  /// wrote: `$XDG_STATE_HOME/fieldnotes/exports.json`, or `~/.local/state/fieldnotes/…`.
  ///
  /// - Parameter environment: The process environment; the real one by default.
  /// - Returns: The file's path, or `nil` when there is no home to keep it in.
  public static func exportRecord(
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> String? {
    stateFolder(environment: environment).map { $0 + "/exports.json" }
  }

  /// Where the records of what each `export FOLDER/` wrote where are kept, one file a folder,
  /// so the exported folder holds nothing but the notes and their files:
  /// `$XDG_STATE_HOME/fieldnotes/folder-exports`, or `~/.local/state/fieldnotes/…`.
  ///
  /// - Parameter environment: The process environment; the real one by default.
  /// - Returns: The folder's path, or `nil` when there is no home to keep it in.
  public static func folderExportRecords(
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> String? {
    stateFolder(environment: environment).map { $0 + "/folder-exports" }
  }

  /// Where a body piped to `fieldnotes add` that is not UTF-8 text is kept, byte for byte, since
  /// no note can hold it and the pipe can't be read again: `$XDG_STATE_HOME/fieldnotes/unsaved`,
  /// or `~/.local/state/fieldnotes/unsaved`.
  ///
  /// - Parameter environment: The process environment.
  /// - Returns: The folder's path, or `nil` when there is no home to keep it in.
  public static func unsavedInputFolder(environment: [String: String]) -> String? {
    stateFolder(environment: environment).map { $0 + "/unsaved" }
  }

  /// FieldNotes' folder of state: `$XDG_STATE_HOME/fieldnotes`, or
  /// `~/.local/state/fieldnotes`; `nil` with no absolute place to put it.
  private static func stateFolder(environment: [String: String]) -> String? {
    if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") {
      return state + "/fieldnotes"
    }
    if case .success(let home) = home(environment: environment) {
      return home + "/.local/state/fieldnotes"
    }
    return nil
  }
}
