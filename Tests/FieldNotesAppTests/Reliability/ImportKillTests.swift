import FieldNotesFormats
import FieldNotesModel
import FieldNotesPersistence
import FieldNotesServices
import Foundation
import Testing

/// `fieldnotes` killed with SIGKILL while it imports a large export, read a note at a time: the
/// import is one transaction, so afterwards the store holds all of it or none of it, and the
/// notes it held before.
@Suite struct ImportKillTests {
  let folder = NSTemporaryDirectory() + "fieldnotes-import-kill-" + UUID().uuidString
  var store: String { folder + "/notes.sqlite" }
  var export: String { folder + "/export.json" }

  @Test func aKillWhileImportingLeavesAllOfItOrNone() throws {
    let binary = try #require(BuiltProduct.fieldnotes, "the fieldnotes binary was not built")
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let count = 20_000
    let notes = (0..<count).map { index in
      Note(
        title: "imported-\(index)", body: String(repeating: "field notes ", count: 40),
        createdAt: Date(timeIntervalSinceReferenceDate: Double(index)))
    }
    try LibraryArchive.json(NoteLibrary(notes: notes)).write(to: URL(fileURLWithPath: export))
    var random = SeededRandomNumberGenerator(seed: 53)
    var outcomes: [Bool] = []
    for round in 0..<ReliabilityFigures.recoveryKillRounds {
      try? FileManager.default.removeItem(atPath: store)
      try SQLiteNoteRepository(path: store).commit([.saveNote(Note(title: "kept before"))])
      let driver = try ProcessDriver(
        binary, arguments: ["--store", store], environment: ["TZ": "UTC", "HOME": folder])
      driver.send(["import \(export)"])
      // The kill comes at a seeded moment: from at once to after the import is done.
      Thread.sleep(forTimeInterval: Double.random(in: 0...3, using: &random))
      driver.kill()

      let repository = try SQLiteNoteRepository(path: store)
      #expect(try repository.integrityProblems() == [], "round \(round)")
      let titles = try repository.load().notes.map(\.title)
      #expect(titles.contains("kept before"), "round \(round): a note held before was lost")
      #expect(
        titles.count == 1 || titles.count == count + 1,
        "round \(round): \(titles.count - 1) of \(count) imported, a part")
      outcomes.append(titles.count == 1)
    }
    #expect(outcomes.count == ReliabilityFigures.recoveryKillRounds)
  }
}
