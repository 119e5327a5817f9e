import FieldNotesTerminalTesting
import Foundation
import Testing

@testable import FieldNotesApp

/// Issue 44's test vault (`Tests/FieldNotesServicesLiveTests/Fixtures/vault`: nested folders,
/// properties of several kinds, wiki links with aliases and headings, two images and a PDF, one
/// found by its bare name away from its note, a note whose file name is not its title, a CRLF
/// note), through the commands README's "Bring your notes" shows: imported and exported, it is
/// the same tree, byte for byte, as `diff -r` compares them; its links are found.
@MainActor
@Suite struct VaultFixtureTests {
  static let vault = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent(
      "FieldNotesServicesLiveTests/Fixtures/vault"
    )
    .path
  let scratch = FileManager.default.temporaryDirectory.appendingPathComponent(
    "fieldnotes-vault-\(UUID().uuidString)"
  ).path

  func run(_ arguments: [String]) async -> (Int32, RecordingConsole) {
    let console = RecordingConsole()
    let status = await FieldNotesApp.run(
      arguments: arguments + ["--store", scratch + "/notes.sqlite"],
      environment: [
        "TZ": "UTC", "NO_COLOR": "1", "XDG_STATE_HOME": scratch + "/state",
        "HOME": scratch + "/home",
      ], console: console, input: [])
    return (status, console)
  }

  /// Every file of a folder, by its path in it, with its bytes (`nil` for a folder).
  static func tree(_ root: String) throws -> [String: Data?] {
    var tree: [String: Data?] = [:]
    for path in try FileManager.default.subpathsOfDirectory(atPath: root) {
      var isFolder: ObjCBool = false
      _ = FileManager.default.fileExists(atPath: "\(root)/\(path)", isDirectory: &isFolder)
      tree[path] =
        isFolder.boolValue ? .some(nil) : FileManager.default.contents(atPath: "\(root)/\(path)")
    }
    return tree
  }

  @Test func theVaultImportedAndExportedIsTheSameTree() async throws {
    defer { try? FileManager.default.removeItem(atPath: scratch) }
    let (status, console) = await run([
      "-c", "import \(Self.vault)", "-c", "export \(scratch)/out/",
    ])
    #expect(status == 0, "\(console.errors)")
    let vault = try Self.tree(Self.vault)
    #expect(vault.count == 15, "9 files in 6 folders")
    #expect(try Self.tree(scratch + "/out") == vault)
  }

  @Test func theVaultsLinksAreFound() async throws {
    defer { try? FileManager.default.removeItem(atPath: scratch) }
    _ = await run(["-c", "import \(Self.vault)"])
    let (status, console) = await run(["search", "linked-by:Run", "--format", "jsonl"])
    #expect(status == 0, "\(console.errors)")
    // Run links to `10 note 2` (by its file's name) and to Plan (shown as "the plan").
    #expect(console.output.count == 2)
    #expect(console.output.contains { $0.contains("Custom title 2: with colon") })
    #expect(console.output.contains { $0.contains("\"title\":\"Plan\"") })
    // Heron links to Run with a heading and shown text, Sleep well with a heading.
    let (_, linking) = await run(["search", "links:Run", "--format", "jsonl"])
    #expect(linking.output.count == 2)
    for title in ["Heron", "Sleep well"] {
      #expect(linking.output.contains { $0.contains("\"title\":\"\(title)\"") }, "\(title)")
    }
  }
}
