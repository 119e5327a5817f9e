import ComposerFeature
import FieldNotesFormats
import FieldNotesModel
import FieldNotesServices
import FieldNotesTesting
import Foundation
import Testing

/// The composer's unsaved text is held in a file after every change, the file a killed
/// session leaves and the next keeps as a draft, so a session killed outright loses nothing
/// typed; the file goes once the text is elsewhere.
///
/// The editor double holds files in memory: `heldTexts` is what a session killed at that moment
/// would leave. That the live editor writes and locks a real file is `ExternalEditorTests`';
/// that a killed `fieldnotes` leaves one the next run keeps is `DraftKeepingTests`'.
@MainActor
@Suite struct ComposerHeldTextTests {
  let client = InMemoryComposerClient(
    notes: SampleData.library.notes, notebooks: SampleData.library.notebooks)
  let editor = ScriptedTextEditor()

  func makeComposer(
    _ purpose: ComposerViewModel.Purpose = .newNote(in: nil),
    session: DraftSession = SampleData.session(1)
  ) -> ComposerViewModel {
    ComposerViewModel(
      client: client, purpose: purpose, ids: .incrementing(),
      now: .fixed(SampleData.date(minutes: 0)), session: session, editor: editor)
  }

  /// The one file held now, read as the next session reads it.
  func heldNote() throws -> EditableNote {
    #expect(editor.heldTexts.count == 1, "one file for one composer")
    let text = try #require(editor.heldTexts.first)
    return try NoteDocument.editableNote(from: Data(text.utf8))
  }

  @Test func nothingIsHeldUntilTheDraftChanges() throws {
    _ = makeComposer()
    _ = makeComposer(.editNote(SampleData.heron.id))

    #expect(editor.heldTexts.isEmpty)
  }

  @Test func everyChangeIsHeldInOneFileReplacedWhole() throws {
    let composer = makeComposer()

    try composer.setTitle("Wren")
    try composer.setTags(from: "birds, garden")
    try composer.replaceBody(with: "Loud for its size.")
    try composer.appendToBody("Nests in the ivy.")

    let held = try heldNote()
    #expect(held.title == "Wren")
    #expect(held.tags == ["birds", "garden"])
    #expect(held.body == "Loud for its size.\nNests in the ivy.\n", "one line break more")
    #expect(editor.heldFileNames == ["new-note.md"])
  }

  @Test func aNoteBeingEditedIsHeldUnderItsOwnName() throws {
    let composer = makeComposer(.editNote(SampleData.heron.id))

    try composer.appendToBody("Seen again at the weir.")

    #expect(try heldNote().body.hasSuffix("Seen again at the weir.\n"))
    #expect(
      editor.heldFileNames == ["note-\(SampleData.heron.id.uuidString.lowercased()).md"],
      "the name says which note the next session keeps it as a draft of")
  }

  @Test func theLinesOfABodyBeingTypedAreHeldAsTheyCome() throws {
    let composer = makeComposer()
    try composer.setTitle("Wren")

    composer.holdLineOfBodyBeingTyped("Loud for its size.")
    composer.holdLineOfBodyBeingTyped("")
    composer.holdLineOfBodyBeingTyped("Nests in the ivy.")

    #expect(try heldNote().body == "Loud for its size.\n\nNests in the ivy.\n")
    #expect(editor.appends == 2, "each line after the first is added at the end of the file")
    #expect(composer.draft.body.isEmpty, "the draft's body changes only as the entry ends")

    composer.endBodyBeingTyped()

    #expect(try heldNote().body == "\n", "an entry cancelled leaves the body as it was")
  }

  /// Lines typed over a body only this draft holds come after it when the entry can't end as
  /// the user would end it (a kill, the end of input): nothing typed is lost; over the note's
  /// own body, kept in the note, they replace it as `.` would.
  @Test func linesTypedOverAnUnsavedBodyComeAfterIt() throws {
    let composer = makeComposer()
    try composer.setTitle("Wren")
    try composer.replaceBody(with: "First words.")

    composer.holdLineOfBodyBeingTyped("A line typed")

    #expect(try heldNote().body == "First words.\n\nA line typed\n")
    try composer.stopBodyBeingTyped()
    #expect(composer.draft.body == "First words.\n\nA line typed")

    let edit = makeComposer(.editNote(SampleData.heron.id), session: SampleData.session(2))
    edit.holdLineOfBodyBeingTyped("A line typed")
    try edit.stopBodyBeingTyped()
    #expect(edit.draft.body == "A line typed", "the note keeps the body replaced")
  }

  @Test func aSaveLetsGoOfTheFileOnlyOnceTheNoteIsSaved() throws {
    let composer = makeComposer()
    try composer.setTitle("Wren")
    client.writeFailure = .persistence(.busy)

    #expect(throws: ComposerError.self) { try composer.save() }
    #expect(try heldNote().title == "Wren", "a refused save leaves the text held")

    client.writeFailure = nil
    try composer.save()

    #expect(editor.heldTexts.isEmpty)
    #expect(client.saved.map(\.title) == ["Wren"])
  }

  @Test func theTextKeptAsADraftOrThrownAwayIsLetGo() throws {
    let kept = makeComposer()
    try kept.setTitle("Wren")
    #expect(try kept.keepUnsavedDraft())
    #expect(editor.heldTexts.isEmpty, "the draft holds the text now")
    #expect(client.drafts.map(\.title) == ["Wren"])

    let discarded = makeComposer(session: SampleData.session(2))
    try discarded.setTitle("Robin")
    try discarded.cancel()
    #expect(try heldNote().title == "Robin", "held while the question is asked")
    try discarded.keepEditing()
    try discarded.cancel()
    try discarded.confirmDiscard()

    #expect(editor.heldTexts.isEmpty)
  }

  @Test func aDraftEditedBackToTheNoteHoldsNothing() throws {
    let composer = makeComposer(.editNote(SampleData.heron.id))
    let title = SampleData.heron.title

    try composer.setTitle(title + " at dusk")
    try composer.setTitle(title)

    #expect(editor.heldTexts.isEmpty)
  }

  /// A composer of a second session that took up the draft a first kept of a new note, titled
  /// “Wren”.
  func composerGoingOnFromAKeptDraft() throws -> ComposerViewModel {
    let stopped = makeComposer()
    try stopped.setTitle("Wren")
    try stopped.keepUnsavedDraft()
    let composer = makeComposer(session: SampleData.session(2))
    try composer.takeUpKeptDraft(at: 0)
    return composer
  }

  @Test func aKeptDraftTakenUpIsHeldOnlyOnceChanged() throws {
    let composer = try composerGoingOnFromAKeptDraft()
    #expect(editor.heldTexts.isEmpty, "its text is kept as a draft already")

    try composer.appendToBody("Loud for its size.")
    #expect(try heldNote().title == "Wren")
  }

  /// A file that can't be written (a full disk, an unwritable folder) is said, for as long as
  /// it can't: the draft is still the user's, and the end of the session still keeps it.
  @Test func aFileThatCantBeHeldIsSaidUntilItCanBe() throws {
    let composer = makeComposer()
    editor.holdFailure = .fileProblem("no space left on device")

    try composer.setTitle("Wren")

    #expect(composer.holdingFailure == .fileProblem("no space left on device"))
    #expect(editor.heldTexts.isEmpty)
    #expect(composer.canSave)

    editor.holdFailure = nil
    try composer.setTags(from: "birds")

    #expect(composer.holdingFailure == nil)
    #expect(try heldNote().title == "Wren")
  }

  /// Text edited back to what is kept elsewhere, while no file can be written, has nothing at
  /// risk: nothing is said.
  @Test func textEditedBackWhileNoFileCanBeHeldSaysNothing() throws {
    let composer = makeComposer(.editNote(SampleData.heron.id))
    editor.holdFailure = .fileProblem("no space left on device")
    try composer.setTitle("Heron at dusk")
    #expect(composer.holdingFailure != nil)

    try composer.setTitle(SampleData.heron.title)

    #expect(composer.holdingFailure == nil)
  }

  @Test func besideNotesInMemoryNothingIsHeld() throws {
    client.keepsDraftsPastTheSession = false
    let composer = makeComposer()

    try composer.setTitle("Wren")

    #expect(editor.heldTexts.isEmpty)
  }

  /// A note's properties are its own, not the draft's: a change that leaves them as they were
  /// holds none, as a draft kept as the session ends holds none (both through `keptBody(of:)`),
  /// so taking the draft up doesn't copy them into the body.
  @Test func aNotesPropertiesAreHeldAsAKeptDraftHoldsThem() throws {
    var owl = SampleData.heron
    owl.properties = [NoteProperty(key: "source", rawValue: "field guide")]
    client.notes = [owl]
    let composer = makeComposer(.editNote(owl.id))

    try composer.setTitle("Barn owl")

    let held = try heldNote()
    #expect(held.properties.isEmpty)
    #expect(held.body == owl.body + "\n", "the body as it is")
  }

  /// What a killed session held is what the next one offers, exactly: a body ending with a
  /// line break keeps it; one going on from a kept draft replaces that draft; the same text
  /// left twice (the held file and the editor's) is one draft.
  @Test func aHeldFileIsKeptAsTheDraftItGoesOnFromAndOnce() throws {
    let composer = try composerGoingOnFromAKeptDraft()
    try composer.replaceBody(with: "Loud for its size.\n")
    let text = try #require(editor.heldTexts.first)
    let name = try #require(editor.heldFileNames.first)
    #expect(name.hasPrefix("new-note.from-new."))
    let leftovers = ["held/1-", "held/2-"].map { path in
      LeftoverEdit(
        fileName: name, text: Data(text.utf8), path: path + name,
        modifiedAt: SampleData.date(minutes: 1))
    }

    let kept = ComposerViewModel.keepLeftoverEdits(
      client: client, editor: ScriptedTextEditor(leftovers: leftovers),
      now: .fixed(SampleData.date(minutes: 2)))
    let next = makeComposer(session: SampleData.session(3))

    #expect(kept == 1)
    #expect(next.keptDrafts.map(\.title) == ["Wren"], "the draft gone on from is replaced")
    #expect(next.keptDrafts.map(\.body) == ["Loud for its size.\n"])
  }

  /// What a killed session held is what the next one offers: its file, taken as a leftover,
  /// is the draft the composer had.
  @Test func theHeldFileOfAKilledSessionIsTheDraftTheNextOffers() throws {
    let composer = makeComposer()
    try composer.setTitle("Wren")
    try composer.setTags(from: "birds")
    try composer.chooseNotebook(named: SampleData.library.notebooks[0].name)
    try composer.replaceBody(with: "Loud for its size.\nNests in the ivy.")
    let text = try #require(editor.heldTexts.first)
    let leftover = LeftoverEdit(
      fileName: try #require(editor.heldFileNames.first), text: Data(text.utf8),
      path: "held/1-new-note.md", modifiedAt: SampleData.date(minutes: 1))

    let kept = ComposerViewModel.keepLeftoverEdits(
      client: client, editor: ScriptedTextEditor(leftovers: [leftover]),
      now: .fixed(SampleData.date(minutes: 2)))
    let next = makeComposer(session: SampleData.session(2))

    #expect(kept == 1)
    let draft = try #require(next.keptDrafts.first)
    #expect(draft.title == "Wren")
    #expect(draft.tags == ["birds"])
    #expect(draft.notebookID == SampleData.library.notebooks[0].id)
    #expect(draft.body == "Loud for its size.\nNests in the ivy.")
  }
}
