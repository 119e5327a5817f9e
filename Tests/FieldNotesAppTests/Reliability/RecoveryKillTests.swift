import FieldNotesModel
import FieldNotesPersistence
import FieldNotesServices
import Foundation
import Testing

/// `fieldnotes` killed with SIGKILL while it restores trashed notes and while it empties the
/// trash: each is one transaction, so every note is afterwards in exactly one place (among the
/// notes or in the trash), every restore it acknowledged holds, and the trash is emptied whole
/// or not at all.
@Suite struct RecoveryKillTests {
  let folder = NSTemporaryDirectory() + "fieldnotes-recovery-kill-" + UUID().uuidString
  var store: String { folder + "/notes.sqlite" }

  /// A store whose trash holds some notes, each edited once (so each has a version).
  func makeStore(trashing count: Int) throws -> [Note.ID] {
    let repository = try SQLiteNoteRepository(path: store)
    let notes = (0..<count).map { index in
      Note(
        title: "trashed-\(index)", body: String(repeating: "field notes ", count: 400),
        createdAt: Date(timeIntervalSinceReferenceDate: Double(index)))
    }
    try repository.commit(notes.map { .saveNote($0) })
    try repository.commit(
      notes.map { note in
        var edited = note
        edited.body += "edited"
        edited.updatedAt = note.createdAt.addingTimeInterval(1)
        return .saveNote(edited)
      })
    try repository.commit(
      notes.map { .trashNote($0.id, at: Date(timeIntervalSinceReferenceDate: 10_000)) })
    return notes.map(\.id)
  }

  func driver(_ binary: URL) throws -> ProcessDriver {
    try ProcessDriver(
      binary, arguments: ["--store", store], environment: ["TZ": "UTC", "HOME": folder])
  }

  @Test func aKillWhileRestoringLeavesEveryNoteInOnePlace() throws {
    let binary = try #require(BuiltProduct.fieldnotes, "the fieldnotes binary was not built")
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let ids = try makeStore(trashing: 300)
    var random = SeededRandomNumberGenerator(seed: 31)
    var acknowledged: Set<String> = []
    for round in 0..<ReliabilityFigures.recoveryKillRounds {
      let driver = try driver(binary)
      driver.send(["trash"] + Array(repeating: "restore 1", count: 40))
      let killAfter = Int.random(in: 1...10, using: &random)
      #expect(driver.waitForLines(count: killAfter, matching: { $0.hasPrefix("Restored “") }))
      driver.kill()
      acknowledged.formUnion(
        driver.output.compactMap { line in
          guard line.hasPrefix("Restored “"), let end = line.range(of: "” to ") else { return nil }
          return String(line[line.index(line.startIndex, offsetBy: 10)..<end.lowerBound])
        })

      let repository = try SQLiteNoteRepository(path: store)
      #expect(try repository.integrityProblems() == [], "round \(round)")
      let saved = Set(try repository.load().notes.map(\.id))
      let trashed = Set(try repository.trashedNotes().map(\.id))
      #expect(saved.isDisjoint(with: trashed), "round \(round): a note in both places")
      #expect(saved.union(trashed) == Set(ids), "round \(round): a note in neither")
      let titles = Set(try repository.load().notes.map(\.title))
      #expect(acknowledged.isSubset(of: titles), "round \(round): a restore was lost")
      for id in ids {
        #expect(try repository.versions(ofNote: id).count == 1, "round \(round): versions kept")
      }
    }
    #expect(!acknowledged.isEmpty)
  }

  @Test func aKillWhileEmptyingTheTrashEmptiesItWholeOrNotAtAll() throws {
    let binary = try #require(BuiltProduct.fieldnotes, "the fieldnotes binary was not built")
    defer { try? FileManager.default.removeItem(atPath: folder) }
    var random = SeededRandomNumberGenerator(seed: 47)
    var outcomes: [Bool] = []
    for round in 0..<ReliabilityFigures.recoveryKillRounds {
      try? FileManager.default.removeItem(atPath: folder)
      let ids = try makeStore(trashing: 2_000)
      let driver = try driver(binary)
      driver.send(["trash", "empty"])
      #expect(driver.waitForLines(count: 1, matching: { $0.hasPrefix("Empty the trash?") }))
      driver.send(["yes"])
      // The kill comes at a seeded moment of the purge: from at once to after it is done.
      Thread.sleep(forTimeInterval: Double.random(in: 0...0.2, using: &random))
      driver.kill()

      let repository = try SQLiteNoteRepository(path: store)
      #expect(try repository.integrityProblems() == [], "round \(round)")
      let trashed = try repository.trashedNotes().count
      let versions = try ids.reduce(0) { $0 + (try repository.versions(ofNote: $1).count) }
      #expect(trashed == 0 || trashed == ids.count, "round \(round): \(trashed) left, a half")
      #expect(versions == trashed, "round \(round): the versions went with their notes")
      #expect(try repository.load().notes.isEmpty)
      outcomes.append(trashed == 0)
    }
    #expect(outcomes.count == ReliabilityFigures.recoveryKillRounds)
  }
}
