/// A path's folder and name, taken apart as text.
///
/// Foundation's `NSString.deletingLastPathComponent` crashes on Linux for a path of one ASCII
/// character (`export z`, `--store x/notes.sqlite`), so FieldNotes splits paths here, the way
/// POSIX `dirname` and `basename` do, and never through Foundation's path methods.
public enum FilePaths {
  /// The folder a path is in: `a/b` → `a`, `/z` → `/`, `z` → `.`, `a/b/` → `a`.
  ///
  /// - Parameter path: The path.
  /// - Returns: Its folder; `.` for a bare name or an empty path, `/` for the root.
  public static func folder(of path: String) -> String {
    let trimmed = withoutTrailingSlashes(path)
    guard let slash = trimmed.lastIndex(of: "/") else { return trimmed == "/" ? "/" : "." }
    let folder = withoutTrailingSlashes(String(trimmed[..<slash]))
    return folder.isEmpty ? "/" : folder
  }

  /// A path's last part: `a/b` → `b`, `a/b/` → `b`, `/` → `/`.
  ///
  /// - Parameter path: The path.
  /// - Returns: Its name; empty for an empty path.
  public static func name(of path: String) -> String {
    let trimmed = withoutTrailingSlashes(path)
    guard trimmed != "/" else { return "/" }
    return trimmed.lastIndex(of: "/").map { String(trimmed[trimmed.index(after: $0)...]) }
      ?? trimmed
  }

  /// A path without the slashes at its end, but `/` itself.
  private static func withoutTrailingSlashes(_ path: String) -> String {
    var path = Substring(path)
    while path.count > 1, path.hasSuffix("/") { path = path.dropLast() }
    return String(path)
  }
}
