import ComposerFeature
import FieldNotesModel
import FieldNotesServices
import FieldNotesTesting
import Foundation
import Testing

/// Drafts kept when FieldNotes had to stop: one per session and note, never written over by
/// another session's, listed newest first by the next composer for the note, taken up or
/// discarded one at a time.
@MainActor
@Suite struct ComposerKeptDraftTests {
  let repository = InMemoryNoteRepository(SampleData.library)

  func makeComposer(
    _ purpose: ComposerViewModel.Purpose = .newNote(in: nil),
    session: DraftSession = SampleData.session(1), minutes: Int = 0
  ) throws -> (ComposerViewModel, NoteStore) {
    let store = try NoteStore(
      repository: repository, syncer: NoOpNoteSyncer(), now: .fixed(SampleData.date(minutes: 90)))
    let composer = ComposerViewModel(
      store: store, purpose: purpose, ids: .incrementing(),
      now: .fixed(SampleData.date(minutes: minutes)), session: session,
      editor: UnavailableTextEditor())
    return (composer, store)
  }

  /// Two sessions, each with unsaved text for a new note, both made to stop.
  func keepTwoDrafts() throws {
    let (first, _) = try makeComposer(session: SampleData.session(1), minutes: 1)
    try first.setTitle("Wren")
    let (second, _) = try makeComposer(session: SampleData.session(2), minutes: 2)
    try second.setTitle("Robin")
    #expect(try first.keepUnsavedDraft())
    #expect(try second.keepUnsavedDraft())
  }

  @Test func twoSessionsKeepTwoDraftsListedNewestFirst() throws {
    try keepTwoDrafts()

    let (composer, _) = try makeComposer(session: SampleData.session(3))

    #expect(composer.keptDrafts.map(\.title) == ["Robin", "Wren"])
    #expect(composer.keptDrafts.map(\.session) == [SampleData.session(2), SampleData.session(1)])
    #expect(composer.state == .editing(problems: [.titleRequired]), "the list asks nothing")
  }

  @Test func aSessionKeepingAgainReplacesOnlyItsOwnDraft() throws {
    try keepTwoDrafts()
    let (again, _) = try makeComposer(session: SampleData.session(1), minutes: 3)
    try again.setTitle("Wren, again")
    #expect(try again.keepUnsavedDraft())

    let (composer, _) = try makeComposer(session: SampleData.session(3))

    #expect(composer.keptDrafts.map(\.title) == ["Wren, again", "Robin"])
  }

  @Test func draftsAreKeptPerNote() throws {
    let (edit, _) = try makeComposer(.editNote(SampleData.heron.id))
    try edit.setTitle("Heron at dusk")
    #expect(try edit.keepUnsavedDraft())

    let (newNote, _) = try makeComposer(session: SampleData.session(2))
    let (sameNote, _) = try makeComposer(
      .editNote(SampleData.heron.id), session: SampleData.session(2))

    #expect(newNote.keptDrafts == [])
    #expect(sameNote.keptDrafts.map(\.title) == ["Heron at dusk"])
  }

  @Test func takingUpADraftFillsTheComposerAndSavingForgetsIt() throws {
    try keepTwoDrafts()
    let (composer, store) = try makeComposer(session: SampleData.session(3))

    try composer.takeUpKeptDraft(at: 1)

    #expect(composer.draft.title == "Wren")
    #expect(composer.keptDrafts.map(\.title) == ["Robin"], "the one taken up is in use")
    #expect(store.keptDrafts(forNote: nil).count == 2, "still kept until it is saved")
    try composer.save()
    #expect(store.keptDrafts(forNote: nil).map(\.title) == ["Robin"])
  }

  @Test func aDraftTakenUpAndKeptAgainReplacesTheOneItGrewFrom() throws {
    try keepTwoDrafts()
    let (composer, store) = try makeComposer(session: SampleData.session(3), minutes: 4)
    try composer.takeUpKeptDraft(at: 1)
    try composer.appendToBody("Nesting in the hedge.")

    #expect(try composer.keepUnsavedDraft())

    let kept = store.keptDrafts(forNote: nil)
    #expect(kept.map(\.title) == ["Wren", "Robin"])
    #expect(kept.map(\.session) == [SampleData.session(3), SampleData.session(2)])
    #expect(kept.first?.body == "Nesting in the hedge.")
  }

  @Test func anotherDraftCanReplaceTheOneTakenUpButNotUnsavedTyping() throws {
    try keepTwoDrafts()
    let (composer, _) = try makeComposer(session: SampleData.session(3))
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
    let (composer, _) = try makeComposer(session: SampleData.session(3))

    #expect(throws: ComposerError.noSuchDraft(position: 2, count: 2)) {
      try composer.takeUpKeptDraft(at: 2)
    }
    #expect(throws: ComposerError.noSuchDraft(position: -1, count: 2)) {
      try composer.askToDiscardKeptDraft(at: -1)
    }
  }

  @Test func discardingADraftAsksFirst() throws {
    try keepTwoDrafts()
    let (composer, store) = try makeComposer(session: SampleData.session(3))
    let recorder = StateRecorder(composer, \.state)
    let robin = try #require(composer.keptDrafts.first)

    try composer.askToDiscardKeptDraft(at: 0)
    #expect(throws: ComposerError.notEditable) { try composer.setTitle("Not now") }
    try composer.keepEditing()
    #expect(composer.keptDrafts.count == 2, "no keeps it")
    try composer.askToDiscardKeptDraft(at: 0)
    try composer.confirmDiscard()

    #expect(composer.keptDrafts.map(\.title) == ["Wren"])
    #expect(store.keptDrafts(forNote: nil).map(\.title) == ["Wren"])
    #expect(
      recorder.values == [
        .editing(problems: [.titleRequired]), .confirming(.discardKeptDraft(robin)),
        .editing(problems: [.titleRequired]), .confirming(.discardKeptDraft(robin)),
        .editing(problems: [.titleRequired]),
      ])
  }

  @Test func discardingTheChangesOfADraftTakenUpForgetsIt() throws {
    try keepTwoDrafts()
    let (composer, store) = try makeComposer(session: SampleData.session(3))
    try composer.takeUpKeptDraft(at: 0)

    try composer.cancel()
    try composer.confirmDiscard()

    #expect(composer.state == .discarded)
    #expect(store.keptDrafts(forNote: nil).map(\.title) == ["Wren"])
  }

  @Test func aDraftThatCouldNotBeKeptSaysSo() throws {
    let (composer, store) = try makeComposer()
    try composer.setTitle("Wren")
    repository.failNextCommit(with: .diskFull)

    #expect(throws: NoteStoreError.persistence(.diskFull)) { try composer.keepUnsavedDraft() }
    #expect(store.keptDrafts(forNote: nil) == [])
  }
}

/// A kept draft goes over its note only as the note was when the draft was written from it,
/// and a draft whose note is gone is still reachable.
@MainActor
@Suite struct KeptDraftBaseTests {
  let repository = InMemoryNoteRepository(SampleData.library)
  let heron = SampleData.heron.id

  /// A composer in a session of its own, over its own store on the shared repository: as
  /// another FieldNotes process would be.
  func makeComposer(_ purpose: ComposerViewModel.Purpose, session: Int, minutes: Int) throws
    -> (ComposerViewModel, NoteStore)
  {
    let store = try NoteStore(
      repository: repository, syncer: NoOpNoteSyncer(),
      now: .fixed(SampleData.date(minutes: 100 + minutes)))
    let composer = ComposerViewModel(
      store: store, purpose: purpose, ids: .incrementing(from: 100 * session),
      now: .fixed(SampleData.date(minutes: minutes)), session: SampleData.session(session),
      editor: UnavailableTextEditor())
    return (composer, store)
  }

  @Test func aDraftOfANoteSavedElsewhereSinceSaysSoBeforeGoingOverIt() throws {
    let (stopped, _) = try makeComposer(.editNote(heron), session: 1, minutes: 1)
    try stopped.replaceBody(with: "Kept when FieldNotes stopped.")
    #expect(try stopped.keepUnsavedDraft())
    let (other, _) = try makeComposer(.editNote(heron), session: 2, minutes: 2)
    try other.replaceBody(with: "Saved by another FieldNotes later.")
    try other.save()

    let (later, store) = try makeComposer(.editNote(heron), session: 3, minutes: 3)
    try later.takeUpKeptDraft(at: 0)

    #expect(throws: ComposerError.saveFailed(.persistence(.conflict(heron)))) {
      try later.save()
    }
    #expect(store.note(withID: heron)?.body == "Saved by another FieldNotes later.")
    #expect(later.state == .editing(problems: []), "the draft is still there to save")
    try later.save()
    #expect(store.note(withID: heron)?.body == "Kept when FieldNotes stopped.")
  }

  @Test func aDraftOfANoteNobodyChangedSinceIsSavedAtOnce() throws {
    let (stopped, _) = try makeComposer(.editNote(heron), session: 1, minutes: 1)
    try stopped.replaceBody(with: "Kept when FieldNotes stopped.")
    #expect(try stopped.keepUnsavedDraft())

    let (later, store) = try makeComposer(.editNote(heron), session: 2, minutes: 2)
    try later.takeUpKeptDraft(at: 0)
    try later.save()

    #expect(store.note(withID: heron)?.body == "Kept when FieldNotes stopped.")
    #expect(later.keptDrafts == [] && store.keptDrafts(forNote: heron) == [], "saved, forgotten")
  }

  @Test func anEditSavedElsewhereWhileTheComposerWasOpenIsNotWrittenOverUnawares() throws {
    let (open, store) = try makeComposer(.editNote(heron), session: 1, minutes: 1)
    try open.setTitle("Heron, as this session saw it")
    let (other, _) = try makeComposer(.editNote(heron), session: 2, minutes: 2)
    try other.setTitle("Heron, saved elsewhere")
    try other.save()
    try store.reload()  // what any command of the first session does before it saves

    #expect(throws: ComposerError.saveFailed(.persistence(.conflict(heron)))) { try open.save() }
    #expect(store.note(withID: heron)?.title == "Heron, saved elsewhere")
    try open.save()
    #expect(store.note(withID: heron)?.title == "Heron, as this session saw it")
  }

  @Test func aPinChangedElsewhereIsNoConflict() throws {
    let (open, store) = try makeComposer(.editNote(heron), session: 1, minutes: 1)
    try open.setTitle("Heron again")
    _ = try store.setPinned(heron, false)

    try open.save()

    #expect(store.note(withID: heron)?.title == "Heron again")
    #expect(store.note(withID: heron)?.isPinned == false)
  }

  @Test func aDraftWhoseNoteWasDeletedIsOfferedToANewNoteAndSavedAsOne() throws {
    let (stopped, _) = try makeComposer(.editNote(heron), session: 1, minutes: 1)
    try stopped.replaceBody(with: "Kept when FieldNotes stopped.")
    #expect(try stopped.keepUnsavedDraft())
    let (_, deleting) = try makeComposer(.newNote(in: nil), session: 2, minutes: 2)
    try deleting.deleteNote(withID: heron)

    let (new, store) = try makeComposer(.newNote(in: nil), session: 3, minutes: 3)
    #expect(new.keptDrafts.map(\.noteID) == [heron], "the gone note's draft is offered")
    try new.takeUpKeptDraft(at: 0)
    let saved = try #require(try new.save())

    #expect(saved.id != heron && saved.body == "Kept when FieldNotes stopped.")
    #expect(store.note(withID: saved.id)?.title == SampleData.heron.title)
    #expect(store.keptDrafts(forNote: nil) == [], "the draft is in the note now, and forgotten")
  }
}
