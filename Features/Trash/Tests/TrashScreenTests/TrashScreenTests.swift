import FieldNotesModel
import FieldNotesNavigation
import FieldNotesServices
import FieldNotesTerminal
import FieldNotesTerminalTesting
import FieldNotesTesting
import Foundation
import Testing
import TrashFeature
import TrashScreen

/// The trash screen driven as the REPL drives it: what it draws, what each command says, and
/// that emptying it waits for `yes`.
@MainActor
@Suite struct TrashScreenTests {
  let client = InMemoryTrashClient(notebooks: [SampleData.plants])

  /// Deletes a note as the store would have: it goes first in the trash.
  func delete(_ note: Note, from notebook: Notebook? = nil) {
    client.trashedNotes.insert(
      TrashedNote(
        note: note, trashedAt: SampleData.date(minutes: 60), notebookName: notebook?.name),
      at: 0)
  }

  func makeHarness() -> ScreenHarness<Route> {
    let screen = TrashScreen(
      model: TrashViewModel(client: client, history: DeletionHistory()),
      now: .fixed(SampleData.date(minutes: 65)),
      timeZone: TimeZone(identifier: "UTC") ?? .current)
    return ScreenHarness(screen)
  }

  @Test func drawsTheDeletedNotesAndOpensOne() async throws {
    delete(SampleData.moss, from: SampleData.plants)
    delete(SampleData.shoppingList)
    let harness = makeHarness()
    #expect(
      harness.lastDrawn == [
        "Trash · 2 notes, deleted last first",
        // Each with its id, for `fieldnotes restore ID`.
        "  1  a0a4  Field kit · deleted 5 min ago · from no notebook",
        "  2  a0a3  Moss on the north wall · deleted 5 min ago · from “Plants”",
      ])
    try await harness.run("open 2")
    #expect(
      harness.lastDrawn == [
        "Moss on the north wall", "from “Plants” · #plants · deleted 5 min ago", "",
        "Thick after the rain.", "", "`back` returns to the trash.",
      ])
  }

  /// The files kept with a trashed note are listed on its page: emptying the trash takes them
  /// too, and the question says so.
  @Test func aNoteOpenedInTheTrashListsItsFilesAndEmptyingSaysTheyGo() async throws {
    delete(SampleData.moss, from: SampleData.plants)
    client.attachments[SampleData.moss.id] = [
      NoteAttachment.Entry(name: "img/moss.jpg", size: 2_048),
      NoteAttachment.Entry(name: "wall.pdf", size: 900),
    ]
    let harness = makeHarness()
    try await harness.run("open 1")
    #expect(
      harness.lastDrawn?.suffix(6) == [
        "", "Attachments (`restore N` brings them back with the note):",
        "  img/moss.jpg · 2.0 KB", "  wall.pdf · 900 bytes", "", "`back` returns to the trash.",
      ])
    try await harness.run("back")
    _ = try await harness.run("empty")
    #expect(
      harness.lastDrawn?.first
        == "Empty the trash? 1 note will be deleted for good, with its versions and the files "
        + "kept with it.")
  }

  /// A note opened in the trash is a page of its own: `back` goes back to the trash's list,
  /// not out of the trash.
  @Test func backFromANoteOpenedInTheTrashReturnsToTheTrash() async throws {
    delete(SampleData.moss, from: SampleData.plants)
    let harness = makeHarness()
    try await harness.run("show 1")
    #expect(harness.lastDrawn?.first == "Moss on the north wall")
    try await harness.run("back")
    #expect(harness.lastDrawn?.first == "Trash · 1 note, deleted last first")
    #expect(harness.isShowingTheScreen)
  }

  @Test func restorePutsTheNoteBackAndSaysWhere() async throws {
    delete(SampleData.moss, from: SampleData.plants)
    let harness = makeHarness()
    #expect(
      try await harness.run("restore 1") == ["Restored “Moss on the north wall” to “Plants”."])
    #expect(
      harness.lastDrawn == [
        "Trash · empty",
        "  A note you delete comes here; `restore N` puts it back where it was.",
      ])
  }

  @Test func emptyAsksAndDeletesOnlyAfterYes() async throws {
    delete(SampleData.moss, from: SampleData.plants)
    let harness = makeHarness()
    _ = try await harness.run("empty")
    #expect(
      harness.lastDrawn == [
        "Empty the trash? 1 note will be deleted for good, with its versions and the files kept "
          + "with it.",
        "Type `yes` to empty it, or `no` to keep them.",
      ])
    #expect(try await harness.run("no") == ["Kept the trash as it was."])
    #expect(client.trashedNotes.count == 1)
    _ = try await harness.run("empty")
    #expect(try await harness.run("yes") == ["Deleted 1 note for good."])
    #expect(client.trashedNotes.isEmpty)
  }

  @Test func badInputIsRefusedWithUsageOrReason() async throws {
    let harness = makeHarness()
    await #expect(throws: CommandLineError.usage("open N")) { try await harness.run("open x") }
    await #expect(throws: CommandLineError.usage("restore N")) { try await harness.run("restore") }
    await #expect(throws: CommandLineError.self) { try await harness.run("restore 3") }
    await #expect(throws: CommandLineError.self) { try await harness.run("yes") }
    await #expect(throws: CommandLineError.self) { try await harness.run("empty") }
  }
}
