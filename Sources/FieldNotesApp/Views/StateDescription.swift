import ComposerFeature
import FieldNotesTerminal
import NoteListFeature
import NotebooksFeature

/// Short descriptions of screen states, for `state` and `trace on`: the enum case and the gist
/// of its values, such as `loaded(3 rows)`.
@MainActor
enum StateDescription {
  static func describe(_ state: NotebooksViewModel.State) -> String {
    switch state {
    case .loading: "loading"
    case .loaded(let rows): "loaded(\(count(rows.count, "row")))"
    case .empty(let noteCount): "empty(\(count(noteCount, "note")) in no notebook)"
    case .confirmingDeletion(let request):
      "confirmingDeletion(\"\(request.name.terminalSafe)\", \(count(request.noteCount, "note")))"
    case .failed(let message, let canRetry):
      "failed(\"\(message.terminalSafe)\", canRetry: \(canRetry))"
    }
  }

  static func describe(_ state: NoteListViewModel.State) -> String {
    switch state {
    case .loading: "loading"
    case .loaded(let rows, let sync, let hiddenCount):
      "loaded(\(count(rows.count + hiddenCount, "row"))\(describe(sync)))"
    case .empty(let reason, let sync): "empty(\(reason)\(describe(sync)))"
    case .failed(let message): "failed(\"\(message.terminalSafe)\")"
    }
  }

  static func describe(_ state: ComposerViewModel.State) -> String {
    switch state {
    case .editing(let problems):
      problems.isEmpty ? "editing(valid)" : "editing(\(count(problems.count, "problem")))"
    case .confirmingDiscard: "confirmingDiscard"
    case .saving: "saving"
    case .saved: "saved"
    case .discarded: "discarded"
    case .failed(let message): "failed(\"\(message.terminalSafe)\")"
    }
  }

  private static func count(_ number: Int, _ noun: String) -> String {
    NotebooksView.count(number, noun)
  }

  private static func describe(_ sync: SyncStatus) -> String {
    switch sync {
    case .idle: ""
    case .refreshing: ", refreshing"
    case .failed: ", sync failed"
    }
  }
}
