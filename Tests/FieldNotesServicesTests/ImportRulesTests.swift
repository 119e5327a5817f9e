import FieldNotesModel
import FieldNotesServices
import FieldNotesTesting
import Foundation
import Testing

/// A notebook an import brings in meets the rules a typed one does: a name that opens
/// something else is renamed, one no rename mends refuses the import, and nothing of a refused
/// import is added.
@MainActor
@Suite struct ImportRulesTests {
  let repository = InMemoryNoteRepository(SampleData.library)

  func makeStore() throws -> NoteStore {
    try NoteStore(repository: repository, syncer: NoOpNoteSyncer(), now: .fixed())
  }

  @Test func aNotebookNameNoRenameCanMendRefusesTheImport() throws {
    let store = try makeStore()
    let long = String(repeating: "n", count: 1_200_000)
    for (name, problem) in [
      (long, NotebookNameError.tooLong(length: 1_200_000, limit: NotebookName.maximumLength)),
      ("Two\nlines", .containsNewline), ("   ", .empty),
    ] {
      let trimmed = name.trimmingCharacters(in: .whitespaces)
      let incoming = NoteLibrary(
        notebooks: [Notebook(id: UUID(number: 0xF100), name: name)],
        notes: [Note(id: UUID(number: 0xF000), title: "Inside", notebookID: UUID(number: 0xF100))])

      #expect(throws: LibraryImportError.invalidNotebookName(trimmed, problem)) {
        try LibraryImport.merge(into: store, incoming)
      }
      #expect(store.notes.count == SampleData.library.notes.count, "nothing was added")
      #expect(store.notebooks.count == SampleData.library.notebooks.count)
    }
    let message = LibraryImportError.invalidNotebookName(long, .containsNewline).errorDescription
    #expect((message?.count ?? .max) < 200, "the message quotes the name's start only")
  }

  @Test func aNameThatOpensSomethingElseIsRenamedLikeATakenOne() throws {
    let store = try makeStore()
    let incoming = NoteLibrary(
      notebooks: ["all", "12", "+1", "No Notebook"].enumerated().map {
        Notebook(id: UUID(number: 0xF110 + $0), name: $1)
      })

    try LibraryImport.merge(into: store, incoming)

    let added = store.notebooks.suffix(4).map(\.name)
    #expect(added == ["all (2)", "12 (2)", "+1 (2)", "No Notebook (2)"])
    #expect(added.allSatisfy { !Notebook.isReservedName($0) })
  }

  @Test func aNumberWithASignIsReadAsARowSoItCantNameANotebook() {
    for name in ["+1", "-1", " 7 ", "007"] { #expect(Notebook.isReservedName(name), "\(name)") }
    for name in ["1st", "+", "-", "1.5", "Birds 2"] {
      #expect(!Notebook.isReservedName(name), "\(name)")
    }
  }
}
