import FieldNotesModel
import FieldNotesQuery
import FieldNotesServices
import FieldNotesTerminal
import NoteListFeature

/// The layout of a note list screen, shared by its MV and MVVM forms so that both print the
/// same bytes for the same data: a heading, the active filters, the rows or why there are none
/// (after `more`, the rows it shows, numbered on), and the sync status.
@MainActor
enum NoteListLayout {
  /// The first rows of a list by title, a pinned one marked `*`, as `why` compares them in
  /// either form: `[*Kingfisher, Heron]`, or `[*Kingfisher, … 198 more]`.
  ///
  /// - Parameters:
  ///   - rows: Each row's title and pin.
  ///   - more: How many rows there are beyond these.
  /// - Returns: The description.
  static func rowNames(_ rows: [(title: String, isPinned: Bool)], more: Int) -> String {
    let named = rows.prefix(20).map { ($0.isPinned ? "*" : "") + $0.title.terminalSafe }
    let left = rows.count - named.count + more
    return "[" + (named + (left > 0 ? ["… \(left) more"] : [])).joined(separator: ", ") + "]"
  }

  static func lines(
    title: String, settings: NoteListSettings, rowLines: [[String]], above: Int = 0,
    hiddenCount: Int = 0, emptyMessage: String?, syncLine: String?
  ) -> [String] {
    let count = above + rowLines.count + hiddenCount
    var lines = [
      "\(title.terminalSafe) · \(count) \(count == 1 ? "note" : "notes") · "
        + settings.sortOrder.listDescription
    ]
    let filters = filters(settings)
    if !filters.isEmpty { lines.append("Showing: " + filters.joined(separator: ", ")) }
    if let emptyMessage {
      lines.append("  \(emptyMessage)")
    } else {
      // After `more`, the rows shown before are not drawn again: the list goes on from where it
      // was cut, numbering on.
      if above > 0 { lines.append("  (rows 1–\(above) are above)") }
      lines += rowLines.flatMap { $0 }
      if hiddenCount > 0 {
        lines.append(
          "  … and \(hiddenCount) more; `more` shows the next \(min(hiddenCount, NoteListSettings.rowLimit)), "
            + "`search`, `tag` or `filter pinned` narrows the list.")
      }
    }
    if let syncLine { lines.append(syncLine) }
    return lines
  }

  /// The search and filters a list shows, as its "Showing:" line names them.
  ///
  /// - Parameter settings: The list's settings.
  /// - Returns: Each active one: `search “heron”`, `tag #birds`, `pinned only`…
  static func filters(_ settings: NoteListSettings) -> [String] {
    var filters: [String] = []
    if !settings.searchText.isEmpty {
      // Curly quotes, since a search may hold straight ones (`"grey heron"`).
      filters.append("search \u{201C}\(settings.searchText.terminalSafe)\u{201D}")
    }
    if let tag = settings.tag { filters.append("tag #\(tag.terminalSafe)") }
    if settings.showsPinnedOnly { filters.append("pinned only") }
    if settings.showsUntaggedOnly { filters.append("untagged only") }
    return filters
  }

  /// A list's settings as `why` reads them in either form: `[tag #birds, pinned only, newest
  /// first, 200 rows]`, the settings in full kept beside it for what that leaves out.
  ///
  /// - Parameters:
  ///   - name: What the form calls them.
  ///   - settings: The list's settings.
  /// - Returns: The settings, read.
  static func settingsValue(_ name: String, _ settings: NoteListSettings) -> DrawnValue {
    DrawnValue(name, settings) { settings in
      let read = filters(settings) + [settings.sortOrder.listDescription]
      let count =
        settings.shownRowCount == NoteListSettings.everyRow
        ? "every row" : "\(settings.shownRowCount) rows"
      let rows =
        settings.firstShownRow == 0 ? count : "\(count) after row \(settings.firstShownRow)"
      return "[" + (read + [rows]).joined(separator: ", ") + "]"
    }
  }

  /// The line under a list that says where its sync stands, in both forms; none when idle.
  static func syncLine(_ status: SyncStatus) -> String? {
    switch status {
    case .idle: nil
    case .refreshing: "Syncing… (the notes shown are the last ones saved)"
    case .failed(let message): "Sync failed: \(message.terminalSafe)"
    }
  }
}

extension NoteListLayout {
  /// What a list shows when the store could not be read: why, and how to try again.
  static func failedLines(title: String, message: String) -> [String] {
    ["\(title.terminalSafe) · \(message.terminalSafe)", "  Type `retry` to read them again."]
  }

  /// What a list says when a read of the store failed without a message of its own.
  static func failureMessage(_ error: NoteStoreError) -> String {
    error.errorDescription ?? "The notes could not be read."
  }

  /// What a list without rows says: that nothing matches, when its notebook (or tag) has notes,
  /// or that there are none yet.
  static func emptyMessage(hasNotes: Bool) -> String {
    hasNotes
      ? "Nothing matches the search or filter." : "No notes here yet. Write one with `new`."
  }
}
