import ComposerFeature
import FieldNotesModel
import FieldNotesServices
import FieldNotesTesting
import Foundation
import Testing

/// The files the user's editor was given, when their text wasn't taken: each is kept as a
/// draft of its own, and its file goes only once that draft is kept.
@MainActor
@Suite struct ComposerLeftoverEditTests {
  let client = InMemoryComposerClient(
    notes: SampleData.library.notes, notebooks: SampleData.library.notebooks)

  /// A leftover of a new note, as the editor's file holds it.
  static func leftover(_ number: Int, body: String) -> LeftoverEdit {
    LeftoverEdit(
      fileName: "new-note.md",
      text: Data("---\nnotebook: none\ntags: []\n---\n# Left \(number)\n\n\(body)\n".utf8),
      path: "/editing/store-1/0000000\(number)-new-note.md",
      modifiedAt: SampleData.date(minutes: number))
  }

  @Test func everyLeftoverIsADraftOfItsOwnAndNoneIsWrittenOverByTheSessionsOwn() throws {
    let editor = ScriptedTextEditor(
      leftovers: (1...3).map { Self.leftover($0, body: "Text \($0).") })

    let kept = ComposerViewModel.keepLeftoverEdits(client: client, editor: editor, now: .fixed())

    #expect(kept == 3)
    #expect(editor.forgotten.count == 3)
    // The session that kept them ends with unsaved text of a new note of its own.
    let composer = ComposerViewModel(
      client: client, purpose: .newNote(in: nil), ids: .incrementing(), now: .fixed(),
      session: SampleData.session(1), editor: editor)
    try composer.setTitle("Mine")
    try composer.keepUnsavedDraft()
    #expect(Set(client.drafts.map(\.body)) == ["Text 1.", "Text 2.", "Text 3.", ""])
  }

  @Test func keepingTheSameLeftoverTwiceKeepsOneDraft() throws {
    let leftover = Self.leftover(1, body: "Once.")
    _ = ComposerViewModel.keepLeftoverEdits(
      client: client, editor: ScriptedTextEditor(leftovers: [leftover]), now: .fixed())
    _ = ComposerViewModel.keepLeftoverEdits(
      client: client, editor: ScriptedTextEditor(leftovers: [leftover]), now: .fixed())
    #expect(client.drafts.map(\.body) == ["Once."])
  }

  /// A file named for a note is that note's draft while the note is there, and a new note's
  /// once it is gone; the notebook its front matter names is found as a typed name is.
  @Test func aLeftoverOfANoteIsItsDraftWhileTheNoteIsThere() throws {
    let gone = UUID(number: 0xDEAD)
    let leftovers = [SampleData.heron.id, gone].enumerated().map { index, id in
      LeftoverEdit(
        fileName: "note-\(id.uuidString.lowercased()).md",
        text: Data("---\nnotebook: plants\ntags: []\n---\n# Edited \(index)\n\nText.\n".utf8),
        path: "/editing/store-1/0000000\(index)-note.md",
        modifiedAt: SampleData.date(minutes: index))
    }

    let kept = ComposerViewModel.keepLeftoverEdits(
      client: client, editor: ScriptedTextEditor(leftovers: leftovers), now: .fixed())

    #expect(kept == 2)
    #expect(client.keptDrafts(forNote: SampleData.heron.id).map(\.title) == ["Edited 0"])
    #expect(client.drafts.map(\.noteID) == [SampleData.heron.id, nil])
    #expect(client.drafts.map(\.notebookID) == [SampleData.plants.id, SampleData.plants.id])
  }

  /// A store that can't keep the draft leaves the file where it is, for the next session.
  @Test func aLeftoverWhoseDraftTheStoreRefusedKeepsItsFile() throws {
    let editor = ScriptedTextEditor(leftovers: [Self.leftover(1, body: "Only here.")])
    client.writeFailure = .persistence(.diskFull)

    #expect(ComposerViewModel.keepLeftoverEdits(client: client, editor: editor, now: .fixed()) == 0)

    #expect(editor.forgotten.isEmpty)
    #expect(editor.leftoverEdits().count == 1)
  }

  /// An editor that died after writing: what it wrote is kept as a draft, listed and taken up
  /// like any other; the draft being written is as it was.
  @Test func whatAnEditorWroteBeforeItDiedIsKeptAsADraftToGoOnWith() async throws {
    let written = Self.leftover(4, body: "Written, then the editor crashed.")
    let editor = ScriptedTextEditor(.failing(.endedAfterWriting(.signal(11), written)))
    let composer = ComposerViewModel(
      client: client, purpose: .newNote(in: nil), ids: .incrementing(), now: .fixed(),
      session: SampleData.session(1), editor: editor)

    await #expect(throws: ComposerError.editorEndedAfterWriting(.signal(11), draftPosition: 0)) {
      try await composer.writeInEditor()
    }

    #expect(editor.forgotten == [written.path], "the file goes once the draft is kept")
    #expect(composer.draft.body.isEmpty, "the draft being written is as it was")
    #expect(composer.keptDrafts.map(\.body) == ["Written, then the editor crashed."])
    try composer.takeUpKeptDraft(at: 0)
    try composer.save()
    #expect(client.notes.contains { $0.body == "Written, then the editor crashed." })
    #expect(client.drafts.isEmpty, "the draft is forgotten once saved")
  }

  /// When the store can't keep it either, the file stays and the error names it.
  @Test func whatAnEditorWroteStaysInItsFileWhenTheStoreRefusesTheDraft() async throws {
    let written = Self.leftover(5, body: "Kept on disk.")
    let failure = TextEditingError.endedAfterWriting(.signal(9), written)
    let editor = ScriptedTextEditor(.failing(failure))
    let composer = ComposerViewModel(
      client: client, purpose: .newNote(in: nil), ids: .incrementing(), now: .fixed(),
      session: SampleData.session(1), editor: editor)
    client.writeFailure = .persistence(.diskFull)

    await #expect(throws: ComposerError.editorFailed(failure)) {
      try await composer.writeInEditor()
    }

    #expect(editor.forgotten.isEmpty)
    #expect(ComposerError.editorFailed(failure).errorDescription?.contains(written.path) == true)
  }

  /// A store in memory keeps nothing past its session: what an editor wrote before it failed
  /// stays in its file, named, never taken into a draft that would go with the session.
  @Test func whatAnEditorWroteStaysInItsFileWhenTheStoreIsInMemory() async throws {
    client.keepsDraftsPastTheSession = false
    let written = Self.leftover(6, body: "Only in the file.")
    let failure = TextEditingError.endedAfterWriting(.status(1), written)
    let editor = ScriptedTextEditor(.failing(failure))
    let composer = ComposerViewModel(
      client: client, purpose: .newNote(in: nil), ids: .incrementing(), now: .fixed(),
      session: SampleData.session(1), editor: editor)

    await #expect(throws: ComposerError.editorFailed(failure)) {
      try await composer.writeInEditor()
    }

    #expect(editor.forgotten.isEmpty)
    #expect(composer.keptDrafts.isEmpty && client.drafts.isEmpty)
  }
}
