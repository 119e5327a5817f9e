import FieldNotesPersistence
import FieldNotesServices
import Foundation
import Testing

/// `fieldnotes` is killed with SIGKILL while writing; every note it acknowledged must survive.
@Suite struct CrashDurabilityTests {
  @Test func acknowledgedNotesSurviveSIGKILL() throws {
    let binary = try #require(BuiltProduct.fieldnotes, "the fieldnotes binary was not built")
    let folder = NSTemporaryDirectory() + "fieldnotes-crash-" + UUID().uuidString
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let store = folder + "/notes.sqlite"
    var random = SeededRandomNumberGenerator(seed: 7_355_608)
    var acknowledged: [String] = []
    var next = 0

    for round in 0..<ReliabilityFigures.crashRounds {
      let driver = try ProcessDriver(
        binary, arguments: ["--store", store], environment: ["TZ": "UTC", "HOME": folder])
      var script = ["open all"]
      for _ in 0..<200 {
        script += [
          "new", "title crash-\(next)", "body written before round \(round)'s kill", "save",
        ]
        next += 1
      }
      driver.send(script)
      // Kill after a seeded number of acknowledgements, while later saves are in flight.
      let killAfter = Int.random(in: 1...25, using: &random)
      #expect(driver.waitForLines(count: killAfter, matching: { $0.hasPrefix("Saved “crash-") }))
      driver.kill()
      acknowledged += driver.output.compactMap { line in
        guard line.hasPrefix("Saved “"), line.hasSuffix("”.") else { return nil }
        return String(line.dropFirst("Saved “".count).dropLast(2))
      }

      let repository = try SQLiteNoteRepository(path: store)
      #expect(try repository.integrityProblems() == [], "round \(round)")
      let titles = Set(try repository.load().notes.map(\.title))
      let lost = acknowledged.filter { !titles.contains($0) }
      #expect(lost.isEmpty, "round \(round) lost \(lost)")
    }
    #expect(acknowledged.count >= ReliabilityFigures.crashRounds)
  }
}
