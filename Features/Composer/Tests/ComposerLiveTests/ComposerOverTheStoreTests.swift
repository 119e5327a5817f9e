import ComposerFeature
import ComposerLive
import FieldNotesModel
import FieldNotesServices
import FieldNotesTesting
import Foundation
import Testing

/// The composer's view model over its live client and a store: what a save makes of the store
/// (the note, its edit date, the version it replaced, every byte of its body), a failure of the
/// store's, and drafts kept in the store's draft repository, read here directly.
@MainActor
@Suite struct ComposerOverTheStoreTests {
  let repository = InMemoryNoteRepository(SampleData.library)

  func makeComposer(
    _ purpose: ComposerViewModel.Purpose = .newNote(in: nil),
    editor: any TextEditing = UnavailableTextEditor()
  ) throws -> (ComposerViewModel, NoteStore) {
    let store = try NoteStore(
      repository: repository, syncer: NoOpNoteSyncer(), now: .fixed(SampleData.date(minutes: 90)))
    let composer = ComposerViewModel(
      client: StoreComposerClient(store: store, drafts: repository), purpose: purpose,
      ids: .incrementing(), now: .fixed(), session: SampleData.session(1), editor: editor)
    return (composer, store)
  }

  @Test func aNewNoteIsSavedInTheStore() throws {
    let (composer, store) = try makeComposer(.newNote(in: SampleData.birds.id))

    try composer.setTitle("  Wren  ")
    try composer.replaceBody(with: "Loud for its size.")
    try composer.setTags(from: "#Birds, garden")
    let saved = try composer.save()

    let expected = Note(
      id: UUID(number: 1), title: "Wren", body: "Loud for its size.",
      createdAt: DateProvider.referenceDate, notebookID: SampleData.birds.id,
      tags: ["birds", "garden"])
    #expect(saved == expected)
    #expect(try store.note(withID: expected.id) == expected)
    #expect(repository.savedLibrary.notes.first { $0.id == expected.id } == expected)
  }

  @Test func editingKeepsIdentityCreationDateAndPinAndTheVersionReplaced() throws {
    let (composer, store) = try makeComposer(.editNote(SampleData.heron.id))

    try composer.setTitle("Grey heron at the lake")
    try composer.chooseNotebook(named: "plants")
    try composer.save()

    var expected = SampleData.heron
    expected.title = "Grey heron at the lake"
    expected.notebookID = SampleData.plants.id
    expected.updatedAt = SampleData.date(minutes: 90)
    #expect(try store.note(withID: SampleData.heron.id) == expected)
    #expect(store.notes.count == SampleData.library.notes.count)
    #expect(
      try store.journal.versions(ofNote: SampleData.heron.id) == [
        NoteVersion(of: SampleData.heron, number: 1, replacedAt: SampleData.date(minutes: 90))
      ], "the save kept the text it replaced")
  }

  @Test func editingKeepsAPinChangedWhileTheComposerWasOpen() throws {
    let (composer, store) = try makeComposer(.editNote(SampleData.kingfisher.id))
    store.togglePin(SampleData.kingfisher)

    try composer.setTitle("Kingfisher again")
    try composer.save()

    #expect(try store.note(withID: SampleData.kingfisher.id)?.isPinned == true)
  }

  /// Only the title is trimmed: a body keeps its blank lines and trailing newline, to its last
  /// byte in the store.
  @Test func editingKeepsTheBodyToItsLastByte() throws {
    var note = SampleData.kingfisher
    note.body = "A flash of blue.\n\n  Under the bridge.  \n"
    try NoteStore(repository: repository, syncer: NoOpNoteSyncer(), now: .fixed()).perform(
      .updateNote(note))
    let (composer, store) = try makeComposer(.editNote(note.id))

    try composer.setTitle("  Kingfisher again  ")
    try composer.save()

    #expect(try store.note(withID: note.id)?.title == "Kingfisher again")
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
  }

  /// A note moved to the trash by another FieldNotes while it was being edited: the first save
  /// says so, the second keeps the text as a new note, and the trashed note is as it was.
  @Test func savingAgainAfterTheNoteWasTrashedKeepsTheTextAsANewNote() throws {
    let (composer, store) = try makeComposer(.editNote(SampleData.moss.id))
    store.delete(SampleData.moss)
    try composer.setTitle("Moss, revised")
    try composer.replaceBody(with: "Greener after the rain.")

    #expect(throws: ComposerError.saveFailed(.noteNotFound(SampleData.moss.id))) {
      try composer.save()
    }
    let saved = try #require(try composer.save())

    #expect(saved.id != SampleData.moss.id)
    #expect(try store.note(withID: saved.id)?.title == "Moss, revised")
    #expect(try store.note(withID: saved.id)?.body == "Greener after the rain.")
    #expect(
      try repository.trashedNotes().map(\.note) == [SampleData.moss],
      "the trashed note is as it was")
    #expect(composer.state == .saved(saved.id))
  }

  @Test func aFailingStoreThrowsAndStaysEditingThenARetrySavesOnce() throws {
    let (composer, store) = try makeComposer()
    try composer.setTitle("Persistent")
    repository.failNextCommit(with: .diskFull)

    #expect(throws: ComposerError.saveFailed(.persistence(.diskFull))) { try composer.save() }
    try composer.save()

    #expect(store.notes.count { $0.title == "Persistent" } == 1)
  }

  /// A notebook deleted on another screen while the composer is open is a problem of the draft.
  @Test func aNotebookDeletedElsewhereIsAProblemOfTheDraft() throws {
    let (composer, store) = try makeComposer()
    try composer.setTitle("Where?")
    try composer.chooseNotebook(named: "Plants")

    try store.deleteNotebook(SampleData.plants.id, deletingNotes: false)

    #expect(composer.problems == [.notebookNotFound])
  }

  /// A notebook another FieldNotes deleted while the composer was open is found at `save`, as
  /// a problem of the draft the user can mend (`notebook none`), not a refusal `save` repeats.
  @Test func aNotebookAnotherProcessDeletedIsFoundAtSave() throws {
    let (composer, _) = try makeComposer()
    try composer.setTitle("Where?")
    try composer.chooseNotebook(named: "Plants")
    let other = try NoteStore(repository: repository, syncer: NoOpNoteSyncer(), now: .fixed())
    try other.deleteNotebook(SampleData.plants.id, deletingNotes: false)

    #expect(throws: ComposerError.invalidDraft([.notebookNotFound])) { try composer.save() }
    try composer.chooseNotebook(named: nil)
    #expect(try composer.save()?.notebookID == nil)
  }

  // MARK: - Drafts, in the store's draft repository

  @Test func aDraftKeptTakenUpAndSavedIsForgottenInTheRepository() throws {
    let (stopped, _) = try makeComposer()
    try stopped.setTitle("Wren")
    #expect(try stopped.keepUnsavedDraft())
    #expect(try repository.keptDrafts(forNote: nil).map(\.title) == ["Wren"])

    let (composer, store) = try makeComposer()
    try composer.takeUpKeptDraft(at: 0)
    #expect(try repository.keptDrafts(forNote: nil).count == 1, "still kept until it is saved")
    let saved = try #require(try composer.save())

    #expect(try store.note(withID: saved.id)?.title == "Wren")
    #expect(try repository.keptDrafts(forNote: nil).isEmpty)
  }

  @Test func aDraftThatCouldNotBeKeptSaysWhy() throws {
    let (composer, _) = try makeComposer()
    try composer.setTitle("Wren")
    repository.failNextCommit(with: .diskFull)

    #expect(throws: ComposerError.draftNotKept(.persistence(.diskFull))) {
      try composer.keepUnsavedDraft()
    }
    #expect(try repository.keptDrafts(forNote: nil) == [])
  }

  /// Files an editor left are kept as drafts in the repository, and go once they are.
  @Test func leftoverEditsAreKeptInTheRepository() throws {
    let (_, store) = try makeComposer()
    let leftovers = (1...2).map { number in
      LeftoverEdit(
        fileName: "new-note.md",
        text: Data("---\nnotebook: none\ntags: []\n---\n# Left \(number)\n\nText.\n".utf8),
        path: "/editing/store-1/0000000\(number)-new-note.md",
        modifiedAt: SampleData.date(minutes: number))
    }
    let editor = ScriptedTextEditor(leftovers: leftovers)

    let kept = ComposerViewModel.keepLeftoverEdits(
      client: StoreComposerClient(store: store, drafts: repository), editor: editor, now: .fixed())

    #expect(kept == 2 && editor.forgotten.count == 2)
    #expect(try Set(repository.keptDrafts(forNote: nil).map(\.title)) == ["Left 1", "Left 2"])
  }

  // MARK: - The editor

  @Test func theEditorsSaveKeepsTheTextItReplaced() async throws {
    let editor = ScriptedTextEditor(.replacing("# Heron at the lake", with: "# Heron in the frost"))
    let (composer, store) = try makeComposer(.editNote(SampleData.heron.id), editor: editor)

    try await composer.writeInEditor()
    #expect(try store.note(withID: SampleData.heron.id) == SampleData.heron, "nothing is saved yet")
    try composer.save()

    #expect(try store.note(withID: SampleData.heron.id)?.title == "Heron in the frost")
    #expect(
      try store.journal.versions(ofNote: SampleData.heron.id).map(\.title) == [
        SampleData.heron.title
      ],
      "the editor's save kept the text it replaced")
  }

  /// A notebook whose name holds quotes, a colon, `#` or spaces at its ends (brought by an
  /// import or a sync), or differs from another only in case, is the note's notebook still after
  /// the editor: the file names it so that it reads back exactly, and the store finds that name
  /// first.
  @Test(arguments: ["\"Field notes\"", "  Spaced  ", "Birds: spring", "# birds", "birds"])
  func aNoteInANotebookOfAnyNameSavesThroughTheEditor(_ name: String) async throws {
    let notebook = Notebook(id: UUID(number: 900), name: name)
    var note = SampleData.heron
    note.notebookID = notebook.id
    try repository.commit([.saveNotebook(notebook), .saveNote(note)])
    let editor = ScriptedTextEditor(.replacing("still as a post.", with: "still as a heron."))
    let (composer, store) = try makeComposer(.editNote(SampleData.heron.id), editor: editor)

    #expect(try await composer.writeInEditor() == .changed(keysKeptInBody: []))
    try composer.save()

    #expect(try store.note(withID: SampleData.heron.id)?.notebookID == notebook.id)
    #expect(
      try store.note(withID: SampleData.heron.id)?.body.hasSuffix("still as a heron.") == true)
  }
}
