import FieldNotesPlatform
import Foundation
import Testing

/// What FieldNotes writes, only its owner can read.
@Suite struct PermissionTests {
  func permissions(_ path: String) -> Int? {
    (try? FileManager.default.attributesOfItem(atPath: path))?[.posixPermissions] as? Int
  }

  @Test func theDefaultStoreExportsAndTheSyncRepositoryAreOwnerOnly() throws {
    let binary = try #require(BuiltProduct.fieldnotes, "the fieldnotes binary was not built")
    let home = NSTemporaryDirectory() + "fieldnotes-permissions-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: home) }

    let environment = ["HOME": home, "XDG_DATA_HOME": home + "/data"]
    // Where this platform keeps it: under XDG_DATA_HOME on Linux, Application Support on macOS.
    let store = try StoreLocation.defaultPath(environment: environment)
    let result = try BuiltProduct.run(
      binary, arguments: ["--sync-folder", home + "/sync"],
      input:
        "notebook new Birds\nopen Birds\nnew\ntitle Heron\nsave\nsync\nexport \(home)/out.json\nexport \(home)/out.md\n",
      environment: environment)

    #expect(result.status == 0, "\(result.errors)")
    #expect(store.hasPrefix(home + "/"))
    #expect(permissions(store) == 0o600)
    #expect(permissions(FilePaths.folder(of: store)) == 0o700)
    #expect(permissions(home + "/out.json") == 0o600)
    #expect(permissions(home + "/out.md") == 0o600)
    // The sync repository beside the store (a git folder, no checkout), and the bare
    // repository --sync-folder made.
    let repository = StoreLocation.syncRepositoryPath(ofStoreAt: store)
    for folder in ["", "/.git"] {
      #expect(permissions(repository + folder) == 0o700, "\(folder)")
    }
    #expect(try FileManager.default.contentsOfDirectory(atPath: repository) == [".git"])
    #expect(permissions(home + "/sync") == 0o700)
  }
}
