import ComposerFeature
import FieldNotesModel
import FieldNotesServices
import FieldNotesTesting
import Foundation
import Testing

/// Drafts kept when FieldNotes had to stop: one per session and note, never written over by
/// another session's, listed newest first by the next composer for the note, taken up or
/// discarded one at a time.
///
/// Every composer here shares one client in memory, as every session shares the store's
/// drafts; that the live client keeps them in the store's draft repository is
/// `ComposerLiveTests`'.
@MainActor
@Suite struct ComposerKeptDraftTests {
  let client = InMemoryComposerClient(
    notes: SampleData.library.notes, notebooks: SampleData.library.notebooks)

  func makeComposer(
    _ purpose: ComposerViewModel.Purpose = .newNote(in: nil),
    session: DraftSession = SampleData.session(1), minutes: Int = 0
  ) -> (ComposerViewModel, InMemoryComposerClient) {
    let composer = ComposerViewModel(
      client: client, purpose: purpose, ids: .incrementing(),
      now: .fixed(SampleData.date(minutes: minutes)), session: session,
      editor: UnavailableTextEditor())
    return (composer, client)
  }

  /// Two sessions, each with unsaved text for a new note, both made to stop.
  func keepTwoDrafts() throws {
    let (first, _) = makeComposer(session: SampleData.session(1), minutes: 1)
    try first.setTitle("Wren")
    let (second, _) = makeComposer(session: SampleData.session(2), minutes: 2)
    try second.setTitle("Robin")
    #expect(try first.keepUnsavedDraft())
    #expect(try second.keepUnsavedDraft())
  }

  @Test func twoSessionsKeepTwoDraftsListedNewestFirst() throws {
    try keepTwoDrafts()

    let (composer, _) = makeComposer(session: SampleData.session(3))

    #expect(composer.keptDrafts.map(\.title) == ["Robin", "Wren"])
    #expect(composer.keptDrafts.map(\.session) == [SampleData.session(2), SampleData.session(1)])
    #expect(composer.state == .editing(problems: [.titleRequired]), "the list asks nothing")
  }

  @Test func aSessionKeepingAgainReplacesOnlyItsOwnDraft() throws {
    try keepTwoDrafts()
    let (again, _) = makeComposer(session: SampleData.session(1), minutes: 3)
    try again.setTitle("Wren, again")
    #expect(try again.keepUnsavedDraft())

    let (composer, _) = makeComposer(session: SampleData.session(3))

    #expect(composer.keptDrafts.map(\.title) == ["Wren, again", "Robin"])
  }

  @Test func draftsAreKeptPerNote() throws {
    let (edit, _) = makeComposer(.editNote(SampleData.heron.id))
    try edit.setTitle("Heron at dusk")
    #expect(try edit.keepUnsavedDraft())

    let (newNote, _) = makeComposer(session: SampleData.session(2))
    let (sameNote, _) = makeComposer(
      .editNote(SampleData.heron.id), session: SampleData.session(2))

    #expect(newNote.keptDrafts == [])
    #expect(sameNote.keptDrafts.map(\.title) == ["Heron at dusk"])
  }

  @Test func takingUpADraftFillsTheComposerAndSavingForgetsIt() throws {
    try keepTwoDrafts()
    let (composer, client) = makeComposer(session: SampleData.session(3))

    try composer.takeUpKeptDraft(at: 1)

    #expect(composer.draft.title == "Wren")
    #expect(composer.keptDrafts.map(\.title) == ["Robin"], "the one taken up is in use")
    #expect(client.drafts.count == 2, "still kept until it is saved")
    try composer.save()
    #expect(client.drafts.map(\.title) == ["Robin"])
  }

  @Test func aDraftTakenUpAndKeptAgainReplacesTheOneItGrewFrom() throws {
    try keepTwoDrafts()
    let (composer, client) = makeComposer(session: SampleData.session(3), minutes: 4)
    try composer.takeUpKeptDraft(at: 1)
    try composer.appendToBody("Nesting in the hedge.")

    #expect(try composer.keepUnsavedDraft())

    let kept = client.keptDrafts(forNote: nil)
    #expect(kept.map(\.title) == ["Wren", "Robin"])
    #expect(kept.map(\.session) == [SampleData.session(3), SampleData.session(2)])
    #expect(kept.first?.body == "Nesting in the hedge.")
  }

  @Test func anotherDraftCanReplaceTheOneTakenUpButNotUnsavedTyping() throws {
    try keepTwoDrafts()
    let (composer, _) = makeComposer(session: SampleData.session(3))
    try composer.takeUpKeptDraft(at: 0)

    try composer.takeUpKeptDraft(at: 0)

    #expect(composer.draft.title == "Wren")
    #expect(composer.keptDrafts.map(\.title) == ["Robin"])
    try composer.setTitle("Typed here")
    #expect(throws: ComposerError.unsavedChangesInTheWay) { try composer.takeUpKeptDraft(at: 0) }
    #expect(composer.draft.title == "Typed here")
  }

  @Test func aDraftNumberThatIsNotListedIsRefused() throws {
    try keepTwoDrafts()
    let (composer, _) = makeComposer(session: SampleData.session(3))

    #expect(throws: ComposerError.noSuchDraft(position: 2, count: 2)) {
      try composer.takeUpKeptDraft(at: 2)
    }
    #expect(throws: ComposerError.noSuchDraft(position: -1, count: 2)) {
      try composer.askToDiscardKeptDraft(at: -1)
    }
  }

  @Test func discardingADraftAsksFirst() throws {
    try keepTwoDrafts()
    let (composer, client) = makeComposer(session: SampleData.session(3))
    let recorder = StateRecorder(composer, \.state)
    let robin = try #require(composer.keptDrafts.first)

    try composer.askToDiscardKeptDraft(at: 0)
    #expect(throws: ComposerError.notEditable) { try composer.setTitle("Not now") }
    try composer.keepEditing()
    #expect(composer.keptDrafts.count == 2, "no keeps it")
    try composer.askToDiscardKeptDraft(at: 0)
    try composer.confirmDiscard()

    #expect(composer.keptDrafts.map(\.title) == ["Wren"])
    #expect(client.drafts.map(\.title) == ["Wren"])
    #expect(
      recorder.values == [
        .editing(problems: [.titleRequired]), .confirming(.discardKeptDraft(robin)),
        .editing(problems: [.titleRequired]), .confirming(.discardKeptDraft(robin)),
        .editing(problems: [.titleRequired]),
      ])
  }

  @Test func discardingTheChangesOfADraftTakenUpForgetsIt() throws {
    try keepTwoDrafts()
    let (composer, client) = makeComposer(session: SampleData.session(3))
    try composer.takeUpKeptDraft(at: 0)

    try composer.cancel()
    try composer.confirmDiscard()

    #expect(composer.state == .discarded)
    #expect(client.drafts.map(\.title) == ["Wren"])
  }

  @Test func aDraftThatCouldNotBeKeptSaysSo() throws {
    let (composer, client) = makeComposer()
    try composer.setTitle("Wren")
    client.writeFailure = .persistence(.diskFull)

    #expect(throws: ComposerError.draftNotKept(.persistence(.diskFull))) {
      try composer.keepUnsavedDraft()
    }
    #expect(client.drafts == [])
  }

  /// A kept draft that can't be forgotten is still listed, and the question is gone.
  @Test func aDraftThatCouldNotBeForgottenIsStillListed() throws {
    try keepTwoDrafts()
    let (composer, client) = makeComposer(session: SampleData.session(3))
    client.writeFailure = .persistence(.readOnly(path: "notes.sqlite"))

    try composer.askToDiscardKeptDraft(at: 0)
    #expect(throws: ComposerError.discardFailed(.persistence(.readOnly(path: "notes.sqlite")))) {
      try composer.confirmDiscard()
    }

    #expect(composer.keptDrafts.map(\.title) == ["Robin", "Wren"])
    #expect(composer.state == .editing(problems: [.titleRequired]))
  }

  /// A draft of a note that is gone (deleted elsewhere, or by a sync) is offered to a new note,
  /// the one composer that can reach it, and saved as a new note.
  @Test func aDraftWhoseNoteIsGoneIsOfferedToANewNoteAndSavedAsOne() throws {
    let (stopped, _) = makeComposer(.editNote(SampleData.heron.id), minutes: 1)
    try stopped.replaceBody(with: "Kept when FieldNotes stopped.")
    #expect(try stopped.keepUnsavedDraft())
    client.notes.removeAll { $0.id == SampleData.heron.id }

    let (new, _) = makeComposer(session: SampleData.session(2), minutes: 2)
    #expect(new.keptDrafts.map(\.noteID) == [SampleData.heron.id])
    try new.takeUpKeptDraft(at: 0)
    let saved = try #require(try new.save())

    #expect(saved.id != SampleData.heron.id && saved.title == SampleData.heron.title)
    #expect(client.drafts.isEmpty, "the draft is in the note now, and forgotten")
  }
}
