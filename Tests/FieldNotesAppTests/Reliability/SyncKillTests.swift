import FieldNotesFormats
import FieldNotesModel
import FieldNotesServices
import Foundation
import Testing

/// `fieldnotes` is killed with SIGKILL in each step of a sync while another store keeps
/// syncing; syncing again converges, with every note once and no conflict copy.
@Suite struct SyncKillTests {
  static let phases = [
    "sync: committing local changes…", "sync: fetching from", "sync: merging…",
    "sync: pushing…",
  ]

  @Test func aSyncKilledInAnyStepConvergesWhenRunAgain() throws {
    let binary = try #require(BuiltProduct.fieldnotes, "the fieldnotes binary was not built")
    let folder = NSTemporaryDirectory() + "fieldnotes-sync-kill-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let environment = ["TZ": "UTC", "HOME": folder]
    func arguments(_ name: String) -> [String] {
      ["--store", "\(folder)/\(name).sqlite", "--sync-folder", "\(folder)/remote.git"]
    }
    // Enough notes that each step takes a moment.
    var random = SeededRandomNumberGenerator(seed: 11)
    let start = NoteLibrary(
      notes: (0..<300).map { index in
        Note(
          title: "Start \(index)",
          body: "Body \(index) \(UInt64.random(in: 0...UInt64.max, using: &random))",
          createdAt: Date(timeIntervalSince1970: 1_795_953_600 + Double(index)))
      })
    try LibraryArchive.json(start).write(to: URL(fileURLWithPath: "\(folder)/start.json"))
    let first = try BuiltProduct.run(
      binary, arguments: arguments("killed"), input: "import \(folder)/start.json\nsync\n",
      environment: environment)
    #expect(first.status == 0, "\(first.errors)")

    var expected = 300
    for round in 0..<(Self.phases.count * 2) {
      let phase = Self.phases[round % Self.phases.count]
      // The other store changes notes of its own, so each sync has something to merge.
      let other = try BuiltProduct.run(
        binary, arguments: arguments("other"),
        input: "open all\nnew\ntitle Other \(round)\nsave\nsync\n", environment: environment)
      #expect(other.status == 0, "round \(round): \(other.errors)")
      let driver = try ProcessDriver(
        binary, arguments: arguments("killed"), environment: environment)
      driver.send(["open all", "new", "title Killed \(round)", "save", "sync"])
      // A sync's progress is a notice, said on standard error.
      let reached = driver.waitForLines(
        count: 1, onStandardError: true, matching: { $0.hasPrefix(phase) })
      driver.kill()
      #expect(reached, "round \(round) never reached “\(phase)”: \(driver.errors)")
      expected += 2
    }

    for name in ["killed", "other", "killed"] {
      let result = try BuiltProduct.run(
        binary, arguments: arguments(name), input: "sync\n", environment: environment)
      #expect(result.status == 0, "\(name): \(result.errors)")
    }
    var titles: [[String]] = []
    for name in ["killed", "other"] {
      let path = "\(folder)/\(name)-export.json"
      _ = try BuiltProduct.run(
        binary, arguments: arguments(name), input: "export \(path)\n", environment: environment)
      let data = try #require(FileManager.default.contents(atPath: path))
      titles.append(try LibraryArchive.library(fromJSON: data).notes.map(\.title).sorted())
    }
    #expect(titles[0] == titles[1])
    #expect(titles[0].count == expected)
    #expect(Set(titles[0]).count == titles[0].count, "no note twice")
    #expect(!titles[0].contains { $0.contains("(conflict") })
  }
}
