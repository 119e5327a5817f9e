import Foundation

/// Finds the modules each Swift file under a folder imports.
enum ImportScanner {
  /// Modules from the toolchain and the system that any target may import.
  static let systemModules: Set<String> = [
    "Foundation", "FoundationEssentials", "Observation", "Synchronization", "Dispatch", "Testing",
    "Glibc", "Musl", "Darwin", "_Concurrency", "PackagePlugin",
  ]

  /// The modules the Swift files under a folder import, in every form the language allows:
  /// with attributes (`@testable`, `@preconcurrency`, `@_exported`), with an access level
  /// (`public`, `package`, `internal`, `fileprivate`, `private`), of one declaration
  /// (`import struct M.T`), indented, tab-separated, or followed by `;` or a comment.
  static func imports(under folder: URL) throws -> [(file: String, module: String)] {
    guard let files = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)
    else { return [] }
    var found: [(file: String, module: String)] = []
    for case let file as URL in files where file.pathExtension == "swift" {
      let text = try String(contentsOf: file, encoding: .utf8)
      for line in text.split(whereSeparator: \.isNewline) {
        if let module = importedModule(in: String(line)) {
          found.append((file.lastPathComponent, module))
        }
      }
    }
    return found
  }

  /// The module a line imports, or `nil` when the line is not an import.
  static func importedModule(in line: String) -> String? {
    let code = line.components(separatedBy: "//")[0].replacingOccurrences(of: ";", with: " ")
    var words = code.split(whereSeparator: \.isWhitespace).map(String.init)[...]
    // Attributes and access levels may come before `import`, in any order.
    while let first = words.first, first.hasPrefix("@") || accessLevels.contains(first) {
      words = words.dropFirst()
      // An attribute's arguments, such as `@_spi(Internal)`, are part of the same word.
    }
    guard words.first == "import", words.count >= 2 else { return nil }
    words = words.dropFirst()
    if declarationKinds.contains(words[words.startIndex]), words.count >= 2 {
      words = words.dropFirst()
    }
    return words.first?.split(separator: ".").first.map(String.init)
  }

  private static let accessLevels: Set<String> = [
    "public", "package", "internal", "fileprivate", "private",
  ]
  private static let declarationKinds: Set<String> = [
    "struct", "class", "enum", "func", "var", "let", "protocol", "typealias",
  ]
}
