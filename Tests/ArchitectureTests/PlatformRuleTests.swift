import Foundation
import Testing

/// Rules about what differs between platforms, and about Foundation calls that break on one of
/// them, kept by reading the shipped code.
@Suite struct PlatformRuleTests {
  /// Foundation's `NSString` path methods crash on Linux for one-character paths; shipped code
  /// splits paths with `FieldNotesPlatform.FilePaths` instead.
  @Test func noShippedCodeSplitsPathsWithNSString() throws {
    var found: [String] = []
    for folder in ["Core", "Features", "Sources"] {
      let root = PackageManifest.packageRoot.appendingPathComponent(folder)
      guard let files = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)
      else { continue }
      for case let file as URL in files where file.pathExtension == "swift" {
        let text = try String(contentsOf: file, encoding: .utf8)
        for line in text.split(whereSeparator: \.isNewline) {
          let code = line.components(separatedBy: "//")[0]
          if code.contains("NSString"),
            code.contains("deletingLastPathComponent") || code.contains("lastPathComponent")
          {
            found.append("\(file.lastPathComponent): \(line.trimmingCharacters(in: .whitespaces))")
          }
        }
      }
    }
    #expect(found == [])
  }
}
