import FieldNotesModel
import FieldNotesNavigation
import FieldNotesServices
import FieldNotesTerminal
import FieldNotesTerminalTesting
import FieldNotesTesting
import Foundation
import TagsFeature
import TagsScreen
import Testing

/// The tags screen driven as the REPL drives it: what it draws, where `open` goes, and what its
/// question and undo say.
@MainActor
@Suite struct TagsScreenTests {
  func makeHarness() throws -> (ScreenHarness<Route>, InMemoryTagsClient) {
    let client = InMemoryTagsClient(notes: SampleData.library.notes)
    return (ScreenHarness(TagsScreen(model: TagsViewModel(client: client))), client)
  }

  @Test func drawsEveryTagAndOpensOneByNumberOrName() async throws {
    let (harness, _) = try makeHarness()
    #expect(
      harness.lastDrawn == [
        "Tags", "  1  #birds   2 notes", "  2  #lake    1 note", "  3  #plants  1 note",
      ])

    try await harness.run("open 2")
    try await harness.run("back")
    try await harness.run("open #Birds")

    #expect(harness.routes == [.noteList(.tagged("lake")), .noteList(.tagged("birds"))])
  }

  @Test func deletingAsksAndUndoPutsTheTagBack() async throws {
    let (harness, client) = try makeHarness()

    try await harness.run("delete lake")
    #expect(
      harness.lastDrawn == [
        "Remove #lake from 1 note? The notes stay.",
        "  yes  remove the tag from every note (`undo` puts it back)", "  no   keep it",
      ])
    try await harness.run("yes")
    #expect(client.note(SampleData.heron.id)?.tags == ["birds"])
    try await harness.run("undo")

    #expect(client.note(SampleData.heron.id)?.tags == ["birds", "lake"])
    #expect(harness.lastDrawn?.count == 4)
  }

  @Test func backWithdrawsTheQuestionBeforeLeaving() async throws {
    let (harness, client) = try makeHarness()
    try await harness.run("delete birds")

    try await harness.run("back")

    #expect(harness.isShowingTheScreen)
    #expect(harness.lastDrawn?.first == "Tags")
    #expect(client.notes == SampleData.library.notes)
  }

  @Test func refusalsSayWhyInOneLine() async throws {
    let (harness, _) = try makeHarness()

    await #expect(throws: CommandLineError.refused("No note is tagged #fungi.")) {
      try await harness.run("rename fungi moss")
    }
    await #expect(throws: CommandLineError.usage("rename TAG NEWTAG")) {
      try await harness.run("rename birds")
    }
    await #expect(throws: CommandLineError.refused("There is no deletion to confirm.")) {
      try await harness.run("yes")
    }
    await #expect(throws: CommandLineError.refused("row 9 is out of range (1–3)")) {
      try await harness.run("open 9")
    }
  }

  /// A note whose text writes the tag keeps it (a save would read it back), and the screen
  /// names it before and after.
  @Test func theQuestionAndTheAnswerNameTheNotesWhoseTextWritesTheTag() async throws {
    let client = InMemoryTagsClient(notes: [
      Note(title: "Dawn walk", body: "A #heron at the weir.", tags: ["heron"]),
      Note(title: "Pond list", body: "Coots.", tags: ["heron"]),
      Note(title: "Weir", body: "Another #heron.", tags: ["heron"]),
    ])
    let harness = ScreenHarness<Route>(TagsScreen(model: TagsViewModel(client: client)))

    try await harness.run("delete heron")
    #expect(
      harness.lastDrawn == [
        "Remove #heron from 1 note? The notes stay.",
        "  2 notes write it in their text and keep it: \u{201C}Dawn walk\u{201D}, "
          + "\u{201C}Weir\u{201D}.",
        "  yes  remove the tag from the others (`undo` puts it back)", "  no   keep it",
      ])
    let printed = try await harness.run("yes")

    #expect(
      printed == [
        "Removed #heron from 1 note; 2 notes write it in their text and keep it: "
          + "\u{201C}Dawn walk\u{201D}, \u{201C}Weir\u{201D}."
      ])
    #expect(client.notes.map(\.tags) == [["heron"], [], ["heron"]])
    // Every note left with the tag writes it: a rename would change none, so it is refused.
    await #expect(
      throws: CommandLineError.refused(
        "Every note tagged #heron writes it in its text (\u{201C}Dawn walk\u{201D}, "
          + "\u{201C}Weir\u{201D}), so it would come back with the next save: edit the text to "
          + "remove it.")
    ) { try await harness.run("rename heron bird") }
    #expect(client.notes.map(\.tags) == [["heron"], [], ["heron"]])
  }

  @Test func aRenameSaysWhichNotesKeptTheOldNameInTheirText() async throws {
    let client = InMemoryTagsClient(notes: [
      Note(title: "Dawn walk", body: "A #heron at the weir.", tags: ["heron"]),
      Note(title: "Pond list", body: "Coots.", tags: ["heron"]),
    ])
    let harness = ScreenHarness<Route>(TagsScreen(model: TagsViewModel(client: client)))

    #expect(
      try await harness.run("rename heron bird") == [
        "Renamed #heron to #bird on 1 note; 1 note writes #heron in its text and keeps it: "
          + "\u{201C}Dawn walk\u{201D}."
      ])
    #expect(client.notes.map(\.tags) == [["heron"], ["bird"]])
  }
}
