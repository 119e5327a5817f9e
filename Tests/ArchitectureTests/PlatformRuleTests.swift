import Foundation
import Testing

/// Rules about what differs between platforms, and about Foundation calls that break on one of
/// them, kept by reading the shipped code.
@Suite struct PlatformRuleTests {
  /// Foundation's `NSString` path methods crash on Linux for one-character paths; shipped code
  /// splits paths with `FieldNotesPlatform.FilePaths` instead.
  @Test func noShippedCodeSplitsPathsWithNSString() throws {
    let found = try Self.codeLines(under: ["Core", "Features", "Sources"]) { code in
      code.contains("NSString")
        && (code.contains("deletingLastPathComponent") || code.contains("lastPathComponent"))
    }
    #expect(found.isEmpty, "\(found)")
  }

  /// A physical path is found with `realpath` (`FilePaths.resolved`), never with Foundation's
  /// `resolvingSymlinksInPath`, which on Apple's platforms strips a leading `/private` again: a
  /// test comparing it with what `pwd` prints passes on Linux and fails on a Mac.
  @Test func physicalPathsComeFromRealpath() throws {
    let found = try Self.codeLines(under: ["Core", "Features", "Sources", "Tests"]) { code in
      code.contains("resolvingSymlinksInPath")
    }
    #expect(found.map(\.path).filter { !$0.hasSuffix("PlatformRuleTests.swift") } == [])
  }

  /// What differs between Linux and macOS is said in one file, so the Darwin side of FieldNotes
  /// can be read in one place: no other file, shipped or test, asks which platform it is on.
  @Test func onlyPlatformSwiftAsksWhichPlatformItIsOn() throws {
    let found = try Self.codeLines(under: ["Core", "Features", "Sources", "Tests"]) { code in
      ["#if", "#elseif"].contains { code.trimmingCharacters(in: .whitespaces).hasPrefix($0) }
        && (code.contains("canImport(") || code.contains("os("))
    }
    #expect(Set(found.map(\.path)) == ["Core/FieldNotesPlatform/Platform.swift"], "\(found)")
  }

  /// Every child process, shipped or test, is started by `ChildProcess`, so each gets the same
  /// descriptors, signals and waiting.
  @Test func onlyChildProcessStartsAProcess() throws {
    let starts = try NSRegularExpression(
      pattern: #"\bposix_spawnp?\(|\bProcess\(\)|\b(v?fork|popen|system|exec[lv]p?e?)\("#)
    let found = try Self.codeLines(under: ["Core", "Features", "Sources", "Tests"]) { code in
      starts.firstMatch(in: code, range: NSRange(code.startIndex..., in: code)) != nil
    }
    // A command plugin can link nothing of the package, so it starts its tool with Foundation.
    #expect(
      found.map(\.path) == [
        "Core/FieldNotesPlatform/ChildProcess+Spawning.swift",
        "Sources/Plugins/NewFeaturePlugin/NewFeaturePlugin.swift",
      ], "\(found)")
  }

  /// The lines of code (comments left out) of the Swift files under some folders that match.
  ///
  /// - Parameters:
  ///   - folders: The folders, from the package root.
  ///   - matches: Whether a line's code is one to report.
  /// - Returns: Each matching line, with the path of its file from the package root.
  /// - Throws: What reading a file throws.
  static func codeLines(under folders: [String], where matches: (String) -> Bool) throws
    -> [(path: String, line: String)]
  {
    var found: [(path: String, line: String)] = []
    let root = PackageManifest.packageRoot
    for folder in folders {
      let url = root.appendingPathComponent(folder)
      guard let files = FileManager.default.enumerator(at: url, includingPropertiesForKeys: nil)
      else { continue }
      for case let file as URL in files where file.pathExtension == "swift" {
        let path = String(file.path.dropFirst(root.path.count + 1))
        for line in try String(contentsOf: file, encoding: .utf8).split(whereSeparator: \.isNewline)
        where matches(line.components(separatedBy: "//")[0]) {
          found.append((path, line.trimmingCharacters(in: .whitespaces)))
        }
      }
    }
    return found
  }
}
