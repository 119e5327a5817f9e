import ConflictsFeature
import FieldNotesModel
import FieldNotesTesting
import Foundation
import Testing

/// The conflict inbox's view model, state by state, against an inbox in memory.
///
/// What it lists and opens, which conflict a resolution names, and what it refuses. It knows
/// the notes only through its client, so each test sets the conflicts it means and reads the
/// resolutions asked for.
@MainActor
@Suite struct ConflictsViewModelTests {
  static let copy = Note(
    id: UUID(number: 0xC1), title: "Heron at the lake (conflict 2026-11-29 12:05)",
    body: "Grey heron, then it flew.", createdAt: SampleData.date(minutes: 0),
    updatedAt: SampleData.date(minutes: 5), conflictOf: SampleData.heron.id)
  static let kitCopy = Note(
    id: UUID(number: 0xC2), title: "Field kit (conflict 2026-11-29 12:06)", body: "Flask.",
    createdAt: SampleData.date(minutes: 1), conflictOf: SampleData.shoppingList.id)
  static let heron = NoteConflict(copy: copy, original: SampleData.heron)
  static let kit = NoteConflict(copy: kitCopy, original: SampleData.shoppingList)

  let client = InMemoryConflictsClient(conflicts: [Self.heron, Self.kit])

  @Test func openingAndResolvingGoThroughTheseStates() throws {
    let model = ConflictsViewModel(client: client)
    let recorder = StateRecorder(model, \.state)

    try model.open(at: 2)
    model.close()
    try model.open(at: 2)
    let resolved = try model.resolve(.keepCopy)

    #expect(
      recorder.values == [
        .loaded([Self.heron, Self.kit]), .opened(Self.kit), .loaded([Self.heron, Self.kit]),
        .opened(Self.kit), .loaded([Self.heron]),
      ])
    #expect(resolved == Self.kit)
    #expect(client.resolved == [.init(id: Self.kitCopy.id, resolution: .keepCopy)])
  }

  @Test func aConflictResolvedElsewhereLeavesTheListAndClosesIfOpen() throws {
    let model = ConflictsViewModel(client: client)
    try model.open(at: 1)
    client.conflicts.removeFirst()  // resolved by another process, or on another machine
    #expect(model.state == .loaded([Self.kit]))
    try model.resolve(.keepBoth, at: 1)
    #expect(model.state == .empty)
  }

  /// A resolution keeps the texts the user was shown: when either changed after the conflict
  /// was opened (another process, a sync), the first `keep` refuses and shows them again.
  @Test func aConflictThatChangedSinceItWasOpenedIsShownAgainBeforeItIsResolved() throws {
    let model = ConflictsViewModel(client: client)
    try model.open(at: 1)
    var edited = Self.copy
    edited.body = "Grey heron; then a third text, from elsewhere."
    let changed = NoteConflict(copy: edited, original: SampleData.heron)
    client.conflicts[0] = changed

    #expect(throws: ConflictsError.changedSinceShown) { try model.resolve(.keepCopy) }
    #expect(client.resolved.isEmpty)
    #expect(model.state == .opened(changed))

    try model.resolve(.keepCopy)
    #expect(client.resolved == [.init(id: Self.copy.id, resolution: .keepCopy)])
  }

  @Test func whatCantBeDoneIsRefusedAndResolvesNothing() throws {
    let model = ConflictsViewModel(client: client)
    #expect(throws: ConflictsError.nothingOpen(.keepOriginal)) { try model.resolve(.keepOriginal) }
    #expect(
      ConflictsError.nothingOpen(.keepBoth).errorDescription
        == "Open a conflict first (`open N`), or give its number: keep both N.")
    #expect(throws: ConflictsError.noRow(3, count: 2)) { try model.open(at: 3) }
    let empty = ConflictsViewModel(client: InMemoryConflictsClient())
    #expect(throws: ConflictsError.noRow(1, count: 0)) { try empty.resolve(.keepCopy) }
    #expect(client.resolved.isEmpty)
  }

  /// Closing with nothing open touches no data; a resolution is reported by name.
  @Test func closingTouchesNoDataAndAResolutionIsReported() throws {
    var used: [String] = []
    let model = ConflictsViewModel(client: UnimplementedConflictsClient { used.append($0) })
    model.close()
    #expect(used.isEmpty)
    #expect(throws: ConflictsError.noRow(1, count: 0)) { try model.resolve(.keepCopy, at: 1) }
    #expect(used == ["ConflictsClient.conflicts"])
  }
}
