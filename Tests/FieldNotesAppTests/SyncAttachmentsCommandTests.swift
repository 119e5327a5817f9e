import Foundation
import Testing

@testable import FieldNotesApp

/// An attachment imported into one store file reaches another through a sync folder, as the
/// user types it: `import`, `sync` on one machine, `sync`, `export FOLDER/` on the other, the
/// same bytes beside the note; a file kept after the first sync travels through the store's
/// journal the same way.
@Suite struct SyncAttachmentsCommandTests {
  @Test func anImportedPictureIsExportedBesideItsNoteOnTheOtherMachine() throws {
    let binary = try #require(BuiltProduct.fieldnotes, "the fieldnotes binary was not built")
    let root = NSTemporaryDirectory() + "fieldnotes-sync-attachments-" + UUID().uuidString
    defer { try? FileManager.default.removeItem(atPath: root) }
    let picture = Data([0x89, 0x50, 0x4E, 0x47, 0, 1, 2, 0xFF])
    let map = Data("%PDF a map".utf8)
    for (path, data) in [
      ("vault/Heron.md", Data("# Heron\n\n![[pic one.png]] at the lake.\n".utf8)),
      ("vault/pic one.png", picture),
      ("later/Trip.md", Data("# Trip\n\nThe [[map.pdf]].\n".utf8)), ("later/map.pdf", map),
    ] {
      let file = "\(root)/\(path)"
      try FileManager.default.createDirectory(
        atPath: (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
      try data.write(to: URL(fileURLWithPath: file))
    }
    let environment = ["TZ": "UTC", "HOME": root]
    func run(_ store: String, _ lines: [String]) throws -> String {
      let result = try BuiltProduct.run(
        binary, arguments: ["--store", "\(root)/\(store).sqlite", "--sync-folder", "\(root)/sync"],
        input: lines.joined(separator: "\n") + "\n", environment: environment)
      #expect(result.status == 0, "\(result.errors)")
      return result.output.joined(separator: "\n")
    }

    let first = try run("first", ["import \(root)/vault", "sync"])
    #expect(first.contains("1 attachment out"), "\(first)")
    let second = try run("second", ["sync", "export \(root)/out/"])
    #expect(second.contains("1 attachment in"), "\(second)")
    #expect(FileManager.default.contents(atPath: "\(root)/out/pic one.png") == picture)

    // After the first sync, the store's journal names the new note's file.
    _ = try run("first", ["import \(root)/later", "sync"])
    _ = try run("second", ["sync", "export \(root)/out2/"])
    #expect(FileManager.default.contents(atPath: "\(root)/out2/map.pdf") == map)
    #expect(FileManager.default.contents(atPath: "\(root)/out2/pic one.png") == picture)
  }
}
