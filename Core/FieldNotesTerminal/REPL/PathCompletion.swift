import Foundation

/// Completes a file path typed as a command's argument, such as `save ~/Doc`.
///
/// A folder completes with a `/` after it, so Tab goes on into it; a name holding a space comes
/// back in double quotes; a leading `~` stands for the home folder, as ``expandingTilde(_:)``
/// reads it back when the command runs.
public enum PathCompletion {
  /// The paths that could complete a partly typed one.
  ///
  /// - Parameters:
  ///   - word: The path typed so far.
  ///   - home: The home folder `~` stands for; the `HOME` variable by default.
  /// - Returns: The candidates, each the whole path as it would be typed, sorted.
  public static func candidates(
    for word: String, home: String? = ProcessInfo.processInfo.environment["HOME"]
  ) -> [String] {
    // A quoted folder, completed before (`"my dir/"`), goes on inside its quotes.
    var typed = word.first == "\"" ? String(word.dropFirst()) : word
    if word.first == "\"", typed.hasSuffix("/\"") { typed.removeLast() }
    let slash = typed.lastIndex(of: "/")
    let folderPart = slash.map { String(typed[...$0]) } ?? ""
    let prefix = slash.map { String(typed[typed.index(after: $0)...]) } ?? typed
    let folder = expandingTilde(folderPart.isEmpty ? "." : folderPart, home: home)
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else {
      return []
    }
    return names.filter { $0.hasPrefix(prefix) && (prefix.hasPrefix(".") || !$0.hasPrefix(".")) }
      .sorted()
      .map { name in
        var isFolder: ObjCBool = false
        let path = (folder as NSString).appendingPathComponent(name)
        _ = FileManager.default.fileExists(atPath: path, isDirectory: &isFolder)
        return (folderPart + name + (isFolder.boolValue ? "/" : "")).quotedIfNeeded
      }
  }

  /// A path with a leading `~` (alone or before `/`) read as the home folder.
  ///
  /// - Parameters:
  ///   - path: The path as typed.
  ///   - home: The home folder; the `HOME` variable by default.
  /// - Returns: The path to use.
  public static func expandingTilde(
    _ path: String, home: String? = ProcessInfo.processInfo.environment["HOME"]
  ) -> String {
    guard let home, path == "~" || path.hasPrefix("~/") else { return path }
    return home + path.dropFirst()
  }
}
