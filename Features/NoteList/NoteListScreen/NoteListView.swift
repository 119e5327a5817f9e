import FieldNotesModel
import FieldNotesQuery
import FieldNotesTerminal
import FieldNotesText
import NoteListFeature

/// The MVVM form of the note list: a function of ``NoteListFeature/NoteListViewModel``'s state
/// and of the list's settings.
///
/// All screen logic (filtering, sorting, row values, sync status) is in the view model; this
/// view only lays out what the state says.
@MainActor
enum NoteListView {
  static func render(
    _ state: NoteListViewModel.State, settings: NoteListSettings, title: String,
    in terminal: TerminalContext
  ) -> [String] {
    switch state {
    case .failed(let message):
      return NoteListLayout.failedLines(title: title, message: message)
    case _ where terminal.format != .text:
      let (rows, above) =
        if case .loaded(let rows, _, let above, _) = state { (rows, above) } else { ([], 0) }
      return NoteListLayout.recordLines(
        title: title, records: rows.map { ($0.record, $0.shortID) }, above: above,
        format: terminal.format)
    case .empty(let reason, let sync):
      return NoteListLayout.lines(
        title: title, settings: settings, rowLines: [],
        emptyMessage: NoteListLayout.emptyMessage(hasNotes: reason == .noMatches),
        syncLine: NoteListLayout.syncLine(sync))
    case .loaded(let rows, let sync, let above, let hiddenCount):
      let matches = SearchMatches(settings.search.query.highlightedTerms)
      let idColumns = rows.map(\.shortID.description.count).max() ?? 0
      let rowLines = rows.enumerated().map { index, row in
        NoteRowView.lines(
          number: above + index + 1, shortID: row.shortID, idColumns: idColumns, title: row.title,
          notebook: row.notebook, excerpt: row.excerpt, tags: row.tags, isPinned: row.isPinned,
          date: row.date, highlighting: matches, in: terminal)
      }
      return NoteListLayout.lines(
        title: title, settings: settings, rowLines: rowLines, above: above,
        hiddenCount: hiddenCount, emptyMessage: nil, syncLine: NoteListLayout.syncLine(sync))
    }
  }
}
