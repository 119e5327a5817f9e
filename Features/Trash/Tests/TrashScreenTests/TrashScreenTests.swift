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
  let repository = InMemoryNoteRepository(SampleData.library, stampsChanges: true)
  let store: NoteStore

  init() throws {
    store = try NoteStore(
      repository: repository, syncer: NoOpNoteSyncer(), now: .fixed(SampleData.date(minutes: 60)))
  }

  func makeHarness() -> ScreenHarness<Route> {
    let screen = TrashScreen(
      model: TrashViewModel(store: store, history: DeletionHistory()),
      now: .fixed(SampleData.date(minutes: 65)),
      timeZone: TimeZone(identifier: "UTC") ?? .current)
    return ScreenHarness(screen)
  }

  @Test func drawsTheDeletedNotesAndOpensOne() async throws {
    try store.perform(.deleteNote(SampleData.moss.id))
    try store.perform(.deleteNote(SampleData.shoppingList.id))
    let harness = makeHarness()
    #expect(
      harness.lastDrawn == [
        "Trash · 2 notes, deleted last first",
        "  1  Field kit · deleted 5 min ago · from no notebook",
        "  2  Moss on the north wall · deleted 5 min ago · from “Plants”",
      ])
    #expect(
      try await harness.run("open 2") == [
        "Moss on the north wall", "from “Plants” · #plants · deleted 5 min ago", "",
        "Thick after the rain.",
      ])
  }

  @Test func restorePutsTheNoteBackAndSaysWhere() async throws {
    try store.perform(.deleteNote(SampleData.moss.id))
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
    try store.perform(.deleteNote(SampleData.moss.id))
    let harness = makeHarness()
    _ = try await harness.run("empty")
    #expect(
      harness.lastDrawn == [
        "Empty the trash? 1 note will be deleted for good, with its versions.",
        "Type `yes` to empty it, or `no` to keep them.",
      ])
    #expect(try await harness.run("no") == ["Kept the trash as it was."])
    #expect(store.trashedNotes.count == 1)
    _ = try await harness.run("empty")
    #expect(try await harness.run("yes") == ["Deleted 1 note for good."])
    #expect(try repository.trashedNotes().isEmpty)
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
