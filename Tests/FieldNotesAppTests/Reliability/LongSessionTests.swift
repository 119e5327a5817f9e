import FieldNotesModel
import Foundation
import Testing

/// A long session keeps saving while other processes write the same store: every kind of write,
/// many times, each one after another process has committed.
@Suite struct LongSessionTests {
  @Test func everyWriteOfALongSessionSavesAfterAnotherProcessWrote() throws {
    let setting = try LostUpdateTests.Setting()
    defer { setting.remove() }
    let session = try setting.listingProcess(["open all", "search Heron"])

    let rounds: [[String]] = [
      ["pin 1"], ["unpin 1"], ["edit 1", "title Heron at dusk", "save"], ["delete 1"], ["undo"],
      ["pin 1"], ["edit 1", "body Two herons now.", "save"], ["unpin 1"],
    ]
    for (number, lines) in rounds.enumerated() {
      // Another process commits a note of its own…
      let other = try setting.run(["open all", "new", "title From elsewhere \(number)", "save"])
      #expect(other.status == 0, "\(other.errors)")
      // …and the session's next write still saves.
      setting.perform(session, lines)
      #expect(session.errors == "", "round \(number + 1): \(lines)")
    }
    #expect(setting.finish(session, with: []) == 0, "\(session.errors)")

    let notes = try setting.savedNotes()
    let heron = try #require(notes.first { $0.title == "Heron at dusk" })
    #expect(heron.body == "Two herons now.")
    #expect(!heron.isPinned)
    #expect(notes.count == 1 + rounds.count, "every other process's note is there too")
  }
}
