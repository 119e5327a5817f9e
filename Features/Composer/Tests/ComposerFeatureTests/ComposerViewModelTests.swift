import ComposerFeature
import FieldNotesFormats
import FieldNotesModel
import FieldNotesServices
import FieldNotesTesting
import Foundation
import Testing

/// The composer's view model, state by state, against notes in memory.
///
/// It knows the notes only through its client, so each test sets the notes it means and reads
/// what was saved; what the store makes of a save (its versions, its edit date, what another
/// process sees) is `ComposerLiveTests`'.
@MainActor
@Suite struct ComposerViewModelTests {
  let client = InMemoryComposerClient(
    notes: SampleData.library.notes, notebooks: SampleData.library.notebooks)

  func makeComposer(_ purpose: ComposerViewModel.Purpose = .newNote(in: nil))
    -> (ComposerViewModel, InMemoryComposerClient)
  {
    let composer = ComposerViewModel(
      client: client, purpose: purpose, ids: .incrementing(), now: .fixed(),
      session: SampleData.session(1), editor: UnavailableTextEditor())
    return (composer, client)
  }

  // MARK: - Writing a new note

  /// A route can name a note another process deleted before the composer opened: the user
  /// writes a new note instead of editing nothing, and what they write is saved.
  @Test func editingANoteDeletedMeanwhileOpensANewNote() throws {
    let gone = Note(id: UUID(number: 0xDEAD), title: "Deleted elsewhere")
    let (composer, client) = makeComposer(.editNote(gone.id))
    #expect(composer.purpose == .newNote(in: nil))
    #expect(composer.draft.title == "")

    try composer.setTitle("Written anyway")
    let saved = try composer.save()

    #expect(saved?.title == "Written anyway")
    #expect(client.note(gone.id) == nil, "nothing is saved under the missing note's id")
  }

  @Test func aNewComposerStartsEditingAndAsksForATitle() throws {
    let (composer, _) = makeComposer()
    #expect(composer.state == .editing(problems: [.titleRequired]))
    #expect(!composer.canSave)
    #expect(!composer.hasChanges)
  }

  @Test func savingANewNoteGoesFromEditingToSaved() throws {
    let (composer, client) = makeComposer(.newNote(in: SampleData.birds.id))
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
    #expect(client.saved == [expected], "added once, exactly as written")
    #expect(client.note(expected.id) == expected)
    #expect(composer.isFinished)
  }

  @Test func aValidationErrorThenAFixSaves() throws {
    let (composer, client) = makeComposer()
    try composer.setTags(from: "ok, bad!tag")

    #expect(
      throws: ComposerError.invalidDraft([.titleRequired, .tagHasInvalidCharacters(tag: "bad!tag")])
    ) {
      try composer.save()
    }
    #expect(client.saved.isEmpty)

    try composer.setTitle("Fixed")
    try composer.setTags(from: "ok, good_tag")
    try composer.save()

    #expect(composer.state == .saved(UUID(number: 1)))
  }

  @Test func theDraftStaysOutOfTheStoreUntilSaved() throws {
    let (composer, client) = makeComposer()
    try composer.setTitle("Draft only")
    try composer.replaceBody(with: "not yet")
    #expect(client.notes == SampleData.library.notes)
    #expect(client.saved.isEmpty && client.drafts.isEmpty)
  }

  @Test func theBodyCanBeWrittenLineByLine() throws {
    let (composer, _) = makeComposer()
    try composer.appendToBody("first line")
    try composer.appendToBody("")
    try composer.appendToBody("third line")
    #expect(composer.draft.body == "first line\n\nthird line")
    try composer.replaceBody(with: "replaced")
    #expect(composer.draft.body == "replaced")
  }

  @Test func savingTwiceIsImpossible() throws {
    let (composer, client) = makeComposer()
    try composer.setTitle("Once")
    try composer.save()

    #expect(throws: ComposerError.notEditable) { try composer.save() }
    #expect(throws: ComposerError.notEditable) { try composer.setTitle("Twice") }
    #expect(client.saved.map(\.title) == ["Once"])
  }

  // MARK: - Tags written in the body

  /// A `#tag` in the body is one of the note's tags, read and mapped as an import reads it.
  ///
  /// It comes after the listed ones, once (`TagRules.tags(_:addingInlineTagsOf:)`), and is none
  /// in code, a comment or a link's address, nor after a letter (`C#`) or of digits alone
  /// (`#1`). The body is saved as typed.
  @Test func aBodysInlineTagsAreAddedToTheTagsAsAnImportAddsThem() throws {
    let (composer, client) = makeComposer()
    let body = """
      Grey #Heron at the lake。#鳥 (#birds again), #Projects/Garden.
      Not: `#code`, <!-- #hidden -->, https://example.org/#top, C#, #1
      """
    try composer.setTitle("Heron")
    try composer.setTags(from: "birds, lake")
    try composer.replaceBody(with: body)
    #expect(composer.draft.tags == ["birds", "lake"], "the draft's own tags are as typed")
    #expect(
      composer.draft.content.tagsToSave == ["birds", "lake", "heron", "鳥", "projects-garden"])

    let saved = try #require(try composer.save())

    #expect(saved.tags == ["birds", "lake", "heron", "鳥", "projects-garden"])
    #expect(saved.body == body)
    let imported = NoteDocument.foreignNote(
      from: "---\ntags: [birds, lake]\n---\n# Heron\n\n" + body, fileName: "heron.md")
    #expect(imported.tags == saved.tags, "the tags an import of the same text gives")
    #expect(client.saved == [saved])
  }

  /// An edited note's inline tags are added as it is saved again; one taken out of the body is
  /// taken off with it, unless it is listed.
  @Test func anEditedBodysInlineTagsAreTheNotesOnesWhenSaved() throws {
    var note = SampleData.kingfisher
    note.body = "A flash of blue. #river"
    note.tags = ["birds", "river"]
    client.notes = [note]
    let (composer, _) = makeComposer(.editNote(note.id))

    try composer.replaceBody(with: "A flash of blue under the #Bridge.")
    try composer.setTags(from: "birds")
    let saved = try #require(try composer.save())

    #expect(saved.tags == ["birds", "bridge"])
    #expect(saved.body == "A flash of blue under the #Bridge.")
  }

  /// The composer still refuses a tag typed against its rules, whatever a body's `#tag` of the
  /// same letters would be mapped to.
  @Test func aTypedTagIsHeldToTheComposersRulesStill() throws {
    let (composer, _) = makeComposer()
    try composer.setTitle("Plans")
    try composer.replaceBody(with: "#Projects/Garden")
    try composer.setTags(from: "projects/garden")

    #expect(composer.problems == [.tagHasInvalidCharacters(tag: "projects/garden")])
    #expect(!composer.canSave)
  }

  /// The tags a body adds count toward the note's size, as the saved note holds them.
  @Test func inlineTagsCountTowardTheLimit() throws {
    let (composer, _) = makeComposer()
    try composer.setTitle("Long")
    let limit = NoteDocument.maximumBytes
    let room = limit - NoteDocument.byteCount(title: "Long", body: "", tags: [])
    let body = "#heron " + String(repeating: "a", count: room - 7)
    try composer.replaceBody(with: body)

    let bytes = NoteDocument.byteCount(title: "Long", body: body, tags: ["heron"])
    #expect(bytes == limit + 7, "the tag and its quotes count")
    #expect(composer.problems == [.noteTooLarge(bytes: bytes, limit: limit)])
  }

  // MARK: - Editing an existing note

  @Test func editingKeepsIdentityCreationDateAndPin() throws {
    let (composer, client) = makeComposer(.editNote(SampleData.heron.id))
    #expect(composer.draft.title == SampleData.heron.title)
    #expect(composer.draft.tags == SampleData.heron.tags)
    #expect(composer.state == .editing(problems: []))

    try composer.setTitle("Grey heron at the lake")
    try composer.chooseNotebook(named: "plants")
    try composer.save()

    var expected = SampleData.heron
    expected.title = "Grey heron at the lake"
    expected.notebookID = SampleData.plants.id
    #expect(client.saved == [expected], "updated, with its identity, creation date and pin")
    #expect(client.notes.count == SampleData.library.notes.count)
    #expect(composer.state == .saved(SampleData.heron.id))
  }

  @Test func editingKeepsAPinChangedWhileTheComposerWasOpen() throws {
    let (composer, client) = makeComposer(.editNote(SampleData.kingfisher.id))
    client.notes = client.notes.map { $0.id == SampleData.kingfisher.id ? pinned($0) : $0 }

    try composer.setTitle("Kingfisher again")
    try composer.save()

    #expect(client.note(SampleData.kingfisher.id)?.isPinned == true)
    #expect(client.note(SampleData.kingfisher.id)?.title == "Kingfisher again")
  }

  private func pinned(_ note: Note) -> Note {
    var note = note
    note.isPinned = true
    return note
  }

  /// Only the title is trimmed: a body keeps its blank lines and trailing newline.
  @Test func editingKeepsTheBodyToItsLastByte() throws {
    var note = SampleData.kingfisher
    note.body = "A flash of blue.\n\n  Under the bridge.  \n"
    client.notes = [note]
    let (composer, _) = makeComposer(.editNote(note.id))

    try composer.setTitle("  Kingfisher again  ")
    try composer.save()

    #expect(client.note(note.id)?.title == "Kingfisher again")
    #expect(client.saved.map(\.body) == [note.body])
  }

  @Test func savingANoteDeletedMeanwhileFailsAndKeepsTheDraft() throws {
    let (composer, client) = makeComposer(.editNote(SampleData.moss.id))
    client.notes.removeAll { $0.id == SampleData.moss.id }
    try composer.setTitle("Moss, revised")

    #expect(throws: ComposerError.saveFailed(.noteNotFound(SampleData.moss.id))) {
      try composer.save()
    }

    #expect(composer.state == .editing(problems: []))
    #expect(composer.draft.title == "Moss, revised")
  }

  // MARK: - Failing and retrying

  @Test func aFailingStoreThrowsAndStaysEditingThenARetrySaves() throws {
    let (composer, client) = makeComposer()
    try composer.setTitle("Persistent")
    client.writeFailure = .persistence(.diskFull)
    let recorder = StateRecorder(composer, \.state)

    #expect(throws: ComposerError.saveFailed(.persistence(.diskFull))) { try composer.save() }
    #expect(composer.draft.title == "Persistent")
    client.writeFailure = nil
    try composer.save()

    #expect(recorder.values == [.editing(problems: []), .saved(UUID(number: 1))])
    #expect(client.saved.map(\.id) == [UUID(number: 1)], "the retry saves it once, as one note")
  }

  @Test func editingAfterAFailureGoesOn() throws {
    let (composer, client) = makeComposer()
    try composer.setTitle("Persistent")
    client.writeFailure = .persistence(.diskFull)
    #expect(throws: ComposerError.self) { try composer.save() }

    try composer.appendToBody("one more line")

    #expect(composer.state == .editing(problems: []))
    #expect(composer.draft.body == "one more line")
  }

  // MARK: - Cancelling

  @Test func cancellingWithoutChangesClosesAtOnce() throws {
    let (composer, _) = makeComposer()
    let recorder = StateRecorder(composer, \.state)

    try composer.cancel()

    #expect(recorder.values == [.editing(problems: [.titleRequired]), .discarded])
    #expect(composer.isFinished)
  }

  @Test func cancellingWithChangesAsksThenDiscards() throws {
    let (composer, client) = makeComposer()
    try composer.setTitle("Second thoughts")
    let recorder = StateRecorder(composer, \.state)

    try composer.cancel()
    try composer.confirmDiscard()

    #expect(recorder.values == [.editing(problems: []), .confirming(.discardChanges), .discarded])
    #expect(client.saved.isEmpty)
  }

  @Test func cancellingWithChangesCanReturnToEditingWithTheDraftIntact() throws {
    let (composer, _) = makeComposer()
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
    let (composer, _) = makeComposer(.editNote(SampleData.heron.id))
    try composer.setTitle("Changed")
    try composer.setTitle(SampleData.heron.title)
    try composer.cancel()
    #expect(composer.state == .discarded)
  }

  // MARK: - Validation, one reason at a time, at and past each limit

  @Test func titleLimits() throws {
    let (composer, _) = makeComposer()
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
    let (composer, _) = makeComposer()
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

  /// A note's properties count toward its size, as its file holds them.
  @Test func propertiesCountTowardTheLimit() {
    let limit = NoteDocument.maximumBytes
    let room = limit - NoteDocument.byteCount(title: "Long", body: "", tags: [])
    let body = String(repeating: "a", count: room)
    #expect(DraftRules.problems(title: "Long", body: body, tags: []) == [])
    let status = [NoteProperty(key: "status", rawValue: " draft")]
    #expect(
      DraftRules.problems(title: "Long", body: body, tags: [], properties: status) == [
        .noteTooLarge(bytes: limit + "\nstatus: draft".utf8.count, limit: limit)
      ])
  }

  /// A body under a mebibyte with thousands of tags is still one note too large: the composer
  /// says so, rather than saving a note a sync would never carry.
  @Test func manyTagsCountTowardTheLimit() throws {
    let (composer, _) = makeComposer()
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
    let (composer, _) = makeComposer()
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
    let (composer, client) = makeComposer()
    try composer.setTitle("Where?")
    #expect(throws: ComposerError.unknownNotebook("Fungi")) {
      try composer.chooseNotebook(named: "Fungi")
    }
    try composer.chooseNotebook(named: "Plants")
    #expect(composer.notebookName == "Plants")
    client.notebooks.removeAll { $0.id == SampleData.plants.id }  // deleted elsewhere

    #expect(composer.problems == [.notebookNotFound])
    try composer.chooseNotebook(named: nil)
    #expect(composer.canSave)
  }

  // MARK: - What the view model asks of its client

  /// A composer over a client that fails every use: opening it asks whether kept drafts outlive
  /// the session and for the kept drafts, typing, asking and answering touch no data, and a
  /// save reads the notes again (what another FieldNotes changed is the draft's problem) and is
  /// the one write, each reported by name.
  @Test func typingTouchesNoDataAndASaveIsTheOneWrite() throws {
    var used: [String] = []
    let composer = ComposerViewModel(
      client: UnimplementedComposerClient { used.append($0) }, purpose: .newNote(in: nil),
      ids: .incrementing(), now: .fixed(), session: SampleData.session(1),
      editor: UnavailableTextEditor())
    #expect(
      used == ["ComposerClient.keepsDraftsPastTheSession", "ComposerClient.keptDrafts(forNote:)"])
    used = []

    try composer.setTitle("Wren")
    try composer.replaceBody(with: "Loud for its size.")
    try composer.appendToBody("Nests low.")
    try composer.setTags(from: "#birds garden")
    try composer.chooseNotebook(named: nil)
    try composer.cancel()
    try composer.keepEditing()
    #expect(composer.state == .editing(problems: []))
    #expect(used.isEmpty)

    #expect(throws: ComposerError.notProvided("ComposerClient.add(_:)")) { try composer.save() }
    #expect(used == ["ComposerClient.refresh()", "ComposerClient.add(_:)"])
    #expect(composer.state == .editing(problems: []), "a refused save keeps the draft")
  }

  /// Nothing typed, nothing kept: keeping the unsaved text writes only when there is some.
  @Test func keepingADraftWritesOnlyWhenThereIsTextToKeep() throws {
    var used: [String] = []
    let composer = ComposerViewModel(
      client: UnimplementedComposerClient { used.append($0) }, purpose: .newNote(in: nil),
      ids: .incrementing(), now: .fixed(), session: SampleData.session(1),
      editor: UnavailableTextEditor())
    used = []

    #expect(try composer.keepUnsavedDraft() == false)
    #expect(used.isEmpty)
    try composer.setTitle("Wren")
    #expect(throws: ComposerError.notProvided("ComposerClient.keepDraft(_:superseding:)")) {
      try composer.keepUnsavedDraft()
    }
    #expect(used == ["ComposerClient.keepDraft(_:superseding:)"])
  }

  /// Opening a note asks for it, and for its kept drafts and whether they outlive the session;
  /// a note the client doesn't have opens a new note instead, whose drafts are asked for.
  @Test func openingANoteAsksForItAndItsDraftsAlone() throws {
    var used: [String] = []
    let composer = ComposerViewModel(
      client: UnimplementedComposerClient { used.append($0) },
      purpose: .editNote(SampleData.heron.id), ids: .incrementing(), now: .fixed(),
      session: SampleData.session(1), editor: UnavailableTextEditor())

    #expect(
      used == [
        "ComposerClient.note(_:)", "ComposerClient.keepsDraftsPastTheSession",
        "ComposerClient.keptDrafts(forNote:)",
      ])
    #expect(composer.purpose == .newNote(in: nil))
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
