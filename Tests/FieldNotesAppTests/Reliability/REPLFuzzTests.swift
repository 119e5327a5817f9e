import FieldNotesModel
import FieldNotesPersistence
import FieldNotesServices
import FieldNotesTerminal
import Foundation
import Testing

@testable import FieldNotesApp

/// Feeds the REPL a seeded stream of hostile lines with notes being written in between.
@MainActor
@Suite struct REPLFuzzTests {
  /// Commands with argument lists that are wrong for them on every screen.
  static let wrongArities = [
    "quit now", "exit 1", "back again", "list all", "ls x", "state x", "trace", "trace on off",
    "mode mv mvvm x", "mode mv mvvm", "sync x", "export", "import",
    "notebooks x", "notebook", "notebook frob", "notebook rename Birds", "open", "filter",
    "filter a b", "tag a b", "sort", "sort a b", "show", "show 1 2", "pin", "pin 1 2", "unpin",
    "move", "move 1", "move 1 to", "delete", "delete 1 2", "undo x", "summarize 1 2", "new x",
    "edit", "edit 1 2", "title", "save x", "cancel x", "yes x", "no x", "keep x", "help a b",
  ]
  static let rowCommands = ["pin", "unpin", "show", "delete", "edit", "summarize"]

  enum Line {
    case hostile([UInt8])
    case valid(String)
  }

  /// A line that no screen accepts.
  static func hostileLine(_ random: inout SeededRandomNumberGenerator, megabyte: Bool) -> [UInt8] {
    if megabyte { return [UInt8](repeating: 0x61, count: 1_048_576) }
    switch Int.random(in: 0..<8, using: &random) {
    case 0:  // random bytes, made invalid UTF-8 for certain
      var bytes = (0..<Int.random(in: 0...120, using: &random)).map { _ in
        UInt8.random(in: 0...255, using: &random)
      }
      bytes.insert(0xFF, at: Int.random(in: 0...bytes.count, using: &random))
      return bytes
    case 1:  // control characters and escape sequences
      let controls: [[UInt8]] = [
        [0x1B, 0x5B, 0x32, 0x4A], [0x00], [0x07], [0x1B, 0x5D, 0x30, 0x3B], [0x7F], [0x08],
        [0xC2, 0x9B],
      ]
      return Array("search ".utf8) + (controls.randomElement(using: &random) ?? [0x00])
        + Array("x".utf8)
    case 2:  // unbalanced quotes where words are split (text and names at the end of a line
      // take quotes as they are)
      return Array(
        (["notebook new \"Field", "notebook rename 'Birds New", "pin \"1", "sort title\\"]
          .randomElement(using: &random) ?? "").utf8)
    case 3:  // row numbers out of any range
      let command = rowCommands.randomElement(using: &random) ?? "pin"
      let number =
        [
          "0", "-1", "-99999999999999999999", "99999999999999999999999", "1000000", "1e3", "0x10",
          "١",
        ]
        .randomElement(using: &random) ?? "0"
      return Array("\(command) \(number)".utf8)
    case 4:  // every command with a wrong arity
      return Array((wrongArities.randomElement(using: &random) ?? "pin").utf8)
    case 5:  // unknown commands
      return Array(
        "zz\(Int.random(in: 0...999, using: &random)) \(UInt64.random(in: 0...UInt64.max, using: &random))"
          .utf8)
    case 6:  // unknown notebooks
      return Array("open Fungi-\(Int.random(in: 0...99, using: &random))".utf8)
    default:  // lines a little over the limit
      return [UInt8](
        repeating: 0x62, count: InputLine.maximumBytes + Int.random(in: 1...64, using: &random))
    }
  }

  static func script(lines count: Int, seed: UInt64) -> (lines: [Line], titles: [String]) {
    var random = SeededRandomNumberGenerator(seed: seed)
    var lines: [Line] = [.valid("open all")]
    var titles: [String] = []
    let megabyteAt = Set(
      (0..<ReliabilityFigures.megabyteLines).map { _ in Int.random(in: 0..<count, using: &random) })
    var index = 0
    while lines.count < count {
      // Every so often a note is written, with hostile lines landing inside the composer too.
      if Int.random(in: 0..<100, using: &random) == 0 {
        let title = "Fuzz note \(titles.count) '); DROP TABLE notes;-- 100%_"
        titles.append(title)
        lines.append(.valid("new"))
        for _ in 0..<Int.random(in: 0...3, using: &random) {
          lines.append(.hostile(hostileLine(&random, megabyte: false)))
        }
        lines += [.valid("title \(title)"), .valid("save")]
      } else {
        lines.append(.hostile(hostileLine(&random, megabyte: megabyteAt.contains(index))))
      }
      index += 1
    }
    return (lines, titles)
  }

  @Test func fuzzHostileLinesCrashNothingAndLoseNothing() async throws {
    let folder = NSTemporaryDirectory() + "fieldnotes-fuzz-" + UUID().uuidString
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let store = folder + "/notes.sqlite"
    let (lines, titles) = Self.script(lines: ReliabilityFigures.fuzzLines, seed: 20_261_129)
    let hostileCount = lines.count { if case .hostile = $0 { true } else { false } }
    let console = QuietConsole()

    let status = await FieldNotesApp.run(
      arguments: ["--store", store], environment: ["TZ": "UTC", "HOME": folder], console: console,
      input: lines.map { line in
        switch line {
        case .hostile(let bytes): bytes
        case .valid(let text): Array(text.utf8)
        }
      })

    #expect(lines.count >= ReliabilityFigures.fuzzLines)
    #expect(status == 1)
    #expect(console.errorCount == hostileCount, "every bad line gets exactly one error line")
    #expect(
      console.erroredLineNumbers
        == Set(
          lines.indices.filter { if case .hostile = lines[$0] { true } else { false } }.map {
            $0 + 1
          }))
    let repository = try SQLiteNoteRepository(path: store)
    #expect(try repository.integrityProblems() == [])
    #expect(try repository.load().notes.map(\.title).sorted() == titles.sorted())
    #expect(titles.count > 100)
  }
}

/// Counts output without keeping it: a fuzz run prints a great deal.
@MainActor
final class QuietConsole: ConsoleOutput {
  private(set) var errorCount = 0
  private(set) var erroredLineNumbers: Set<Int> = []

  func print(_ line: String) {}

  func printError(_ line: String) {
    errorCount += 1
    if let range = line.range(of: #"\(line (\d+) of"#, options: .regularExpression) {
      let digits = line[range].filter(\.isNumber)
      if let number = Int(digits) { erroredLineNumbers.insert(number) }
    }
  }
}
