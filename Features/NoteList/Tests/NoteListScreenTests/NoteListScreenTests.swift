import FieldNotesModel
import FieldNotesServices
import FieldNotesTesting
import Foundation
import NoteListScreen
import Testing

/// The note list's terminal screen driven as the REPL drives it: each action in each form, and
/// the same words from both forms when one is refused.
@MainActor
@Suite struct NoteListScreenTests {
  let repository = InMemoryNoteRepository(SampleData.library)

  func makeScreen(_ scope: NoteScope = .allNotes) throws -> (NoteListScreen, NoteStore) {
    let store = try NoteStore(repository: repository, now: .fixed())
    let screen = NoteListScreen(
      scope: scope, store: store, now: .fixed(SampleData.date(minutes: 60)),
      timeZone: TimeZone(identifier: "UTC") ?? .current)
    return (screen, store)
  }

  @Test(arguments: [NoteListMode.mvvm, .mv])
  func theRowNumbersStandForTheRowsLastDrawn(mode: NoteListMode) throws {
    let (screen, _) = try makeScreen(.notebook(SampleData.birds.id))
    #expect(screen.rowIDs == [])

    let lines = screen.render(title: "Birds", in: mode)

    #expect(lines.first == "Birds · 2 notes · newest first")
    #expect(screen.rowIDs == [SampleData.heron.id, SampleData.kingfisher.id], "pinned first")
    screen.apply(NoteListScreen.Settings(searchText: "blue"), in: mode)
    _ = screen.render(title: "Birds", in: mode)
    #expect(screen.rowIDs == [SampleData.kingfisher.id])
  }

  @Test(arguments: [NoteListMode.mvvm, .mv])
  func aDeletionIsUndoneExactly(mode: NoteListMode) throws {
    let (screen, store) = try makeScreen()

    try screen.perform(.delete(SampleData.moss.id), in: mode)
    #expect(store.note(withID: SampleData.moss.id) == nil)
    try screen.perform(.undoDelete, in: mode)

    #expect(store.note(withID: SampleData.moss.id) == SampleData.moss)
    #expect(throws: NoteListScreenError.refused("There is nothing to undo.")) {
      try screen.perform(.undoDelete, in: mode)
    }
  }

  /// `mode` changes the form, not the session: a deletion made in one form is undone in the
  /// other (both keep it in the session's `DeletionHistory`), and the settings carry over.
  @Test(arguments: [(NoteListMode.mvvm, NoteListMode.mv), (.mv, .mvvm)])
  func switchingFormsKeepsUndoAndSettings(from first: NoteListMode, to second: NoteListMode)
    throws
  {
    let (screen, store) = try makeScreen()
    screen.apply(NoteListScreen.Settings(searchText: "moss", showsUntaggedOnly: false), in: first)
    try screen.perform(.delete(SampleData.moss.id), in: first)

    screen.apply(screen.settings(in: first), in: second)
    try screen.perform(.undoDelete, in: second)

    #expect(store.note(withID: SampleData.moss.id) == SampleData.moss)
    #expect(screen.settings(in: second).searchText == "moss")
  }

  @Test func bothFormsRefuseAFailedChangeInTheSameWords() throws {
    let (screen, store) = try makeScreen()
    repository.failCommits(with: .diskFull)

    for mode in [NoteListMode.mvvm, .mv] {
      #expect(
        throws: NoteListScreenError.refused("The disk is full, so the change was not saved.")
      ) { try screen.perform(.togglePin(SampleData.moss.id), in: mode) }
    }
    #expect(store.note(withID: SampleData.moss.id)?.isPinned == false)
  }

  @Test func settingsAreKeptPerForm() throws {
    let (screen, _) = try makeScreen()
    let titleOrder = NoteListScreen.Settings(tag: "birds", sortOrder: .title)

    screen.apply(titleOrder, in: .mv)

    #expect(screen.settings(in: .mv) == titleOrder)
    #expect(screen.settings(in: .mvvm) == NoteListScreen.Settings())
    #expect(screen.stateDescription == "loaded(4 rows)")
  }
}
