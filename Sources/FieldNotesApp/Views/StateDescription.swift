import FieldNotesTerminal
import NoteListFeature

/// Short descriptions of screen states, for `state` and `trace on`: the enum case and the gist
/// of its values, such as `loaded(3 rows)`.
@MainActor
enum StateDescription {
  static func describe(_ state: NoteListViewModel.State) -> String {
    switch state {
    case .loading: "loading"
    case .loaded(let rows, let sync, let hiddenCount):
      "loaded(\(String(count: rows.count + hiddenCount, noun: "row"))\(describe(sync)))"
    case .empty(let reason, let sync): "empty(\(reason)\(describe(sync)))"
    case .failed(let message): "failed(\"\(message.terminalSafe)\")"
    }
  }

  private static func describe(_ sync: SyncStatus) -> String {
    switch sync {
    case .idle: ""
    case .refreshing: ", refreshing"
    case .failed: ", sync failed"
    }
  }
}
