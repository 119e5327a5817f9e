import FieldNotesPersistence
import Foundation
import Testing

/// Paths of one character, which Foundation's path methods crash on: a store, a store's folder,
/// an export and an import named so all work, from the folder FieldNotes started in.
@Suite struct ShortPathTests {
  @Test(arguments: ["z", "x/notes.sqlite"])
  func aStoreAtAOneCharacterPathOpensAndSaves(store: String) throws {
    let binary = try #require(BuiltProduct.fieldnotes, "the fieldnotes binary was not built")
    let folder = NSTemporaryDirectory() + "fieldnotes-short-path-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }

    let result = try BuiltProduct.run(
      binary, arguments: ["--store", store],
      input: "open all\nnew\ntitle Heron\nsave\nexport e\nexport -\n",
      environment: ["HOME": folder], in: folder)

    #expect(result.status == 0, "\(result.errors)")
    #expect(
      try SQLiteNoteRepository(path: folder + "/" + store).load().notes.map(\.title) == ["Heron"])
    let imported = try BuiltProduct.run(
      binary, arguments: ["--in-memory"], input: "import e\nopen all\n",
      environment: ["HOME": folder], in: folder)
    #expect(imported.status == 0, "\(imported.errors)")
    #expect(imported.output.contains { $0.contains("Heron") })
    #expect(FileManager.default.fileExists(atPath: folder + "/-"))
  }
}
