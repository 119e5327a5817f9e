import Foundation

/// Finds the modules each Swift file under a folder imports.
enum ImportScanner {
  /// Modules from the toolchain and the system that any target may import.
  static let systemModules: Set<String> = [
    "Foundation", "FoundationEssentials", "Observation", "Synchronization", "Dispatch", "Testing",
    "Glibc", "Musl", "Darwin", "_Concurrency",
  ]

  static func imports(under folder: URL) throws -> [(file: String, module: String)] {
    guard let files = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)
    else { return [] }
    var found: [(file: String, module: String)] = []
    for case let file as URL in files where file.pathExtension == "swift" {
      let text = try String(contentsOf: file, encoding: .utf8)
      for line in text.split(separator: "\n") {
        let words = line.split(separator: " ").filter { !$0.hasPrefix("@") }
        guard words.first == "import", words.count >= 2 else { continue }
        let module =
          words.count >= 3
            && ["struct", "class", "enum", "func", "var", "let", "protocol", "typealias"].contains(
              words[1])
          ? words[2].split(separator: ".").first.map(String.init) ?? ""
          : String(words[1].split(separator: ".").first ?? "")
        found.append((file.lastPathComponent, module))
      }
    }
    return found
  }
}
