import FieldNotesPlatform
import Foundation

/// The parts of `swift package dump-package` the architecture tests read.
struct PackageManifest: Decodable {
  struct Target: Decodable {
    var name: String
    var type: String
    var path: String?
    var dependencies: [Dependency]

    var dependencyNames: [String] { dependencies.compactMap(\.name) }
    var isTest: Bool { type == "test" }
    var isSystemLibrary: Bool { type == "system" }

    /// The folder holding the target's sources, relative to the package root.
    var folder: String {
      if let path { return path }
      return isTest ? "Tests/\(name)" : "Sources/\(name)"
    }
  }

  /// A target dependency: `{"byName": ["FieldNotesModel", null]}` or `{"target": [...]}`.
  struct Dependency: Decodable {
    var name: String?

    init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: AnyKey.self)
      for key in container.allKeys {
        var values = try container.nestedUnkeyedContainer(forKey: key)
        name = try values.decodeIfPresent(String.self)
        return
      }
    }
  }

  struct PackageDependency: Decodable {}

  var targets: [Target]
  var dependencies: [PackageDependency]

  /// Reads the manifest of the package at `root` through SwiftPM itself.
  ///
  /// A scratch path of its own keeps SwiftPM from waiting on the `.build` lock that the running
  /// `swift test` holds. SwiftPM also leaves a lock file and a temporary folder in `TMPDIR`, so
  /// it is given one inside the scratch folder, and a test run leaves nothing behind.
  static func load(packageRoot root: URL) throws -> PackageManifest {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("fieldnotes-dump-\(UUID().uuidString)")
    let scratch = folder.appendingPathComponent("scratch")
    let temporary = folder.appendingPathComponent("tmp")
    try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    var environment = ProcessInfo.processInfo.environment
    environment["TMPDIR"] = temporary.path
    let swift = try ChildProcess(
      "swift",
      arguments: [
        "package", "--package-path", root.path, "--scratch-path", scratch.path, "dump-package",
      ], environment: environment, standardInput: .nullDevice, standardOutput: .pipe,
      standardError: .nullDevice)
    let data = Data(swift.collectOutput().output)
    return try JSONDecoder().decode(PackageManifest.self, from: data)
  }

  /// The package root, found from this file's location.
  static var packageRoot: URL {
    URL(fileURLWithPath: #filePath)
      .deletingLastPathComponent()  // ArchitectureTests
      .deletingLastPathComponent()  // Tests
      .deletingLastPathComponent()
  }
}

private struct AnyKey: CodingKey {
  var stringValue: String
  var intValue: Int? { nil }
  init(stringValue: String) { self.stringValue = stringValue }
  init?(intValue: Int) { nil }
}
