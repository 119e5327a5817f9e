import FieldNotesModel
import FieldNotesServices
import FieldNotesTerminalTesting
import FieldNotesTesting
import Foundation

@testable import FieldNotesApp

/// A session of the app in memory, as the app's tests drive it: a fixed clock, numbered ids,
/// UTC, no sync, no summaries and no editor, printing to a console the test reads.
@MainActor
struct TestSession {
  /// The session, started: its first screen is drawn.
  let session: AppSession
  /// What it printed.
  let console: RecordingConsole
  /// Its store.
  let store: NoteStore

  /// Starts a session over a library.
  ///
  /// - Parameter library: The notes it starts with; none by default.
  init(_ library: NoteLibrary = NoteLibrary()) {
    console = RecordingConsole()
    let dependencies = AppDependencies.inMemory(
      library, syncer: NoOpNoteSyncer(), summarizer: UnavailableSummaryGenerator(),
      now: .fixed(), ids: .incrementing(), timeZone: TimeZone(identifier: "UTC") ?? .current,
      editor: UnavailableTextEditor())
    session = AppSession(dependencies: dependencies, output: console)
    store = dependencies.store
    session.start()
  }
}
