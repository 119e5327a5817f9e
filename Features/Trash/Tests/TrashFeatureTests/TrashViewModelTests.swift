import FieldNotesModel
import FieldNotesServices
import FieldNotesTesting
import Foundation
import Testing
import TrashFeature

/// The trash's view model, state by state, against a trash in memory.
///
/// What it shows, what a restore and emptying (asked, then answered) do, and what it refuses.
/// It knows the notes only through its client, so each test sets the trash it means and reads
/// what was done to it.
@MainActor
@Suite struct TrashViewModelTests {
  static let moss = TrashedNote(
    note: SampleData.moss, trashedAt: SampleData.date(minutes: 101), notebookName: "Plants")
  static let kit = TrashedNote(
    note: SampleData.shoppingList, trashedAt: SampleData.date(minutes: 100), notebookName: nil)

  let client = InMemoryTrashClient(
    trashedNotes: [Self.moss, Self.kit], notebooks: [SampleData.plants])
  let history = DeletionHistory()

  @Test func aRestoreLeavesTheListAndSaysWhereTheNoteWent() throws {
    let model = TrashViewModel(client: client, history: history)
    let recorder = StateRecorder(model, \.state)

    let restored = try model.restore(at: 1)

    #expect(recorder.values == [.loaded([Self.moss, Self.kit]), .loaded([Self.kit])])
    #expect(restored == SampleData.moss && client.restored == [SampleData.moss])
    #expect(model.notebookName(of: restored) == "Plants")
  }

  /// A note shown in full is a state of its own, which closing leaves for the list; a note
  /// restored elsewhere while shown leaves it too, since it is no longer in the trash.
  @Test func aNoteIsShownInFullUntilClosedOrGoneFromTheTrash() throws {
    let model = TrashViewModel(client: client, history: history)
    let recorder = StateRecorder(model, \.state)

    try model.show(at: 2)
    #expect(model.closeNote())
    #expect(!model.closeNote(), "nothing left to close")
    try model.show(at: 1)
    client.trashedNotes.removeFirst()  // restored by another process

    #expect(
      recorder.values == [
        .loaded([Self.moss, Self.kit]), .showing(Self.kit, attachments: []),
        .loaded([Self.moss, Self.kit]),
        .showing(Self.moss, attachments: []), .loaded([Self.kit]),
      ])
    #expect(throws: TrashError.noRow(3, count: 1)) { try model.show(at: 3) }
  }

  /// A trashed note shown in full lists the files kept with it, read from the client: they
  /// come back with a restore and go with the note when the trash is emptied.
  @Test func aNoteShownInFullListsTheFilesKeptWithIt() throws {
    let photo = NoteAttachment.Entry(name: "img/moss.jpg", size: 2_048)
    client.attachments[Self.moss.id] = [photo]
    let model = TrashViewModel(client: client, history: history)
    try model.show(at: 1)
    #expect(model.state == .showing(Self.moss, attachments: [photo]))
    try model.show(at: 2)
    #expect(model.state == .showing(Self.kit, attachments: []))
  }

  /// Once the shown note is restored, `back` has no page to close and leaves; looking at a
  /// note withdraws a question about the whole trash.
  @Test func aRestoredNoteLeavesNoPageBehindAndShowingWithdrawsTheQuestion() throws {
    let model = TrashViewModel(client: client, history: history)
    try model.show(at: 1)
    try model.restore(at: 1)
    #expect(model.state == .loaded([Self.kit]))
    #expect(!model.closeNote(), "no page is left to close")
    try model.askToEmpty()
    try model.show(at: 1)
    #expect(model.state == .showing(Self.kit, attachments: []))
    #expect(throws: TrashError.nothingAsked) { try model.confirmEmpty() }
  }

  @Test func aNoteWhoseNotebookIsGoneComesBackInNoNotebook() throws {
    client.notebooks = []
    let model = TrashViewModel(client: client, history: history)
    let restored = try model.restore(at: 1)
    #expect(restored.notebookID == nil && model.notebookName(of: restored) == nil)
  }

  @Test func emptyingIsAskedAndDeletesOnlyWhatWasAskedAboutAfterYes() throws {
    let model = TrashViewModel(client: client, history: history)
    let recorder = StateRecorder(model, \.state)

    try model.askToEmpty()
    try model.cancelEmpty()
    try model.askToEmpty()
    let later = TrashedNote(
      note: SampleData.kingfisher, trashedAt: SampleData.date(minutes: 102), notebookName: nil)
    client.trashedNotes.insert(later, at: 0)  // deleted after the question, elsewhere
    let deleted = try model.confirmEmpty()

    let asked = [Self.moss, Self.kit]
    #expect(
      recorder.values == [
        .loaded(asked), .confirmingEmpty(asked), .loaded(asked), .confirmingEmpty(asked),
        .loaded([later]),
      ])
    #expect(deleted == 2 && client.refreshes == 1, "read again before counting")
  }

  @Test func whatCantBeDoneIsRefusedAndChangesNothing() throws {
    let model = TrashViewModel(client: InMemoryTrashClient(), history: history)
    #expect(throws: TrashError.alreadyEmpty) { try model.askToEmpty() }
    #expect(throws: TrashError.nothingAsked) { try model.confirmEmpty() }
    #expect(throws: TrashError.nothingAsked) { try model.cancelEmpty() }
    #expect(throws: TrashError.noRow(1, count: 0)) { try model.restore(at: 1) }
    #expect(model.state == .empty)
  }

  /// A client that fails every use: questions answered without data touch none of it, and a
  /// step that does is reported by name.
  @Test func answeringAQuestionTouchesNoDataAndARestoreIsReported() throws {
    var used: [String] = []
    let model = TrashViewModel(
      client: UnimplementedTrashClient { used.append($0) }, history: history)

    #expect(throws: TrashError.nothingAsked) { try model.cancelEmpty() }
    model.withdrawQuestion()
    #expect(used.isEmpty)

    #expect(throws: TrashError.noRow(1, count: 0)) { try model.restore(at: 1) }
    #expect(used == ["TrashClient.trashedNotes"])
  }
}
