import ComposerFeature
import ComposerLive
import FieldNotesModel
import FieldNotesServices
import FieldNotesTesting
import Foundation
import Testing

/// A kept draft goes over its note only as the note was when the draft was written from it,
/// and a draft whose note is gone is still reachable: composers of several FieldNotes processes
/// over one store file, each through its own live client.
@MainActor
@Suite struct KeptDraftBaseTests {
  let repository = InMemoryNoteRepository(SampleData.library)
  let heron = SampleData.heron.id

  /// A composer in a session of its own, over its own store and live client on the shared
  /// repository: as another FieldNotes process would be.
  func makeComposer(_ purpose: ComposerViewModel.Purpose, session: Int, minutes: Int) throws
    -> (ComposerViewModel, NoteStore)
  {
    let store = try NoteStore(
      repository: repository, syncer: NoOpNoteSyncer(),
      now: .fixed(SampleData.date(minutes: 100 + minutes)))
    let composer = ComposerViewModel(
      client: StoreComposerClient(store: store, drafts: repository), purpose: purpose,
      ids: .incrementing(from: 100 * session),
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
    #expect(try store.note(withID: heron)?.body == "Saved by another FieldNotes later.")
    #expect(later.state == .editing(problems: []), "the draft is still there to save")
    try later.save()
    #expect(try store.note(withID: heron)?.body == "Kept when FieldNotes stopped.")
  }

  @Test func aDraftOfANoteNobodyChangedSinceIsSavedAtOnce() throws {
    let (stopped, _) = try makeComposer(.editNote(heron), session: 1, minutes: 1)
    try stopped.replaceBody(with: "Kept when FieldNotes stopped.")
    #expect(try stopped.keepUnsavedDraft())

    let (later, store) = try makeComposer(.editNote(heron), session: 2, minutes: 2)
    try later.takeUpKeptDraft(at: 0)
    try later.save()

    #expect(try store.note(withID: heron)?.body == "Kept when FieldNotes stopped.")
    #expect(try later.keptDrafts == [] && repository.keptDrafts(forNote: heron) == [])
  }

  @Test func anEditSavedElsewhereWhileTheComposerWasOpenIsNotWrittenOverUnawares() throws {
    let (open, store) = try makeComposer(.editNote(heron), session: 1, minutes: 1)
    try open.setTitle("Heron, as this session saw it")
    let (other, _) = try makeComposer(.editNote(heron), session: 2, minutes: 2)
    try other.setTitle("Heron, saved elsewhere")
    try other.save()
    try store.reload()  // what any command of the first session does before it saves

    #expect(throws: ComposerError.saveFailed(.persistence(.conflict(heron)))) { try open.save() }
    #expect(try store.note(withID: heron)?.title == "Heron, saved elsewhere")
    try open.save()
    #expect(try store.note(withID: heron)?.title == "Heron, as this session saw it")
  }

  @Test func aPinChangedElsewhereIsNoConflict() throws {
    let (open, store) = try makeComposer(.editNote(heron), session: 1, minutes: 1)
    try open.setTitle("Heron again")
    _ = try store.setPinned(heron, false)

    try open.save()

    #expect(try store.note(withID: heron)?.title == "Heron again")
    #expect(try store.note(withID: heron)?.isPinned == false)
  }

  @Test func aDraftWhoseNoteWasDeletedIsOfferedToANewNoteAndSavedAsOne() throws {
    let (stopped, _) = try makeComposer(.editNote(heron), session: 1, minutes: 1)
    try stopped.replaceBody(with: "Kept when FieldNotes stopped.")
    #expect(try stopped.keepUnsavedDraft())
    let (_, deleting) = try makeComposer(.newNote(in: nil), session: 2, minutes: 2)
    try deleting.perform(.deleteNote(heron))

    let (new, store) = try makeComposer(.newNote(in: nil), session: 3, minutes: 3)
    #expect(new.keptDrafts.map(\.noteID) == [heron], "the gone note's draft is offered")
    try new.takeUpKeptDraft(at: 0)
    let saved = try #require(try new.save())

    #expect(saved.id != heron && saved.body == "Kept when FieldNotes stopped.")
    #expect(try store.note(withID: saved.id)?.title == SampleData.heron.title)
    #expect(
      try repository.noteIDsWithKeptDrafts().isEmpty && repository.keptDrafts(forNote: nil).isEmpty,
      "the draft is in the note now, and forgotten")
  }
}
