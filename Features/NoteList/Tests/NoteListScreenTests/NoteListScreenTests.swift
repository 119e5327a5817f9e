import FieldNotesModel
import FieldNotesNavigation
import FieldNotesQuery
import FieldNotesServices
import FieldNotesTerminal
import FieldNotesTerminalTesting
import FieldNotesTesting
import Foundation
import Testing

@testable import NoteListScreen

/// The note list's terminal screens driven as the REPL drives them: each action in each form,
/// the same words from both when one is refused, and `mode` switching between them.
@MainActor
@Suite struct NoteListScreenTests {
  let repository = InMemoryNoteRepository(SampleData.library)

  func makeForms() throws -> NoteListForms {
    NoteListForms(
      store: try NoteStore(repository: repository, syncer: NoOpNoteSyncer(), now: .fixed()),
      now: .fixed(SampleData.date(minutes: 60)))
  }

  /// A harness driving a list the test also reads.
  static func harness(_ list: some NoteListForming) -> ScreenHarness<Route> { ScreenHarness(list) }

  @Test(arguments: NoteListForm.allCases)
  func theRowNumbersStandForTheRowsShown(form: NoteListForm) async throws {
    let forms = try makeForms()
    let harness = ScreenHarness<Route>(forms.screen(form, .notebook(SampleData.birds.id)))

    #expect(harness.lastDrawn?.first == "Birds · 2 notes · newest first")
    try await harness.run("show 1")
    try await harness.run("back")
    try await harness.run("search blue")
    try await harness.run("show 1")

    #expect(
      harness.routes == [
        .noteDetail(SampleData.heron.id),
        .noteDetail(SampleData.kingfisher.id, highlighting: ["blue"]),
      ],
      "the pinned heron first; then the one note the search finds, its matches shown")
  }

  /// A row number stands for the row the list last drew, whatever changed unseen since: the
  /// user typed it reading what was drawn.
  @Test(arguments: NoteListForm.allCases)
  func aRowNumberStandsForTheRowAsLastDrawn(form: NoteListForm) async throws {
    let forms = try makeForms()
    let list = forms.list(form, .notebook(SampleData.birds.id))
    _ = list.render(in: .plain)
    #expect(list.drawn.rows.map(\.id) == [SampleData.heron.id, SampleData.kingfisher.id])
    try forms.store.setPinned(SampleData.kingfisher.id, true)

    let shown = try await Self.run("show", ["1"], on: list).navigation
    guard case .push(let route, _) = shown else {
      Issue.record("expected a note's page, got \(shown)")
      return
    }
    #expect(route == .noteDetail(SampleData.heron.id), "row 1 as drawn, not as the store is now")
  }

  /// Runs one of a list's commands on it, with nothing drawn around it.
  static func run<List: NoteListForming>(_ name: String, _ arguments: [String], on list: List)
    async throws -> ScreenResult<Route>
  {
    let command = try #require(List.commands.first { $0.names.contains(name) })
    return try await command.run(list, arguments, CommandContext())
  }

  @Test(arguments: NoteListForm.allCases)
  func aDeletionIsUndoneExactly(form: NoteListForm) async throws {
    let forms = try makeForms()
    let harness = ScreenHarness<Route>(forms.screen(form, .notebook(SampleData.plants.id)))

    #expect(
      try await harness.run("delete 1") == [
        "Deleted “Moss on the north wall” (it is in the trash); `undo` restores it."
      ]
    )
    #expect(try forms.store.note(withID: SampleData.moss.id) == nil)
    try await harness.run("undo")

    #expect(try forms.store.note(withID: SampleData.moss.id) == SampleData.moss)
    await #expect(throws: CommandLineError.refused("There is nothing to undo.")) {
      try await harness.run("undo")
    }
  }

  /// `mode` changes the form, not the session: the list is replaced by its twin in the other
  /// form with the same settings, and a deletion made in one form is undone in the other (both
  /// keep it in the session's `DeletionHistory`).
  @Test(arguments: [(NoteListForm.mvvm, NoteListForm.mv), (.mv, .mvvm)])
  func switchingFormsKeepsUndoAndSettings(from first: NoteListForm, to second: NoteListForm)
    async throws
  {
    let forms = try makeForms()
    let before = forms.list(
      first, settings: NoteListSettings(search: NoteSearch(literally: "moss")))
    let harness = Self.harness(before)
    try await harness.run("delete 1")
    #expect(before.replacement == nil, "the session's form is this list's")

    forms.preferences.noteListForm = second
    let route = try #require(before.replacement)
    #expect(route == .noteList(.allNotes, NoteListSettings(search: NoteSearch(literally: "moss"))))
    let after = forms.list(second, settings: before.settings)
    try await Self.harness(after).run("undo")

    #expect(try forms.store.note(withID: SampleData.moss.id) == SampleData.moss)
    #expect(type(of: after).form == second)
  }

  @Test func bothFormsRefuseAFailedChangeInTheSameWords() async throws {
    let forms = try makeForms()
    repository.failCommits(with: .diskFull)

    for form in NoteListForm.allCases {
      let harness = ScreenHarness<Route>(forms.screen(form))
      await #expect(
        throws: CommandLineError.refused("The disk is full, so the change was not saved.")
      ) { try await harness.run("pin 4") }
    }
    #expect(try forms.store.note(withID: SampleData.moss.id)?.isPinned == false)
  }

  @Test(arguments: NoteListForm.allCases)
  func aChangeThatChangesNothingSaysSo(form: NoteListForm) async throws {
    let harness = ScreenHarness<Route>(try makeForms().screen(form))

    #expect(try await harness.run("search") == ["There is no search to clear."])
    #expect(try await harness.run("pin 1") == ["“Heron at the lake” is already pinned."])
    #expect(try await harness.run("sort newest") == ["The list is already sorted newest first."])
  }

  @Test func theMVVMFormTracesItsViewModelAndTheMVFormSaysItHasNone() throws {
    let forms = try makeForms()
    #expect(forms.list(.mvvm).stateLine == "NoteListViewModel.state = loaded(4 rows)")
    #expect(
      forms.list(.mv).stateLine
        == "The MV note list has no view model: it shows a NoteStore page (4 notes in the store) "
        + "through view-local state (search \"\", sort newest).")
  }
}
