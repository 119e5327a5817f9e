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

  /// The physical path of a file that may not exist yet: its deepest folder that exists, with
  /// every link and `..` in it resolved (`realpath`), and the rest of the path as given, its
  /// `.` and `..` parts taken out.
  ///
  /// Two ways of writing one file's path (relative, through a link, with `..`) give one answer,
  /// before the file is made as after.
  ///
  /// - Parameter path: The path, absolute or relative to the working folder.
  /// - Returns: The absolute, resolved path.
  public static func resolved(_ path: String) -> String {
    var rest: [String] = []
    var existing = path.isEmpty ? "." : path
    while true {
      if let real = realpath(existing, nil) {
        defer { free(real) }
        var base = String(cString: real)
        // What doesn't exist yet holds no link: its `.` and `..` are read as written.
        var parts: [String] = []
        for part in rest.reversed() where part != "." {
          if part != ".." {
            parts.append(part)
          } else if parts.popLast() == nil {
            base = folder(of: base)
          }
        }
        guard !parts.isEmpty else { return base }
        return (base == "/" ? "" : base) + "/" + parts.joined(separator: "/")
      }
      let parent = folder(of: existing)
      rest.append(name(of: existing))
      // Nothing of it exists, not even the working folder: the path as given.
      guard parent != existing else { return path }
      existing = parent
    }
  }

  /// A path without the slashes at its end, but `/` itself.
  private static func withoutTrailingSlashes(_ path: String) -> String {
    var path = Substring(path)
    while path.count > 1, path.hasSuffix("/") { path = path.dropLast() }
    return String(path)
  }
}
