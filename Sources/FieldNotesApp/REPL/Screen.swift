import ComposerScreen
import FieldNotesModel
import FieldNotesServices
import Foundation
import NoteListScreen
import Observation

/// A screen on the router's stack, with the models it owns.
@MainActor
enum Screen {
  case notebooks
  case noteList(NoteListScreen)
  case noteDetail(NoteDetailScreen)
  case composer(ComposerScreen)
}

/// A note's page, with its summary when one was asked for.
@MainActor
@Observable
final class NoteDetailScreen {
  let noteID: Note.ID
  var summary = SummaryState.none
  @ObservationIgnored var summaryTask: Task<Void, Never>?

  init(noteID: Note.ID) {
    self.noteID = noteID
  }

  /// Asks the summarizer, showing "summarizing…" until it answers.
  func summarize(_ note: Note, with summarizer: any SummaryGenerating) -> Task<Void, Never> {
    summaryTask?.cancel()
    summary = .loading
    let task = Task { @MainActor in
      do {
        let text = try await summarizer.summary(for: note)
        summary = .loaded(text)
      } catch is CancellationError {
        summary = .none
      } catch {
        summary = .failed((error as? any LocalizedError)?.errorDescription ?? "\(error)")
      }
    }
    summaryTask = task
    return task
  }
}
