import FieldNotesFormats
import FieldNotesModel
import Foundation
import Testing

@testable import FieldNotesApp

/// Two `fieldnotes` processes with two store files sync through one git remote, at the same time,
/// editing one shared note in every round, and end with identical content and no edit lost.
@Suite struct SyncConvergenceTests {
  @Test func twoProcessesSyncingAtOnceConverge() throws {
    let binary = try #require(BuiltProduct.fieldnotes, "the fieldnotes binary was not built")
    let root = NSTemporaryDirectory() + "fieldnotes-converge-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: root) }
    let environment = ["TZ": "UTC", "HOME": root]
    @Sendable func arguments(_ name: String) -> [String] {
      ["--store", "\(root)/\(name).sqlite", "--sync-folder", "\(root)/folder"]
    }
    @Sendable func script(_ name: String, round: Int) -> String {
      // Both processes rewrite the same note's body in every round, at the same moment.
      var lines = [
        "open all", "search Shared", "edit 1", "body Written by \(name) in round \(round).", "save",
        "search",
      ]
      for index in 0..<5 {
        lines += [
          "new", "title \(name) note \(round)-\(index)", "body Written by \(name).", "save",
        ]
      }
      // Each process pins and deletes its own notes only: a pin the other process never saw
      // would rightly keep a note it deleted (an edit outlives a deletion that never saw it).
      lines += [
        "search \(name) note \(round)-", "pin 1", "sync", "delete 2", "search", "sync",
      ]
      return lines.joined(separator: "\n") + "\n"
    }

    let shared = try BuiltProduct.run(
      binary, arguments: arguments("first"),
      input: "open all\nnew\ntitle Shared\nbody Start.\nsave\nsync\n", environment: environment)
    #expect(shared.status == 0, "\(shared.errors)")
    _ = try BuiltProduct.run(
      binary, arguments: arguments("second"), input: "sync\n", environment: environment)
    for round in 0..<3 {
      let group = DispatchGroup()
      let failures = FailureLog()
      for name in ["first", "second"] {
        DispatchQueue.global().async(group: group) {
          do {
            let result = try BuiltProduct.run(
              binary, arguments: arguments(name), input: script(name, round: round),
              environment: environment)
            if result.status != 0 { failures.add("\(name): \(result.errors)") }
          } catch {
            failures.add("\(name): \(error)")
          }
        }
      }
      group.wait()
      #expect(failures.messages.isEmpty, "round \(round): \(failures.messages)")
    }
    // Two more rounds of plain syncs settle what the concurrent ones left to the other side.
    for _ in 0..<2 {
      for name in ["first", "second"] {
        _ = try BuiltProduct.run(
          binary, arguments: arguments(name), input: "sync\n", environment: environment)
      }
    }
    var libraries: [NoteLibrary] = []
    for name in ["first", "second"] {
      let path = "\(root)/\(name).json"
      let result = try BuiltProduct.run(
        binary, arguments: arguments(name), input: "export \(path)\n", environment: environment)
      #expect(result.status == 0)
      let data = try #require(FileManager.default.contents(atPath: path))
      libraries.append(try LibraryArchive.library(fromJSON: data))
    }
    // Dates travel through the repository rounded to the millisecond, and the export writes
    // them truncated to one: the same date may differ by under two milliseconds here.
    func sameDate(_ first: Date, _ second: Date) -> Bool {
      abs(first.timeIntervalSince(second)) < 0.002
    }
    let sorted = libraries.map { $0.notes.sorted { $0.id.uuidString < $1.id.uuidString } }
    #expect(sorted[0].count == sorted[1].count)
    for (first, second) in zip(sorted[0], sorted[1]) {
      var same = second
      same.createdAt = first.createdAt
      same.updatedAt = first.updatedAt
      #expect(first == same)
      #expect(sameDate(first.createdAt, second.createdAt))
      #expect(sameDate(first.updatedAt, second.updatedAt))
    }
    // 2 processes × 3 rounds × 5 notes, less one deletion each per round; the shared note; and
    // copies of bodies written at once by both (`search Shared` finds the copies too, so a
    // later round may rewrite a copy, and that can be copied in turn).
    let bodies = sorted[0].map(\.body)
    let copies = sorted[0].filter { $0.title.hasPrefix("Shared (conflict") }
    #expect(sorted[0].count == 24 + 1 + copies.count)
    #expect(!copies.isEmpty)
    // The last round's two texts were written without either seeing the other: both survive.
    #expect(bodies.contains("Written by first in round 2."))
    #expect(bodies.contains("Written by second in round 2."))
  }
}

/// Failure messages gathered from several threads.
final class FailureLog: @unchecked Sendable {
  // Guarded by `lock`.
  private var collected: [String] = []
  private let lock = NSLock()

  func add(_ message: String) {
    lock.lock()
    collected.append(message)
    lock.unlock()
  }

  var messages: [String] {
    lock.lock()
    defer { lock.unlock() }
    return collected
  }
}
