import FieldNotesModel
import FieldNotesServices
import FieldNotesTesting
import Foundation
import NotebooksScreen
import Testing

/// The notebooks screen, driven by commands as the REPL drives it, without a terminal: what it
/// draws, which list a row number opens, and what it says when it refuses.
@MainActor
@Suite struct NotebooksScreenTests {
  let repository = InMemoryNoteRepository(SampleData.library)

  func makeScreen() throws -> (NotebooksScreen, NoteStore) {
    let store = try NoteStore(repository: repository, now: .fixed())
    return (NotebooksScreen(store: store, ids: .incrementing()), store)
  }

  @Test func theViewListsTheRowsAndARowNumberOpensItsNotes() throws {
    let (screen, _) = try makeScreen()
    #expect(screen.rowCount == 0)
    #expect(screen.scope(ofRow: 1) == nil, "no row has been drawn yet")

    #expect(
      screen.render() == [
        "Notebooks", "  1  All Notes    4 notes, 1 pinned", "  2  Birds        2 notes, 1 pinned",
        "  3  Plants       1 note", "  4  No Notebook  1 note",
      ])
    #expect(screen.rowCount == 4)
    #expect(screen.scope(ofRow: 1) == .allNotes)
    #expect(screen.scope(ofRow: 2) == .notebook(SampleData.birds.id))
    #expect(screen.scope(ofRow: 4) == .unfiled)
    #expect(screen.scope(ofRow: 0) == nil)
    #expect(screen.scope(ofRow: 5) == nil)
    #expect(screen.stateDescription == "loaded(4 rows)")
  }

  @Test func creatingAndRenamingChangeTheStore() throws {
    let (screen, store) = try makeScreen()

    let created = try screen.perform(.create(named: "  Moths "))
    try screen.perform(.rename(named: "moths", to: "Night moths"))

    #expect(created?.name == "Moths")
    #expect(store.notebook(named: "Night moths")?.id == created?.id)
  }

  @Test func aRefusedCommandSaysWhyAndChangesNothing() throws {
    let (screen, store) = try makeScreen()
    let before = store.notebooks

    #expect(
      throws: NotebooksScreenError.refused("There is no notebook called \u{201C}Moths\u{201D}.")
    ) {
      try screen.perform(.rename(named: "Moths", to: "Night moths"))
    }
    #expect(throws: NotebooksScreenError.refused("There is no deletion to confirm.")) {
      try screen.perform(.withdrawDeletion)
    }
    #expect(throws: NotebooksScreenError.self) { try screen.notebook(named: "Moths") }
    #expect(store.notebooks == before)
  }

  @Test func deletingANotebookWithNotesAsksFirst() throws {
    let (screen, store) = try makeScreen()

    try screen.perform(.requestDeletion(named: "birds"))

    #expect(screen.isConfirmingDeletion)
    #expect(screen.render().first == "Delete \u{201C}Birds\u{201D}? It holds 2 notes.")
    #expect(screen.stateDescription == "confirming(\"Birds\", 2 notes)")
    try screen.perform(.withdrawDeletion)
    #expect(!screen.isConfirmingDeletion)
    #expect(store.notebook(withID: SampleData.birds.id) != nil)

    try screen.perform(.requestDeletion(named: "birds"))
    try screen.perform(.confirmDeletion(.keepNotes))
    #expect(store.notebook(withID: SampleData.birds.id) == nil)
    #expect(store.note(withID: SampleData.heron.id)?.notebookID == nil)
  }

  @Test func theTracerPrintsEachTransition() throws {
    let (screen, _) = try makeScreen()
    var printed: [String] = []
    let tracer = try #require(screen.traceState { printed.append($0) })
    defer { tracer.stop() }

    try screen.perform(.requestDeletion(named: "Plants"))
    tracer.catchUp()

    #expect(
      printed == [
        "NotebooksViewModel.state: loaded(4 rows) → confirming(\"Plants\", 1 note)"
      ])
  }
}
