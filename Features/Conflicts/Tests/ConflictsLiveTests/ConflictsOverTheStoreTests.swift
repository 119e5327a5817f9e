import ConflictsFeature
import ConflictsLive
import FieldNotesModel
import FieldNotesServices
import FieldNotesTesting
import Foundation
import Testing

/// The conflict inbox's view model over its live client and a store: state by state, and what
/// each resolution saves.
@MainActor
@Suite struct ConflictsOverTheStoreTests {
  let repository: InMemoryNoteRepository
  let store: NoteStore
  let model: ConflictsViewModel

  /// The copy a sync kept of the heron's text that lost, as `ThreeWayMerge` makes it.
  static let copy = Note(
    id: UUID(number: 0xC1), title: "Heron at the lake (conflict 2026-11-29 12:05)",
    body: "Grey heron, then it flew.", createdAt: SampleData.date(minutes: 0),
    notebookID: SampleData.birds.id, tags: ["birds"], updatedAt: SampleData.date(minutes: 5),
    conflictOf: SampleData.heron.id)

  init() throws {
    var library = SampleData.library
    library.notes.append(Self.copy)
    repository = InMemoryNoteRepository(library)
    store = try NoteStore(
      repository: repository, syncer: NoOpNoteSyncer(),
      now: .fixed(SampleData.date(minutes: 100)))
    model = ConflictsViewModel(client: StoreConflictsClient(store: store))
  }

  var conflict: NoteConflict { NoteConflict(copy: Self.copy, original: SampleData.heron) }

  @Test func openingAndKeepingTheOriginalGoThroughTheseStates() throws {
    let recorder = StateRecorder(model, \.state)

    try model.open(at: 1)
    model.close()
    try model.open(at: 1)
    try model.resolve(.keepOriginal)

    #expect(
      recorder.values == [
        .loaded([conflict]), .opened(conflict), .loaded([conflict]), .opened(conflict), .empty,
      ])
    #expect(try store.note(withID: SampleData.heron.id) == SampleData.heron)
    #expect(
      try store.journal.trashedNotes().map(\.id) == [Self.copy.id], "the copy is in the trash")
  }

  @Test func keepingTheCopyGivesTheNoteItsTextAndKeepsTheNotesOwnAsAVersion() throws {
    try model.resolve(.keepCopy, at: 1)
    let heron = try #require(try store.note(withID: SampleData.heron.id))
    #expect(heron.title == "Heron at the lake")
    #expect(heron.body == "Grey heron, then it flew.")
    #expect(heron.tags == ["birds"])
    #expect(heron.isPinned, "the note keeps its pin and notebook")
    #expect(try store.journal.versions(ofNote: heron.id).map(\.body) == [SampleData.heron.body])
    #expect(try store.note(withID: Self.copy.id) == nil)
    #expect(model.state == .empty)
  }

  @Test func keepingBothMakesTheCopyANoteOfItsOwnWithATitleToldApart() throws {
    try model.resolve(.keepBoth, at: 1)
    let copy = try #require(try store.note(withID: Self.copy.id))
    #expect(copy.conflictOf == nil)
    #expect(copy.title == "Heron at the lake (2)")
    #expect(try store.note(withID: SampleData.heron.id) == SampleData.heron)
    #expect(model.state == .empty)
  }

  /// Titles that differ only in case read the same, so `keep both` tells the copy apart from
  /// the original whatever the case of either: `heron` beside `Heron` is `Heron (2)`.
  @Test func keepingBothTellsApartATitleThatDiffersOnlyInCase() throws {
    var heron = try #require(try store.note(withID: SampleData.heron.id))
    heron.title = "heron AT THE LAKE"
    try store.perform(.updateNote(heron))
    try model.resolve(.keepBoth, at: 1)
    #expect(try store.note(withID: Self.copy.id)?.title == "Heron at the lake (2)")
    #expect(try store.note(withID: SampleData.heron.id)?.title == "heron AT THE LAKE")
  }

  @Test func aCopyWhoseNoteIsGoneIsKeptAsItsOwnNote() throws {
    try store.perform(.deleteNote(SampleData.heron.id))
    #expect(model.state == .loaded([NoteConflict(copy: Self.copy, original: nil)]))
    #expect(throws: ConflictsError.store(.conflictOriginalGone(Self.copy.id))) {
      try model.resolve(.keepOriginal, at: 1)
    }
    #expect(
      try store.note(withID: Self.copy.id) == Self.copy, "neither text went to the trash alone")
    try model.resolve(.keepCopy, at: 1)
    #expect(try store.note(withID: Self.copy.id)?.title == "Heron at the lake")
    #expect(try store.note(withID: Self.copy.id)?.conflictOf == nil)
  }

  @Test func aConflictResolvedElsewhereLeavesTheOpenPageForTheList() throws {
    try model.open(at: 1)
    let other = try NoteStore(repository: repository, syncer: NoOpNoteSyncer(), now: .fixed())
    try other.commit(ResolveConflict(Self.copy.id, .keepBoth))
    try store.reload()
    #expect(model.state == .empty)
    #expect(throws: ConflictsError.noRow(1, count: 0), "there is nothing left to resolve") {
      try model.resolve(.keepCopy)
    }
  }

  @Test func aConflictResolvedByAnotherProcessIsSaidToBeResolved() throws {
    try model.open(at: 1)
    let other = try NoteStore(repository: repository, syncer: NoOpNoteSyncer(), now: .fixed())
    try other.commit(ResolveConflict(Self.copy.id, .keepCopy))
    #expect(throws: ConflictsError.store(.notAConflict(Self.copy.id))) {
      try model.resolve(.keepOriginal)
    }
    try store.reload()
    #expect(
      try store.note(withID: SampleData.heron.id)?.body == Self.copy.body, "the other's stands")
    #expect(model.state == .empty)
  }

  /// A copy another process edited after it was shown, before this one read the store again:
  /// `keep original` resolves the texts shown or nothing, so the copy's new text is never put
  /// in the trash unseen; the screen then shows it, and the next `keep` resolves that.
  @Test func aCopyEditedElsewhereAfterItWasShownIsNotResolvedUnseen() throws {
    try model.open(at: 1)
    let other = try NoteStore(repository: repository, syncer: NoOpNoteSyncer(), now: .fixed())
    var edited = try #require(try other.note(withID: Self.copy.id))
    edited.body = "Edited in another window."
    try other.perform(.updateNote(edited))

    #expect(throws: ConflictsError.store(.persistence(.conflict(Self.copy.id)))) {
      try model.resolve(.keepOriginal)
    }
    #expect(try store.journal.trashedNotes().isEmpty, "nothing was resolved")
    guard case .opened(let now) = model.state else {
      Issue.record("the conflict is still open")
      return
    }
    #expect(now.copy.body == "Edited in another window.", "the screen shows the new text")
    try model.resolve(.keepOriginal)
    #expect(try store.journal.trashedNotes().map(\.note.body) == ["Edited in another window."])
  }

  @Test func whatCantBeDoneIsRefusedAndChangesNothing() throws {
    #expect(throws: ConflictsError.noRow(2, count: 1)) { try model.open(at: 2) }
    #expect(throws: ConflictsError.nothingOpen(.keepOriginal)) { try model.resolve(.keepOriginal) }
    repository.failNextCommit()
    #expect(throws: ConflictsError.store(.persistence(.diskFull))) {
      try model.resolve(.keepCopy, at: 1)
    }
    #expect(model.state == .loaded([conflict]))
    #expect(throws: NoteStoreError.notAConflict(SampleData.moss.id)) {
      try store.commit(ResolveConflict(SampleData.moss.id, .keepBoth))
    }
  }

  @Test func aCopyMarkedAsItsOwnOriginalIsNoConflict() throws {
    var odd = SampleData.moss
    odd.conflictOf = odd.id
    try store.perform(.updateNote(odd))
    #expect(model.state == .loaded([conflict]))
    #expect(throws: NoteStoreError.notAConflict(odd.id)) {
      try store.commit(ResolveConflict(odd.id, .keepCopy))
    }
    #expect(try store.note(withID: odd.id) != nil)
  }

  @Test func aMarkIsTakenOffOnlyWhenItIsOne() {
    #expect(NoteConflict.unmarked("Heron (conflict 2026-11-29 12:05)") == "Heron")
    #expect(NoteConflict.unmarked("Heron (conflict)") == "Heron")
    #expect(NoteConflict.unmarked("A (conflict of interest)") == "A (conflict of interest)")
    #expect(NoteConflict.unmarked("Heron") == "Heron")
  }
}
