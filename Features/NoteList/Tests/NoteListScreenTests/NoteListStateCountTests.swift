import FieldNotesModel
import FieldNotesNavigation
import FieldNotesQuery
import FieldNotesServices
import FieldNotesTerminal
import FieldNotesTerminalTesting
import FieldNotesTesting
import Foundation
import NoteListFeature
import Testing

@testable import NoteListScreen

/// How many times a line computes the list's state, through the whole shell.
///
/// The shell runs each line as a session does: it reads the line, resolves its row number,
/// names the note, draws what changed and keeps what `why` explains. A drawing computes the
/// state at most once; a line that draws nothing computes none. The view model counts its own
/// computations (``NoteListFeature/NoteListViewModel``'s `stateComputations`), so the count is
/// exact and needs no clock or scheduling.
@MainActor
@Suite struct NoteListStateCountTests {
  /// A shell showing Birds in the MVVM form, composed as the app composes a session: the list's
  /// registration, and a catch-up with what other processes saved after every line.
  @MainActor
  struct Session {
    let shell: CommandShell<Route>
    let model: NoteListViewModel

    init() throws {
      let forms = NoteListForms(
        store: try NoteStore(
          repository: InMemoryNoteRepository(SampleData.library), syncer: NoOpNoteSyncer(),
          now: .fixed()),
        now: .fixed(SampleData.date(minutes: 60)))
      forms.preferences.noteListForm = .mvvm
      shell = CommandShell(
        appName: "fieldnotes", title: "FieldNotes",
        root: .noteList(.notebook(SampleData.birds.id), NoteListSettings()),
        registry: ScreenRegistry([NoteListScreen.registration], dependencies: forms.dependencies),
        isInteractive: false, output: RecordingConsole())
      shell.add(catchingUp: { [store = forms.store] in
        try? store.reload()
        return nil
      })
      shell.start()
      model = try #require(shell.navigator.top as? NoteListScreen).model
    }

    /// How many times the state was computed while a line ran, and how many times the list was
    /// drawn.
    func run(_ line: String) async throws -> (computations: Int, draws: Int) {
      let (computed, drawn) = (model.stateComputations, draws)
      try await shell.run(line)
      return (model.stateComputations - computed, draws - drawn)
    }

    var draws: Int { shell.renderCounts["NoteListView"] ?? 0 }
  }

  @Test func theFirstDrawingComputesTheStateOnce() throws {
    let session = try Session()
    #expect(session.draws == 1)
    #expect(session.model.stateComputations == 1)
  }

  @Test func pinComputesTheStateOnceForItsOneDrawing() async throws {
    let session = try Session()
    let pin = try await session.run("pin 2")
    #expect(pin.draws == 1)
    #expect(pin.computations == 1, "one pin, one drawing, one state")
  }

  @Test func aPlainDrawComputesTheStateAtMostOnce() async throws {
    let session = try Session()
    let list = try await session.run("list")
    #expect(list.draws == 1)
    #expect(list.computations <= 1, "`list` draws the list again; nothing it reads changed")
  }

  @Test func aLineThatDrawsNothingComputesNothing() async throws {
    let session = try Session()
    for line in ["state", "help", "why", "pin 1"] {
      let ran = try await session.run(line)
      #expect(ran.draws == 0, "\(line)")
      #expect(ran.computations == 0, "`\(line)` draws nothing and computes no state")
    }
  }

  @Test func whyAfterAPinComputesNothingMore() async throws {
    let session = try Session()
    _ = try await session.run("pin 2")
    let why = try await session.run("why")
    #expect(why.computations == 0, "the list was drawn from the state `why` reads")
  }
}
