import FieldNotesModel
import FieldNotesTerminal
import NoteListFeature

/// The MVVM form of the note list: a function of ``NoteListFeature/NoteListViewModel``'s state.
///
/// All screen logic (filtering, sorting, row values, sync status) is in the view model; this
/// view only lays out what the state says.
@MainActor
enum NoteListView {
  static func render(_ model: NoteListViewModel, title: String) -> RenderedList {
    let settings = NoteListScreen.Settings(
      searchText: model.searchText, tag: model.tag, showsPinnedOnly: model.showsPinnedOnly,
      showsUntaggedOnly: model.showsUntaggedOnly,
      sortOrder: model.sortOrder, shownRowCount: model.shownRowCount)
    switch model.state {
    case .failed(let message):
      return RenderedList(
        lines: [
          "\(title.terminalSafe) · \(message.terminalSafe)",
          "  Type `retry` to read them again.",
        ],
        rowIDs: [])
    case .empty(let reason, let sync):
      let message =
        switch reason {
        case .noNotes: NoteListLayout.noNotesMessage
        case .noMatches: NoteListLayout.noMatchesMessage
        }
      return RenderedList(
        lines: NoteListLayout.lines(
          title: title, settings: settings, rowLines: [], emptyMessage: message,
          syncLine: syncLine(sync)),
        rowIDs: [])
    case .loaded(let rows, let sync, let hiddenCount):
      let rowLines = rows.enumerated().map { index, row in
        NoteRowView.lines(
          number: index + 1, title: row.title, excerpt: row.excerpt, tags: row.tags,
          isPinned: row.isPinned, date: row.date, highlighting: settings.searchText)
      }
      return RenderedList(
        lines: NoteListLayout.lines(
          title: title, settings: settings, rowLines: rowLines, hiddenCount: hiddenCount,
          emptyMessage: nil, syncLine: syncLine(sync)),
        rowIDs: rows.map(\.id), hiddenCount: hiddenCount)
    }
  }

  private static func syncLine(_ status: SyncStatus) -> String? {
    switch status {
    case .idle: nil
    case .refreshing: NoteListLayout.refreshingLine
    case .failed(let message): NoteListLayout.syncFailedLine(message)
    }
  }
}

/// A rendered list: its lines, which note each row number stands for, and how many rows were
/// left out.
struct RenderedList: Equatable {
  var lines: [String]
  var rowIDs: [Note.ID]
  var hiddenCount = 0
}
