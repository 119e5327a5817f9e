import ComposerFeature
import FieldNotesFormats
import FieldNotesModel
import FieldNotesServices
import FieldNotesTesting
import Foundation
import Testing

@MainActor
@Suite struct ComposerViewModelTests {
  let repository = InMemoryNoteRepository(SampleData.library)

  func makeComposer(_ purpose: ComposerViewModel.Purpose = .newNote(in: nil)) throws
    -> (ComposerViewModel, NoteStore)
  {
    let store = try NoteStore(
      repository: repository, syncer: NoOpNoteSyncer(), now: .fixed(SampleData.date(minutes: 90)))
    let composer = ComposerViewModel(
      store: store, purpose: purpose, ids: .incrementing(), now: .fixed(),
      session: SampleData.session(1), editor: UnavailableTextEditor())
    return (composer, store)
  }

  // MARK: - Writing a new note

  /// A route can name a note another process deleted before the composer opened: the user
  /// writes a new note instead of editing nothing, and what they write is saved.
  @Test func editingANoteDeletedMeanwhileOpensANewNote() throws {
    let gone = Note(id: UUID(number: 0xDEAD), title: "Deleted elsewhere")
    let (composer, store) = try makeComposer(.editNote(gone.id))
    #expect(composer.purpose == .newNote(in: nil))
    #expect(composer.draft.title == "")

    try composer.setTitle("Written anyway")
    let saved = try composer.save()

    #expect(saved?.title == "Written anyway")
    #expect(store.note(withID: gone.id) == nil, "nothing is saved under the missing note's id")
  }

  @Test func aNewComposerStartsEditingAndAsksForATitle() throws {
    let (composer, _) = try makeComposer()
    #expect(composer.state == .editing(problems: [.titleRequired]))
    #expect(!composer.canSave)
    #expect(!composer.hasChanges)
  }

  @Test func savingANewNoteGoesFromEditingToSaved() throws {
    let (composer, store) = try makeComposer(.newNote(in: SampleData.birds.id))
    let recorder = StateRecorder(composer, \.state)

    try composer.setTitle("  Wren  ")
    try composer.replaceBody(with: "Loud for its size.")
    try composer.setTags(from: "#Birds, garden")
    let saved = try composer.save()

    let expected = Note(
      id: UUID(number: 1), title: "Wren", body: "Loud for its size.",
      createdAt: DateProvider.referenceDate, notebookID: SampleData.birds.id,
      tags: ["birds", "garden"])
    #expect(saved == expected)
    #expect(
      recorder.values == [
        .editing(problems: [.titleRequired]), .editing(problems: []), .saved(UUID(number: 1)),
      ])
    #expect(store.note(withID: expected.id) == expected)
    #expect(repository.savedLibrary.notes.first { $0.id == expected.id } == expected)
    #expect(composer.isFinished)
  }

  @Test func aValidationErrorThenAFixSaves() throws {
    let (composer, store) = try makeComposer()
    try composer.setTags(from: "ok, bad!tag")

    #expect(
      throws: ComposerError.invalidDraft([.titleRequired, .tagHasInvalidCharacters(tag: "bad!tag")])
    ) {
      try composer.save()
    }
    #expect(store.notes == SampleData.library.notes)

    try composer.setTitle("Fixed")
    try composer.setTags(from: "ok, good_tag")
    try composer.save()

    #expect(composer.state == .saved(UUID(number: 1)))
  }

  @Test func theDraftStaysOutOfTheStoreUntilSaved() throws {
    let (composer, store) = try makeComposer()
    try composer.setTitle("Draft only")
    try composer.replaceBody(with: "not yet")
    #expect(store.notes == SampleData.library.notes)
    #expect(repository.commitCount == 0)
  }

  @Test func theBodyCanBeWrittenLineByLine() throws {
    let (composer, _) = try makeComposer()
    try composer.appendToBody("first line")
    try composer.appendToBody("")
    try composer.appendToBody("third line")
    #expect(composer.draft.body == "first line\n\nthird line")
    try composer.replaceBody(with: "replaced")
    #expect(composer.draft.body == "replaced")
  }

  @Test func savingTwiceIsImpossible() throws {
    let (composer, store) = try makeComposer()
    try composer.setTitle("Once")
    try composer.save()

    #expect(throws: ComposerError.notEditable) { try composer.save() }
    #expect(throws: ComposerError.notEditable) { try composer.setTitle("Twice") }
    #expect(store.notes.count { $0.title == "Once" } == 1)
  }

  // MARK: - Editing an existing note

  @Test func editingKeepsIdentityCreationDateAndPin() throws {
    let (composer, store) = try makeComposer(.editNote(SampleData.heron.id))
    #expect(composer.draft.title == SampleData.heron.title)
    #expect(composer.draft.tags == SampleData.heron.tags)
    #expect(composer.state == .editing(problems: []))

    try composer.setTitle("Grey heron at the lake")
    try composer.chooseNotebook(named: "plants")
    try composer.save()

    var expected = SampleData.heron
    expected.title = "Grey heron at the lake"
    expected.notebookID = SampleData.plants.id
    expected.updatedAt = SampleData.date(minutes: 90)
    #expect(store.note(withID: SampleData.heron.id) == expected)
    #expect(store.notes.count == SampleData.library.notes.count)
    #expect(composer.state == .saved(SampleData.heron.id))
    #expect(
      store.versions(ofNote: SampleData.heron.id) == [
        NoteVersion(of: SampleData.heron, number: 1, replacedAt: SampleData.date(minutes: 90))
      ], "the save kept the text it replaced")
  }

  @Test func editingKeepsAPinChangedWhileTheComposerWasOpen() throws {
    let (composer, store) = try makeComposer(.editNote(SampleData.kingfisher.id))
    store.togglePin(SampleData.kingfisher)

    try composer.setTitle("Kingfisher again")
    try composer.save()

    #expect(store.note(withID: SampleData.kingfisher.id)?.isPinned == true)
  }

  /// Only the title is trimmed: a body keeps its blank lines and trailing newline.
  @Test func editingKeepsTheBodyToItsLastByte() throws {
    var note = SampleData.kingfisher
    note.body = "A flash of blue.\n\n  Under the bridge.  \n"
    try NoteStore(repository: repository, syncer: NoOpNoteSyncer(), now: .fixed()).perform(
      .updateNote(note))
    let (composer, store) = try makeComposer(.editNote(note.id))

    try composer.setTitle("  Kingfisher again  ")
    try composer.save()

    #expect(store.note(withID: note.id)?.title == "Kingfisher again")
    #expect(store.note(withID: note.id)?.body == note.body)
    #expect(repository.savedLibrary.notes.first { $0.id == note.id }?.body == note.body)
  }

  @Test func savingANoteDeletedMeanwhileFailsAndKeepsTheDraft() throws {
    let (composer, store) = try makeComposer(.editNote(SampleData.moss.id))
    store.delete(SampleData.moss)
    try composer.setTitle("Moss, revised")

    #expect(throws: ComposerError.saveFailed(.noteNotFound(SampleData.moss.id))) {
      try composer.save()
    }

    #expect(composer.state == .editing(problems: []))
    #expect(composer.draft.title == "Moss, revised")
  }

  // MARK: - Failing and retrying

  @Test func aFailingStoreThrowsAndStaysEditingThenARetrySaves() throws {
    let (composer, store) = try makeComposer()
    try composer.setTitle("Persistent")
    repository.failNextCommit(with: .diskFull)
    let recorder = StateRecorder(composer, \.state)

    #expect(throws: ComposerError.saveFailed(.persistence(.diskFull))) { try composer.save() }
    #expect(composer.draft.title == "Persistent")
    try composer.save()

    #expect(recorder.values == [.editing(problems: []), .saved(UUID(number: 1))])
    #expect(store.notes.count { $0.title == "Persistent" } == 1)
  }

  @Test func editingAfterAFailureGoesOn() throws {
    let (composer, _) = try makeComposer()
    try composer.setTitle("Persistent")
    repository.failNextCommit()
    #expect(throws: ComposerError.self) { try composer.save() }

    try composer.appendToBody("one more line")

    #expect(composer.state == .editing(problems: []))
    #expect(composer.draft.body == "one more line")
  }

  // MARK: - Cancelling

  @Test func cancellingWithoutChangesClosesAtOnce() throws {
    let (composer, _) = try makeComposer()
    let recorder = StateRecorder(composer, \.state)

    try composer.cancel()

    #expect(recorder.values == [.editing(problems: [.titleRequired]), .discarded])
    #expect(composer.isFinished)
  }

  @Test func cancellingWithChangesAsksThenDiscards() throws {
    let (composer, store) = try makeComposer()
    try composer.setTitle("Second thoughts")
    let recorder = StateRecorder(composer, \.state)

    try composer.cancel()
    try composer.confirmDiscard()

    #expect(recorder.values == [.editing(problems: []), .confirming(.discardChanges), .discarded])
    #expect(store.notes == SampleData.library.notes)
  }

  @Test func cancellingWithChangesCanReturnToEditingWithTheDraftIntact() throws {
    let (composer, _) = try makeComposer()
    try composer.setTitle("Second thoughts")
    try composer.replaceBody(with: "still here")
    let recorder = StateRecorder(composer, \.state)

    try composer.cancel()
    #expect(throws: ComposerError.notEditable) { try composer.setTitle("no") }
    try composer.keepEditing()

    #expect(
      recorder.values == [
        .editing(problems: []), .confirming(.discardChanges), .editing(problems: []),
      ])
    #expect(composer.draft.title == "Second thoughts")
    #expect(composer.draft.body == "still here")
    #expect(throws: ComposerError.noQuestionAsked) { try composer.confirmDiscard() }
  }

  @Test func undoingAnEditCountsAsNoChange() throws {
    let (composer, _) = try makeComposer(.editNote(SampleData.heron.id))
    try composer.setTitle("Changed")
    try composer.setTitle(SampleData.heron.title)
    try composer.cancel()
    #expect(composer.state == .discarded)
  }

  // MARK: - Validation, one reason at a time, at and past each limit

  @Test func titleLimits() throws {
    let (composer, _) = try makeComposer()
    try composer.setTitle("   \n ")
    #expect(composer.problems == [.titleRequired])
    try composer.setTitle(String(repeating: "é", count: 200))
    #expect(composer.problems == [])
    try composer.setTitle(String(repeating: "é", count: 201))
    #expect(composer.problems == [.titleTooLong(length: 201, limit: 200)])
    try composer.setTitle("  " + String(repeating: "🦉", count: 200) + "  ")
    #expect(composer.problems == [])
  }

  /// One limit covers the whole note, as its file holds it.
  ///
  /// It is the one a sync and an import apply too, in bytes ("ü" is two), and tags count.
  @Test func noteLimits() throws {
    let (composer, _) = try makeComposer()
    try composer.setTitle("Long")
    let limit = NoteDocument.maximumBytes
    let room = limit - NoteDocument.byteCount(title: "Long", body: "", tags: [])
    let body = String(repeating: "ü", count: room / 2) + String(repeating: "a", count: room % 2)
    try composer.replaceBody(with: body)
    #expect(composer.canSave, "exactly at the limit")
    try composer.setTags(from: "heron")
    let bytes = NoteDocument.byteCount(title: "Long", body: body, tags: ["heron"])
    #expect(bytes == limit + 7, "the tag and its quotes count")
    #expect(composer.problems == [.noteTooLarge(bytes: bytes, limit: limit)])
    #expect(!composer.canSave)
  }

  /// A body under a mebibyte with thousands of tags is still one note too large: the composer
  /// says so, rather than saving a note a sync would never carry.
  @Test func manyTagsCountTowardTheLimit() throws {
    let (composer, _) = try makeComposer()
    try composer.setTitle("Tagged")
    try composer.replaceBody(with: String(repeating: "a", count: 1_000_001))
    try composer.setTags(from: (1...12_000).map { "birds-\($0)" }.joined(separator: " "))

    #expect(
      composer.problems.contains {
        if case .noteTooLarge = $0 { true } else { false }
      })
    #expect(throws: ComposerError.self) { try composer.save() }
  }

  @Test func tagParsing() {
    #expect(DraftRules.tags(from: "#Birds, lake  heron,birds") == ["birds", "lake", "heron"])
    #expect(DraftRules.tags(from: " , ,, ") == [])
    #expect(DraftRules.tags(from: "##Ünï") == ["ünï"])
    #expect(DraftRules.tags(from: "#") == [""])
  }

  @Test func tagLimits() throws {
    let (composer, _) = try makeComposer()
    try composer.setTitle("Tags")
    let forty = String(repeating: "a", count: 40)
    try composer.setTags(from: "\(forty), ñandú, x-y_z, 42")
    #expect(composer.problems == [])
    try composer.setTags(from: forty + "b")
    #expect(composer.problems == [.tagTooLong(tag: forty + "b", limit: 40)])
    try composer.setTags(from: "#")
    #expect(composer.problems == [.emptyTag])
    try composer.setTags(from: "no.dots")
    #expect(composer.problems == [.tagHasInvalidCharacters(tag: "no.dots")])
  }

  @Test func theNotebookMustExist() throws {
    let (composer, store) = try makeComposer()
    try composer.setTitle("Where?")
    #expect(throws: ComposerError.unknownNotebook("Fungi")) {
      try composer.chooseNotebook(named: "Fungi")
    }
    try composer.chooseNotebook(named: "Plants")
    try store.perform(.deleteNotebook(SampleData.plants.id, notes: .keepNotes))

    #expect(composer.problems == [.notebookNotFound])
    try composer.chooseNotebook(named: nil)
    #expect(composer.canSave)
  }

  @Test func everyProblemHasItsOwnMessage() {
    let problems: [DraftProblem] = [
      .titleRequired, .titleTooLong(length: 201, limit: 200),
      .noteTooLarge(bytes: 1_114_113, limit: 1_114_112), .emptyTag,
      .tagTooLong(tag: String(repeating: "a", count: 41), limit: 40),
      .tagHasInvalidCharacters(tag: "a.b"), .notebookNotFound,
    ]
    #expect(Set(problems.compactMap(\.errorDescription)).count == problems.count)
  }
}
