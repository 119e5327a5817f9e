import ConflictsFeature
import ConflictsScreen
import FieldNotesModel
import FieldNotesNavigation
import FieldNotesServices
import FieldNotesTerminal
import FieldNotesTerminalTesting
import FieldNotesTesting
import Foundation
import Testing

/// The conflict inbox driven as the REPL drives it: the list, one conflict opened with both
/// texts and their diff, and what each `keep` says.
@MainActor
@Suite struct ConflictsScreenTests {
  static let kingfisherCopy = Note(
    id: UUID(number: 0xC1), title: "Kingfisher (conflict 2026-11-29 12:05)",
    body: "A flash of blue under the bridge.\nIt dived twice.",
    createdAt: SampleData.date(minutes: 10), notebookID: SampleData.birds.id,
    tags: ["birds"], updatedAt: SampleData.date(minutes: 5),
    conflictOf: SampleData.kingfisher.id)

  let client = InMemoryConflictsClient(conflicts: [
    NoteConflict(copy: Self.kingfisherCopy, original: SampleData.kingfisher)
  ])

  func makeHarness() -> ScreenHarness<Route> {
    ScreenHarness(
      ConflictsScreen(
        model: ConflictsViewModel(client: client), now: .fixed(SampleData.date(minutes: 65)),
        timeZone: TimeZone(identifier: "UTC") ?? .current))
  }

  @Test func listsTheConflictsAndOpensOneWithBothTextsAndTheirDiff() async throws {
    let harness = makeHarness()
    #expect(
      harness.lastDrawn == [
        "Conflicts · 1 unresolved, oldest first (`open N` compares the two texts)",
        "  1  “Kingfisher” · the copy written 1 h ago, the note edited 55 min ago",
      ])
    _ = try await harness.run("open 1")
    #expect(
      harness.lastDrawn == [
        "Conflict over “Kingfisher”", "",
        "The note (edited 55 min ago), kept by `keep original`:",
        "  # Kingfisher", "  #birds", "  A flash of blue under the bridge.", "",
        "The copy (written 1 h ago), kept by `keep copy`:",
        "  # Kingfisher", "  #birds", "  A flash of blue under the bridge.", "  It dived twice.",
        "", "--- the note", "+++ the copy", "@@ -1 +1,2 @@", " A flash of blue under the bridge.",
        "+It dived twice.", "",
        "Keep which? `keep original`, `keep copy`, or `keep both` (as two notes); `close` lists all.",
      ])
    #expect(
      try await harness.run("keep copy") == [
        "The note now has the copy's text (its own is kept as a version); the copy of "
          + "“Kingfisher” is in the trash."
      ])
    #expect(
      harness.lastDrawn == [
        "Conflicts · none",
        "  When a sync finds a note changed on two machines, the text that lost comes here.",
      ])
  }

  @Test func aConflictOfTitlesAndTagsShowsThemInTheDiff() async throws {
    let copy = Note(
      id: UUID(number: 0xC2), title: "Field kit, winter (conflict 2026-11-29 12:05)",
      body: SampleData.shoppingList.body, createdAt: SampleData.date(minutes: 30),
      tags: ["kit"], updatedAt: SampleData.date(minutes: 5),
      conflictOf: SampleData.shoppingList.id)
    let client = InMemoryConflictsClient(conflicts: [
      NoteConflict(copy: copy, original: SampleData.shoppingList)
    ])
    let harness = ScreenHarness<Route>(
      ConflictsScreen(
        model: ConflictsViewModel(client: client), now: .fixed(SampleData.date(minutes: 65)),
        timeZone: TimeZone(identifier: "UTC") ?? .current))
    _ = try await harness.run("open 1")
    let drawn = try #require(harness.lastDrawn)
    #expect(drawn.first == "Conflict over “Field kit”", "named after the note, not the copy")
    #expect(
      drawn.drop { $0 != "--- the note" }.prefix(4) == [
        "--- the note", "+++ the copy", "title: “Field kit” → “Field kit, winter”",
        "tags: none → #kit",
      ])
  }

  @Test func badInputIsRefusedWithUsageOrReason() async throws {
    let harness = makeHarness()
    let usage = CommandLineError.usage("keep original|copy|both [N]")
    await #expect(throws: usage) { try await harness.run("keep") }
    await #expect(throws: usage) { try await harness.run("keep mine") }
    await #expect(throws: usage) { try await harness.run("keep copy x") }
    await #expect(throws: CommandLineError.usage("open N")) { try await harness.run("open") }
    await #expect(throws: CommandLineError.self) { try await harness.run("keep copy") }
    await #expect(throws: CommandLineError.self) { try await harness.run("open 5") }
    #expect(client.conflicts.count == 1 && client.resolved.isEmpty, "nothing was resolved")
  }
}
