import FieldNotesModel
import FieldNotesServices
import FieldNotesTesting
import Foundation
import TagsFeature
import Testing

/// The tags' view model over notes in memory: its tests stub its one client and nothing else
/// (`TagsLiveTests` holds the live client to the same promises over a store).
@MainActor
@Suite struct TagsViewModelTests {
  func makeModel() throws -> (TagsViewModel, InMemoryTagsClient) {
    let client = InMemoryTagsClient(notes: SampleData.library.notes)
    return (TagsViewModel(client: client), client)
  }

  static let sampleRows = [
    TagRow(name: "birds", noteCount: 2), TagRow(name: "lake", noteCount: 1),
    TagRow(name: "plants", noteCount: 1),
  ]

  @Test func everyTagWithItsNoteCountSortedByName() throws {
    let (model, _) = try makeModel()
    #expect(model.state == .loaded(Self.sampleRows))
    #expect(model.scope(ofTag: "#Birds") == .tagged("birds"))
  }

  @Test func notesWithoutTagsAreEmpty() throws {
    let client = InMemoryTagsClient(notes: [Note(title: "Untagged")])
    #expect(TagsViewModel(client: client).state == .empty)
  }

  @Test func renamingChangesTheTagOnEveryNote() throws {
    let (model, client) = try makeModel()
    let recorder = StateRecorder(model, \.state)

    try model.renameTag("Birds", to: "#Aves")

    #expect(
      recorder.transitions == [
        .loaded([
          TagRow(name: "aves", noteCount: 2), TagRow(name: "lake", noteCount: 1),
          TagRow(name: "plants", noteCount: 1),
        ])
      ])
    #expect(client.note(SampleData.heron.id)?.tags == ["aves", "lake"])
    #expect(client.note(SampleData.kingfisher.id)?.tags == ["aves"])
  }

  @Test func renamingOntoAnotherTagMergesThemWithoutDuplicates() throws {
    let (model, client) = try makeModel()

    try model.renameTag("lake", to: "birds")

    #expect(client.note(SampleData.heron.id)?.tags == ["birds"])
    #expect(
      model.state
        == .loaded([TagRow(name: "birds", noteCount: 2), TagRow(name: "plants", noteCount: 1)]))
  }

  @Test func aBadOrUnknownNameIsRefusedAndChangesNothing() throws {
    let (model, client) = try makeModel()

    #expect(throws: TagsError.unknownTag("fungi")) { try model.renameTag("fungi", to: "moss") }
    #expect(throws: TagsError.invalidName("two words", .invalidCharacters)) {
      try model.renameTag("birds", to: "two words")
    }
    #expect(throws: TagsError.invalidName("#", .empty)) { try model.renameTag("birds", to: "#") }
    #expect(client.notes == SampleData.library.notes)
    #expect(!model.canUndo)
  }

  @Test func deletingAsksThenRemovesTheTagFromEveryNote() throws {
    let (model, client) = try makeModel()
    let recorder = StateRecorder(model, \.state)

    try model.requestDeletion(ofTag: "birds")
    try model.confirmDeletion()

    #expect(
      recorder.values == [
        .loaded(Self.sampleRows),
        .confirming(TagDeletionRequest(tag: "birds", noteCount: 2)),
        .loaded([TagRow(name: "lake", noteCount: 1), TagRow(name: "plants", noteCount: 1)]),
      ])
    #expect(client.note(SampleData.kingfisher.id)?.tags == [])
  }

  @Test func withdrawingTheQuestionDeletesNothing() throws {
    let (model, client) = try makeModel()

    try model.requestDeletion(ofTag: "lake")
    model.cancelDeletion()

    #expect(model.state == .loaded(Self.sampleRows))
    #expect(client.notes == SampleData.library.notes)
    #expect(throws: TagsError.noDeletionPending) { try model.confirmDeletion() }
  }

  @Test func undoPutsBackExactlyTheTagsOfTheLastChange() throws {
    let (model, client) = try makeModel()

    try model.renameTag("lake", to: "birds")
    try model.undo()

    #expect(client.notes.map(\.tags) == SampleData.library.notes.map(\.tags))
    #expect(model.state == .loaded(Self.sampleRows))
    #expect(throws: TagsError.nothingToUndo) { try model.undo() }
  }

  @Test func undoAfterADeletionRestoresTheTag() throws {
    let (model, client) = try makeModel()
    try model.requestDeletion(ofTag: "birds")
    try model.confirmDeletion()

    try model.undo()

    #expect(client.note(SampleData.heron.id)?.tags == ["birds", "lake"])
    #expect(model.state == .loaded(Self.sampleRows))
  }

  @Test func aFailedSaveChangesNothingAndLeavesNothingToUndo() throws {
    let (model, client) = try makeModel()
    client.writeFailure = .store(.persistence(.diskFull))

    #expect(throws: TagsError.store(.persistence(.diskFull))) {
      try model.renameTag("birds", to: "aves")
    }
    #expect(client.notes == SampleData.library.notes)
    #expect(!model.canUndo)
  }

  /// Undo takes back its own change and nothing else: a tag another process gave a note
  /// meanwhile stays.
  @Test func undoKeepsWhatChangedElsewhereMeanwhile() throws {
    let (model, client) = try makeModel()
    try model.renameTag("birds", to: "avian")
    try model.requestDeletion(ofTag: "lake")
    model.cancelDeletion()
    client.notes = client.notes.map { note in
      var note = note
      if note.id == SampleData.kingfisher.id { note.tags.append("river") }
      return note
    }

    try model.undo()

    #expect(client.note(SampleData.kingfisher.id)?.tags == ["birds", "river"])
    #expect(client.note(SampleData.heron.id)?.tags == ["birds", "lake"])
  }

  @Test func undoingADeletionPutsTheTagBackBesideTagsAddedMeanwhile() throws {
    let (model, client) = try makeModel()
    try model.requestDeletion(ofTag: "lake")
    try model.confirmDeletion()
    client.notes = client.notes.map { note in
      var note = note
      if note.id == SampleData.heron.id { note.tags.append("dawn") }
      return note
    }

    try model.undo()

    #expect(client.note(SampleData.heron.id)?.tags == ["birds", "lake", "dawn"])
  }

  @Test func askingAndWithdrawingTouchNoNote() throws {
    let client = InMemoryTagsClient(notes: SampleData.library.notes)
    let model = TagsViewModel(client: client)

    try model.requestDeletion(ofTag: "lake")
    try model.declineDeletion()

    #expect(client.writes == 0)
    #expect(
      throws: TagsError.nothingToUndo,
      "nothing changed, so nothing is undone and no write is asked for"
    ) { try model.undo() }
    #expect(client.writes == 0)
  }

  @Test func refusingABadNameAsksTheNotesNothing() {
    let model = TagsViewModel(client: UnimplementedTagsClient { Issue.record("used \($0)") })

    #expect(throws: TagsError.invalidName("two words", .invalidCharacters)) {
      try model.renameTag("birds", to: "two words")
    }
  }

  // MARK: - A tag a note's text writes

  /// Notes tagged #heron: one writes `#heron` in its text, one only lists it.
  static let written = Note(title: "Dawn walk", body: "A #heron at the weir.", tags: ["heron"])
  static let listed = Note(title: "Pond list", body: "Coots, a grebe.", tags: ["heron", "pond"])

  /// A save reads a note's tags back from its text (`TagRules`), so a deletion that took
  /// #heron off the note writing it would last only until that note was next saved.
  @Test func deletingLeavesTheTagOnNotesWhoseTextWritesItAndSaysWhich() throws {
    let client = InMemoryTagsClient(notes: [Self.written, Self.listed])
    let model = TagsViewModel(client: client)

    try model.requestDeletion(ofTag: "heron")
    #expect(
      model.state
        == .confirming(
          TagDeletionRequest(tag: "heron", noteCount: 2, writtenInText: ["Dawn walk"])))
    let outcome = try model.confirmDeletion()

    #expect(outcome == TagChangeOutcome(changedNotes: 1, writtenInText: ["Dawn walk"]))
    #expect(client.note(Self.written.id)?.tags == ["heron"])
    #expect(client.note(Self.listed.id)?.tags == ["pond"])
    #expect(
      model.state
        == .loaded([TagRow(name: "heron", noteCount: 1), TagRow(name: "pond", noteCount: 1)]))
  }

  @Test func renamingLeavesNotesWhoseTextWritesTheOldNameAsTheyAre() throws {
    let client = InMemoryTagsClient(notes: [Self.written, Self.listed])
    let model = TagsViewModel(client: client)

    let outcome = try model.renameTag("heron", to: "bird")

    #expect(outcome == TagChangeOutcome(changedNotes: 1, writtenInText: ["Dawn walk"]))
    #expect(client.note(Self.written.id)?.tags == ["heron"])
    #expect(client.note(Self.listed.id)?.tags == ["bird", "pond"])
    try model.undo()
    #expect(client.notes == [Self.written, Self.listed])
  }

  @Test func aTagEveryNoteWritesInItsTextIsRefusedAndNothingChanges() throws {
    let client = InMemoryTagsClient(notes: [Self.written])
    let model = TagsViewModel(client: client)
    let refusal = TagsError.writtenInText("heron", titles: ["Dawn walk"])

    #expect(throws: refusal) { try model.requestDeletion(ofTag: "heron") }
    #expect(throws: refusal) { try model.renameTag("heron", to: "bird") }
    #expect(
      refusal.errorDescription
        == "Every note tagged #heron writes it in its text (\u{201C}Dawn walk\u{201D}), so it "
        + "would come back with the next save: edit the text to remove it.")
    #expect(client.writes == 0)
    #expect(!model.canUndo)
    #expect(model.state == .loaded([TagRow(name: "heron", noteCount: 1)]))
  }
}
