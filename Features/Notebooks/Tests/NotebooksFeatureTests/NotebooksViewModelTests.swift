import FieldNotesModel
import FieldNotesServices
import FieldNotesTesting
import Foundation
import NotebooksFeature
import Testing

@MainActor
@Suite struct NotebooksViewModelTests {
  let repository = InMemoryNoteRepository(SampleData.library)

  func makeModel(_ library: NoteLibrary? = nil) throws -> (NotebooksViewModel, NoteStore) {
    let repository = library.map { InMemoryNoteRepository($0) } ?? self.repository
    let store = try NoteStore(repository: repository, syncer: NoOpNoteSyncer(), now: .fixed())
    return (NotebooksViewModel(store: store, ids: .incrementing()), store)
  }

  static let allRow = NotebookRow(
    scope: .allNotes, name: "All Notes", symbolName: "tray.full", noteCount: 4, pinnedCount: 1)
  static let birdsRow = NotebookRow(
    scope: .notebook(SampleData.birds.id), name: "Birds", symbolName: "bird", noteCount: 2,
    pinnedCount: 1)
  static let plantsRow = NotebookRow(
    scope: .notebook(SampleData.plants.id), name: "Plants", symbolName: "leaf", noteCount: 1,
    pinnedCount: 0)
  static let unfiledRow = NotebookRow(
    scope: .unfiled, name: "No Notebook", symbolName: "tray", noteCount: 1, pinnedCount: 0)
  static let sampleRows = [allRow, birdsRow, plantsRow, unfiledRow]

  // MARK: - Loading

  @Test func aReadThatFailsWhileTheScreenIsDrawnIsAFailedStateAndThenTheRowsAgain() throws {
    let repository = InMemoryNoteRepository(SampleData.library)
    let store = try NoteStore(repository: repository, syncer: NoOpNoteSyncer(), now: .fixed())
    let model = NotebooksViewModel(store: store, ids: .incrementing())
    let recorder = StateRecorder(model, \.state)

    // The disk fails for reads only: the notebook is written, its row can't be read back.
    repository.failLoads(with: .readFailed(reason: "disk I/O error"))
    let moss = try model.createNotebook(named: "Moss")
    #expect(
      recorder.values == [
        .loaded(Self.sampleRows), .failed(message: "The notes could not be read: disk I/O error."),
      ])

    repository.failLoads(with: nil)
    // The failure was no answer: the next drawing asks again.
    let mossRow = NotebookRow(
      scope: .notebook(moss.id), name: "Moss", symbolName: "book.closed", noteCount: 0,
      pinnedCount: 0)
    #expect(
      model.state
        == .loaded([Self.allRow, Self.birdsRow, mossRow, Self.plantsRow, Self.unfiledRow]))
    #expect(repository.savedLibrary.notebooks.map(\.name) == ["Birds", "Plants", "Moss"])
  }

  @Test func loadShowsTheRowsAtOnce() throws {
    let (model, _) = try makeModel()
    let recorder = StateRecorder(model, \.state)

    model.load()

    #expect(recorder.values == [.loaded(Self.sampleRows)], "reading is synchronous: no loading")
  }

  @Test func aStoreWithoutNotebooksIsEmptyAndCountsItsNotes() throws {
    let (model, _) = try makeModel(NoteLibrary(notes: [SampleData.shoppingList]))
    model.load()
    #expect(model.state == .empty(noteCount: 1))
  }

  @Test func aFailedLoadCanBeRetried() throws {
    let (model, _) = try makeModel()
    repository.failLoads(with: .readFailed(reason: "disk I/O error"))
    let recorder = StateRecorder(model, \.state)

    model.load()
    repository.failLoads(with: nil)
    model.load()

    // The conflict copies are read at every drawing, so the disk's failure shows at once.
    #expect(
      recorder.values == [
        .failed(message: "The notes could not be read: disk I/O error."),
        .loaded(Self.sampleRows),
      ])
  }

  // MARK: - Creating

  @Test func createAddsARowInNameOrder() throws {
    let (model, _) = try makeModel()
    model.load()
    let recorder = StateRecorder(model, \.state)

    let created = try model.createNotebook(named: "  Insects ")

    #expect(created == Notebook(id: UUID(number: 1), name: "Insects"))
    let insectsRow = NotebookRow(
      scope: .notebook(created.id), name: "Insects", symbolName: "book.closed", noteCount: 0,
      pinnedCount: 0)
    #expect(
      recorder.values == [
        .loaded(Self.sampleRows),
        .loaded([Self.allRow, Self.birdsRow, insectsRow, Self.plantsRow, Self.unfiledRow]),
      ])
    #expect(repository.savedLibrary.notebooks.last == created)
  }

  @Test func theFirstNotebookLeavesTheEmptyState() throws {
    let (model, _) = try makeModel(NoteLibrary())
    model.load()
    let recorder = StateRecorder(model, \.state)

    try model.createNotebook(named: "Birds")

    #expect(recorder.transitions.count == 1)
    guard case .loaded(let rows, _) = model.state else {
      Issue.record("expected rows, got \(model.state)")
      return
    }
    #expect(rows.map(\.name) == ["All Notes", "Birds", "No Notebook"])
  }

  /// The store writes first and shows after: a notebook that could not be saved is never
  /// shown, not even for a moment.
  @Test func aFailedCreateShowsNothingNewAndSaysWhy() throws {
    let (model, _) = try makeModel()
    model.load()
    repository.failNextCommit(with: .diskFull)
    let recorder = StateRecorder(model, \.state)

    #expect(throws: NotebooksError.store(.persistence(.diskFull))) {
      try model.createNotebook(named: "Insects")
    }

    #expect(recorder.values == [.loaded(Self.sampleRows)])
    #expect(repository.savedLibrary == SampleData.library)
    #expect(
      NotebooksError.store(.persistence(.diskFull)).errorDescription
        == "The disk is full, so the change was not saved.")
  }

  @Test func theModelStaysUsableAfterAFailure() throws {
    let (model, _) = try makeModel()
    model.load()
    repository.failNextCommit()
    _ = try? model.createNotebook(named: "Insects")

    try model.createNotebook(named: "Insects")

    #expect(repository.savedLibrary.notebooks.map(\.name) == ["Birds", "Plants", "Insects"])
  }

  // MARK: - Validation, one reason at a time

  @Test(arguments: [
    ("", NotebookNameError.empty),
    ("   ", .empty),
    ("Two\nlines", .containsNewline),
    ("x\ty", .containsControlCharacter), ("bell\u{7}", .containsControlCharacter),
    ("esc\u{1B}[2J", .containsControlCharacter), ("Birds --force", .optionWord("--force")),
    (String(repeating: "x", count: 61), .tooLong(length: 61, limit: 60)),
    ("birds", .duplicate(existing: "Birds")),
    (" PLANTS ", .duplicate(existing: "Plants")),
    ("all", .reserved("all")), ("None", .reserved("None")), ("1", .reserved("1")),
    ("042", .reserved("042")), ("All Notes", .reserved("All Notes")),
    (" no notebook ", .reserved("no notebook")),
    ("..", .notAFolder("..")), ("Areas/..", .notAFolder("..")), ("./Areas", .notAFolder(".")),
    ("Areas//Health", .notAFolder("")), ("/Areas", .notAFolder("")),
    ("Areas/", .notAFolder("")), ("Areas/ /Health", .notAFolder("")),
  ])
  func invalidNamesAreRejected(name: String, reason: NotebookNameError) throws {
    let (model, _) = try makeModel()
    model.load()

    #expect(throws: NotebooksError.invalidName(reason)) { try model.createNotebook(named: name) }
    #expect(model.state == .loaded(Self.sampleRows))
  }

  @Test func namesAtTheLimitAndInAnyScriptAreAccepted() throws {
    let (model, store) = try makeModel()
    let sixty = String(repeating: "é", count: 60)
    try model.createNotebook(named: sixty)
    try model.createNotebook(named: "鳥の観察 🐦")
    try model.createNotebook(named: "Ünïcödé")
    #expect(store.notebooks.map(\.name).suffix(3) == [sixty, "鳥の観察 🐦", "Ünïcödé"])
    #expect(throws: NotebooksError.invalidName(.duplicate(existing: "Ünïcödé"))) {
      try model.createNotebook(named: "ünïcödé")
    }
    try model.createNotebook(named: "Trip 2026")
    try model.createNotebook(named: "All notes from the trip")
    try model.createNotebook(named: "Nonesuch")
  }

  /// A name that opens something else (`all`, `none`, a row number, the names of the All Notes
  /// and No Notebook rows) is refused for a rename too.
  @Test func aRenameToANameThatOpensSomethingElseIsRefused() throws {
    let (model, store) = try makeModel()
    model.load()

    #expect(throws: NotebooksError.invalidName(.reserved("none"))) {
      try model.renameNotebook(named: "Birds", to: "none")
    }
    #expect(store.notebooks.map(\.name) == ["Birds", "Plants"])
  }

  // MARK: - Renaming

  @Test func renameKeepsTheNotebookAndItsNotes() throws {
    let (model, store) = try makeModel()
    model.load()

    try model.renameNotebook(named: "birds", to: "Waders")

    #expect(
      store.notebooks.first == Notebook(id: SampleData.birds.id, name: "Waders", symbolName: "bird")
    )
    #expect(store.notes.count { $0.notebookID == SampleData.birds.id } == 2)
  }

  @Test func renamingToItsOwnNameInAnotherCaseIsAllowed() throws {
    let (model, store) = try makeModel()
    try model.renameNotebook(named: "Birds", to: "BIRDS")
    #expect(store.notebooks.first?.name == "BIRDS")
  }

  @Test func renameChecksTheNameAndTheNotebook() throws {
    let (model, _) = try makeModel()
    #expect(throws: NotebooksError.invalidName(.duplicate(existing: "Plants"))) {
      try model.renameNotebook(named: "Birds", to: "plants")
    }
    #expect(throws: NotebooksError.unknownNotebook("Fungi")) {
      try model.renameNotebook(named: "Fungi", to: "Mushrooms")
    }
  }

  // MARK: - Deleting

  @Test func anEmptyNotebookIsDeletedAtOnce() throws {
    let (model, store) = try makeModel()
    model.load()
    try model.createNotebook(named: "Insects")
    let recorder = StateRecorder(model, \.state)

    try model.requestDeletion(ofNotebookNamed: "Insects")

    #expect(recorder.values == [recorder.values[0], .loaded(Self.sampleRows)])
    #expect(store.notebooks.map(\.name) == ["Birds", "Plants"])
  }

  @Test func deletingANotebookWithNotesAsksThenDeletesTheNotesToo() throws {
    let (model, store) = try makeModel()
    model.load()
    let recorder = StateRecorder(model, \.state)

    try model.requestDeletion(ofNotebookNamed: "Birds")
    try model.confirmDeletion(.deleteNotes)

    let request = NotebookDeletionRequest(
      notebookID: SampleData.birds.id, name: "Birds", noteCount: 2)
    let remaining = [
      NotebookRow(
        scope: .allNotes, name: "All Notes", symbolName: "tray.full", noteCount: 2,
        pinnedCount: 0),
      Self.plantsRow, Self.unfiledRow,
    ]
    #expect(
      recorder.values == [
        .loaded(Self.sampleRows), .confirming(request), .loaded(remaining),
      ])
    #expect(store.notes == [SampleData.moss, SampleData.shoppingList])
    #expect(repository.savedLibrary.notes == [SampleData.moss, SampleData.shoppingList])
  }

  @Test func deletingANotebookCanKeepItsNotesInNoNotebook() throws {
    let (model, store) = try makeModel()
    model.load()

    try model.requestDeletion(ofNotebookNamed: "Birds")
    try model.confirmDeletion(.keepNotes)

    let unfiled = NotebookRow(
      scope: .unfiled, name: "No Notebook", symbolName: "tray", noteCount: 3, pinnedCount: 1)
    #expect(model.state == .loaded([Self.allRow, Self.plantsRow, unfiled]))
    #expect(store.notes.count == 4)
  }

  @Test func cancellingTheQuestionDeletesNothing() throws {
    let (model, store) = try makeModel()
    model.load()
    let recorder = StateRecorder(model, \.state)

    try model.requestDeletion(ofNotebookNamed: "Birds")
    model.cancelDeletion()

    #expect(recorder.values.count == 3)
    #expect(model.state == .loaded(Self.sampleRows))
    #expect(store.notebooks.count == 2)
    #expect(throws: NotebooksError.noDeletionPending) { try model.confirmDeletion(.deleteNotes) }
  }

  @Test func aFailedDeletionKeepsEverything() throws {
    let (model, store) = try makeModel()
    model.load()
    try model.requestDeletion(ofNotebookNamed: "Birds")
    repository.failNextCommit(with: .readOnly(path: "/data/notes.sqlite"))

    #expect(throws: NotebooksError.store(.persistence(.readOnly(path: "/data/notes.sqlite")))) {
      try model.confirmDeletion(.deleteNotes)
    }
    #expect(model.state == .loaded(Self.sampleRows))
    #expect(store.notes == SampleData.library.notes)
  }

  @Test func forcedDeletionSkipsTheQuestion() throws {
    let (model, store) = try makeModel()
    model.load()
    let recorder = StateRecorder(model, \.state)

    try model.deleteNotebook(named: "Plants", notes: .keepNotes)

    #expect(recorder.transitions.count == 1)
    #expect(store.notes.first { $0.id == SampleData.moss.id }?.notebookID == nil)
  }

  @Test func deletingAnUnknownNotebookSaysSo() throws {
    let (model, _) = try makeModel()
    #expect(throws: NotebooksError.unknownNotebook("Fungi")) {
      try model.requestDeletion(ofNotebookNamed: "Fungi")
    }
  }

  // MARK: - Selecting and following the store

  @Test func selectingARowYieldsItsScope() throws {
    let (model, _) = try makeModel()
    #expect(model.select(Self.birdsRow) == .notebook(SampleData.birds.id))
    #expect(model.select(Self.unfiledRow) == .unfiled)
  }

  @Test func countsFollowNotesAddedElsewhere() throws {
    let (model, store) = try makeModel()
    model.load()
    let recorder = StateRecorder(model, \.state)

    store.add(Note(title: "Wren", notebookID: SampleData.birds.id, isPinned: true))

    guard case .loaded(let rows, _) = recorder.values.last else {
      Issue.record("expected rows")
      return
    }
    #expect(recorder.values.count == 2)
    #expect(rows[1].noteCount == 3)
    #expect(rows[1].pinnedCount == 2)
    #expect(rows[0].noteCount == 5)
  }

  @Test func everyErrorHasAMessage() {
    let errors: [NotebooksError] = [
      .invalidName(.empty), .invalidName(.containsNewline), .invalidName(.containsControlCharacter),
      .invalidName(.optionWord("--force")), .invalidName(.notAFolder("..")),
      .invalidName(.notAFolder("")),
      .invalidName(.tooLong(length: 61, limit: 60)), .invalidName(.duplicate(existing: "Birds")),
      .unknownNotebook("X"), .store(.persistence(.busy)), .noDeletionPending,
    ]
    #expect(Set(errors.compactMap(\.errorDescription)).count == errors.count)
  }

  // MARK: - Conflicts

  @Test func theUnresolvedConflictsAreCountedUntilResolved() throws {
    var library = SampleData.library
    let copy = Note(
      id: UUID(number: 0xC1), title: "Field kit (conflict)",
      createdAt: SampleData.date(minutes: 31),
      conflictOf: SampleData.shoppingList.id)
    library.notes.append(copy)
    let (model, store) = try makeModel(library)
    let recorder = StateRecorder(model, \.state)

    try store.perform(.deleteNote(copy.id))  // resolved by keeping the original: the copy goes

    var rows = Self.sampleRows
    rows[0].noteCount = 5
    rows[3].noteCount = 2
    #expect(recorder.values == [.loaded(rows, unresolvedConflicts: 1), .loaded(Self.sampleRows)])
  }
}
