import ComposerFeature
import FieldNotesModel
import FieldNotesServices
import FieldNotesTesting
import Foundation
import Testing

/// Writing in the user's editor, as one more way to fill the draft.
///
/// The composer hands its draft to the editor service as a Markdown file and takes back what
/// comes. The service is a double here, so no program is started, and the notes are in memory;
/// what a save through the editor makes of the store is `ComposerLiveTests`'.
@MainActor
@Suite struct ComposerEditorTests {
  let client = InMemoryComposerClient(
    notes: SampleData.library.notes, notebooks: SampleData.library.notebooks)

  func makeComposer(
    _ purpose: ComposerViewModel.Purpose = .editNote(SampleData.heron.id),
    editor: ScriptedTextEditor
  ) -> (ComposerViewModel, InMemoryComposerClient) {
    let composer = ComposerViewModel(
      client: client, purpose: purpose, ids: .incrementing(), now: .fixed(),
      session: SampleData.session(1), editor: editor)
    return (composer, client)
  }

  @Test func theDraftGoesToTheEditorAsMarkdownAndComesBackUnsaved() async throws {
    let edited = """
      ---
      notebook: none
      tags: birds, winter
      ---
      # Heron in the frost

      Line one.

      Line three, fixed in the editor.
      """
    let editor = ScriptedTextEditor(.returning(edited))
    let (composer, client) = makeComposer(editor: editor)

    #expect(try await composer.writeInEditor() == .changed(keysKeptInBody: []))

    #expect(
      editor.given == [
        "---\nnotebook: Birds\ntags: [\"birds\",\"lake\"]\n---\n# Heron at the lake\n\n"
          + SampleData.heron.body + "\n"
      ])
    #expect(composer.draft.title == "Heron in the frost")
    #expect(composer.draft.body == "Line one.\n\nLine three, fixed in the editor.")
    #expect(composer.draft.tags == ["birds", "winter"])
    #expect(composer.draft.notebookID == nil)
    #expect(composer.state == .editing(problems: []))
    #expect(client.saved.isEmpty, "nothing is saved yet")
    #expect(client.refreshes == 1, "notebooks made while the editor ran can be named")
    try composer.save()
    #expect(client.note(SampleData.heron.id)?.title == "Heron in the frost")
  }

  /// A front-matter line of a key FieldNotes reads that the file sets nothing by is taken into
  /// the draft's body, at the top, and named in the outcome, so the screen can say so; another
  /// key is a property of the note: nothing typed in the editor is lost.
  @Test func frontMatterLinesTheFileSetsNothingByAreKeptInTheBodyAndNamed() async throws {
    let editor = ScriptedTextEditor(
      .replacing("notebook: Birds\n", with: "notebook: Birds\npinned: true\nsource: field guide\n"))
    let (composer, client) = makeComposer(editor: editor)

    #expect(try await composer.writeInEditor() == .changed(keysKeptInBody: ["pinned"]))
    try composer.save()

    #expect(
      client.note(SampleData.heron.id)?.body == "---\npinned: true\n---\n" + SampleData.heron.body)
    #expect(
      client.note(SampleData.heron.id)?.properties == [
        NoteProperty(key: "source", rawValue: " field guide")
      ])
  }

  /// A `#tag` written in the editor's body is one of the note's tags once saved, read and
  /// mapped as the composer's `body` and an import read it; the body is saved as written.
  @Test func aTagWrittenInTheEditorsBodyIsSavedAsTheComposerSavesIt() async throws {
    let editor = ScriptedTextEditor(
      .replacing("still as a post.", with: "still as a post. #Frost, #Winter/Morning `#not`"))
    let (composer, client) = makeComposer(editor: editor)

    #expect(try await composer.writeInEditor() == .changed(keysKeptInBody: []))
    #expect(composer.draft.tags == ["birds", "lake"], "the front matter's tags")
    try composer.save()

    let saved = try #require(client.note(SampleData.heron.id))
    #expect(saved.tags == ["birds", "lake", "frost", "winter-morning"])
    #expect(saved.body == "Grey heron, still as a post. #Frost, #Winter/Morning `#not`")
  }

  /// Properties the editor changed but that were not saved are kept with the draft, at the top
  /// of its body (a kept draft holds no properties of its own), so nothing written is lost.
  @Test func anUnsavedChangeOfThePropertiesIsKeptInTheDraftsBody() async throws {
    let editor = ScriptedTextEditor(
      .replacing("notebook: Birds\n", with: "notebook: Birds\nstatus: draft\n"))
    let (composer, client) = makeComposer(editor: editor)

    #expect(try await composer.writeInEditor() == .changed(keysKeptInBody: []))
    #expect(composer.draft.properties == [NoteProperty(key: "status", rawValue: " draft")])
    #expect(try composer.keepUnsavedDraft())

    #expect(client.drafts.map(\.body) == ["---\nstatus: draft\n---\n" + SampleData.heron.body])
    #expect(client.note(SampleData.heron.id)?.properties == [])
  }

  /// The file goes to the editor ending with a line break, as a text file does, and comes back
  /// with it or without it: either way it is not the user's, when the body had none.
  @Test func theLineBreakTheFileEndsWithIsNotTheUsers() async throws {
    let (composer, _) = makeComposer(
      editor: ScriptedTextEditor(
        .replacing("still as a post.\n", with: "still as a post."),
        .replacing("# Heron at the lake", with: "# Heron")))
    #expect(try await composer.writeInEditor() == .unchanged)
    #expect(composer.draft.body == SampleData.heron.body)
    try composer.replaceBody(with: "Ends with a break.\n")
    try await composer.writeInEditor()
    #expect(composer.draft.title == "Heron")
    #expect(composer.draft.body == "Ends with a break.\n", "a body's own line break is kept")
  }

  /// A script that appends a line to the file (`echo … >> "$1"`) adds a line of its own, not
  /// the end of the body's last one.
  @Test func aLineAppendedToTheFileIsALineOfItsOwn() async throws {
    let (composer, _) = makeComposer(editor: ScriptedTextEditor(.appending("Seen again.\n")))
    #expect(try await composer.writeInEditor() == .changed(keysKeptInBody: []))
    #expect(composer.draft.body == SampleData.heron.body + "\nSeen again.")
  }

  /// A file back as it went, or only without the line break it ends with, changes nothing, so
  /// saving it would write nothing new.
  @Test func aFileComingBackAsItWentChangesNothing() async throws {
    let (composer, _) = makeComposer(
      editor: ScriptedTextEditor(
        .unchanged, .replacing("still as a post.\n", with: "still as a post."),
        .replacing("tags: [\"birds\",\"lake\"]", with: "tags: birds, lake")))
    #expect(try await composer.writeInEditor() == .unchanged)
    #expect(try await composer.writeInEditor() == .unchanged)
    #expect(try await composer.writeInEditor() == .unchanged)
    #expect(!composer.hasChanges)
  }

  /// A failed editor (`:cq`, a signal, none set) gives nothing back: the draft is as it was.
  @Test(arguments: [
    TextEditingError.failed(status: 1), .killed(signal: 15), .noEditor,
    .cannotStart("no such editor"),
  ])
  func aFailedEditorLeavesTheDraftAsItWas(_ failure: TextEditingError) async throws {
    let (composer, _) = makeComposer(editor: ScriptedTextEditor(.failing(failure)))
    try composer.setTitle("Typed before")
    await #expect(throws: ComposerError.editorFailed(failure)) {
      try await composer.writeInEditor()
    }
    #expect(composer.draft.title == "Typed before")
    #expect(composer.draft.body == SampleData.heron.body)
  }

  /// The draft's rules apply to what the editor wrote as to what is typed; a front matter the
  /// editor broke loses nothing: the whole file becomes the body.
  @Test func whatTheEditorWroteFollowsTheDraftsRulesAndLosesNothing() async throws {
    let (composer, _) = makeComposer(
      editor: ScriptedTextEditor(
        .replacing("# Heron at the lake", with: "# "),
        .returning("no front matter, just words\n")))

    try await composer.writeInEditor()
    #expect(composer.state == .editing(problems: [.titleRequired]))

    await #expect(throws: ComposerError.editedFileUnreadable("it has no front matter")) {
      try await composer.writeInEditor()
    }
    #expect(composer.draft.body == "no front matter, just words\n")
  }

  @Test func aNotebookTheStoreDoesntHaveIsSaidAndTheRestIsTaken() async throws {
    let (composer, _) = makeComposer(
      editor: ScriptedTextEditor(
        .replacing("notebook: Birds", with: "notebook: Fungi")))
    await #expect(throws: ComposerError.unknownNotebook("Fungi")) {
      try await composer.writeInEditor()
    }
    #expect(composer.draft.notebookID == SampleData.birds.id)

    let (other, _) = makeComposer(
      .newNote(in: nil),
      editor: ScriptedTextEditor(.returning("---\nnotebook: plants\n---\n# Moss\n\nGreen.")))
    try await other.writeInEditor()
    #expect(other.draft.notebookID == SampleData.plants.id, "a name is found ignoring case")
    #expect(other.draft.title == "Moss")
  }

  @Test func aComposerAskingAQuestionHandsNothingToTheEditor() async throws {
    let editor = ScriptedTextEditor(.unchanged)
    let (composer, _) = makeComposer(editor: editor)
    try composer.setTitle("Changed")
    try composer.cancel()
    await #expect(throws: ComposerError.notEditable) { try await composer.writeInEditor() }
    #expect(editor.given.isEmpty)
  }
}
