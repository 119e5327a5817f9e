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

  /// Another process deletes the note a session lists and adds one; the session's next line,
  /// whatever it is, is drawn from the store as it is now: list and search agree.
  @Test(arguments: [["list"], ["search heron"], ["search"], ["help"]])
  func aLongSessionShowsWhatAnotherProcessSavedAfterItsNextLine(_ lines: [String]) throws {
    let setting = try LostUpdateTests.Setting()
    defer { setting.remove() }
    let session = try setting.listingProcess(["open all", "search heron"])
    let other = try setting.run([
      "open all", "delete 1", "new", "title Heron again", "body Back at the lake.", "save",
    ])
    #expect(other.status == 0, "\(other.errors)")
    let before = session.output.count
    setting.perform(session, lines)
    let shown = session.output.dropFirst(before).filter { $0.hasPrefix("  1 ") }
    // The search's matches are marked in the plain output a pipe gets: «Heron».
    let title = lines == ["search"] ? "Heron again" : "«Heron» again"
    #expect(shown.last?.contains(title) == true, "\(session.output.dropFirst(before))")
    #expect(!session.output.dropFirst(before).contains { $0.contains("Heron ·") })
    #expect(setting.finish(session, with: []) == 0, "\(session.errors)")
  }

  /// A row number names the note as the session last drew it: when another process has
  /// removed that note meanwhile, nothing else is deleted in its place.
  @Test func aRowNumberNeverNamesANoteTheSessionDidNotShow() throws {
    let setting = try LostUpdateTests.Setting()
    defer { setting.remove() }
    _ = try setting.run(["open all", "new", "title Egret", "save"])
    let session = try setting.listingProcess(["open all"])
    let other = try setting.run(["open all", "delete 1"])  // Egret, the newest
    #expect(other.status == 0, "\(other.errors)")
    setting.perform(session, ["delete 1"])
    // Standard error is read on its own: all of it is in once the session has ended.
    _ = setting.finish(session, with: [])
    #expect(session.errors.contains("no longer exists"), "\(session.errors)")
    #expect(try setting.savedNotes().map(\.title) == ["Heron"])
  }

  /// The same during a search, in both forms of the list: another process deletes the note
  /// drawn as row 1, and `delete 2` deletes the note drawn as row 2, not the one that took its
  /// place in the other process's list.
  @Test(arguments: ["mvvm", "mv"])
  func aRowNumberDuringASearchNamesTheRowAsDrawn(_ form: String) throws {
    let setting = try LostUpdateTests.Setting()
    defer { setting.remove() }
    for name in ["Wren alpha", "Wren beta", "Wren gamma"] {
      _ = try setting.run(["open all", "new", "title \(name)", "save"])
    }
    let session = try setting.listingProcess(["mode \(form)", "open all", "search wren"])
    setting.perform(session, [])
    let other = try setting.run(["open all", "search Wren gamma", "delete 1"])
    #expect(other.status == 0, "\(other.errors)")

    setting.perform(session, ["delete 2"])

    #expect(
      session.output.contains(
        "Deleted \u{201C}Wren beta\u{201D} (it is in the trash); `undo` restores it."))
    _ = setting.finish(session, with: [])
    #expect(try setting.savedNotes().map(\.title).sorted() == ["Heron", "Wren alpha"])
  }
}
