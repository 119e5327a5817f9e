import FieldNotesFormats
import FieldNotesModel
import FieldNotesNavigation
import FieldNotesQuery
import FieldNotesServices
import FieldNotesTerminal
import FieldNotesText
import Foundation
import NoteListFeature
import Observation

/// A note list on a terminal in its MV form: no view model.
///
/// The view reads ``FieldNotesServices/NoteStore`` itself and filters in computed properties,
/// and its actions call the store, exactly the seed's MV shape.
///
/// It must print the same bytes as the MVVM form (``NoteListScreen``) for the same store,
/// search, filter and sort; `NoteListEquivalenceTests` proves it over generated stores. It is the
/// one screen that talks to the store: that is the lesson.
@MainActor
public final class NoteListMVScreen: NoteListForming {
  /// Where FieldNotes' screens navigate.
  public typealias Route = FieldNotesNavigation.Route

  /// The MV form.
  static let form = NoteListForm.mv

  /// The view-local state, the terminal's equivalent of the seed's `@State` properties: it
  /// describes this screen, not the user's data.
  @MainActor
  @Observable
  final class ViewState {
    /// The search, filters, order and rows shown.
    var settings: NoteListSettings
    /// Where this list's sync stands: one value, so "refreshing" and "failed" can't both hold.
    var sync = SyncStatus.idle

    init(settings: NoteListSettings) {
      self.settings = settings
    }
  }

  let store: NoteStore
  let scope: NoteScope
  let viewState: ViewState
  /// The session's deleted notes, shared with every screen that can undo.
  let history: DeletionHistory
  let now: DateProvider
  let timeZone: TimeZone
  let preferences: ScreenPreferences
  /// The rows the view last drew, which row numbers stand for.
  private(set) var drawn = DrawnRows()
  /// Why the store could not be read when the view last drew, if it couldn't.
  private var drawnFailure: String?

  /// Shows a list of the store's notes.
  ///
  /// - Parameters:
  ///   - store: The store holding the notes.
  ///   - scope: The notes the list shows.
  ///   - settings: The search, filters, order and rows shown at first.
  ///   - history: The session's deleted notes, shared by every screen that can undo.
  ///   - now: Where row dates are described from.
  ///   - timeZone: The time zone of calendar dates in rows.
  ///   - preferences: The session's choices of how screens are drawn.
  public init(
    store: NoteStore, scope: NoteScope, settings: NoteListSettings, history: DeletionHistory,
    now: DateProvider, timeZone: TimeZone, preferences: ScreenPreferences
  ) {
    self.store = store
    self.scope = scope
    viewState = ViewState(settings: settings)
    self.history = history
    self.now = now
    self.timeZone = timeZone
    self.preferences = preferences
  }

  // MARK: - The view: the store, read directly

  /// The rows the list shows, as the store answers its settings (``NoteListFeature/NoteListPage``),
  /// asked each time it is drawn.
  ///
  /// A read the store fails is thrown: the view draws why, as the MVVM form's failed state does.
  private func page() throws(NoteStoreError) -> NoteListPage {
    try NoteListPage(scope, viewState.settings, in: store)
  }

  /// The list's title.
  public var promptTitle: String? { title }

  /// What `why` reads, the list in the other form once `mode` switched the session's,
  /// records in a script's format, and every row shown for a script's `list`.
  public var capabilities: ScreenCapabilities<Route> {
    listCapabilities(failure: { [unowned self] in drawnFailure })
  }

  /// `NoteListMVScreen`: the MV form has no view type of its own; the screen draws itself.
  public var viewName: String { "NoteListMVScreen" }

  /// Whether the view is the list's records: in a script's format, unless it was last drawn
  /// saying the notes could not be read.
  ///
  /// - Parameter terminal: The terminal, whose format is a script's.
  /// - Returns: Whether the view is records.
  public func drawsRecords(in terminal: TerminalContext) -> Bool {
    drawnFailure == nil && terminal.format.isForScripts
  }

  /// The list, drawn from the store and the view-local state; the rows it draws are kept, for
  /// the row numbers typed next.
  ///
  /// A read the store fails is drawn as the MVVM form draws its failed state: why, and `retry`;
  /// the next drawing reads the store again.
  ///
  /// - Parameter terminal: The terminal's width and style.
  /// - Returns: The lines to print.
  public func render(in terminal: TerminalContext) -> [String] {
    do throws(NoteStoreError) {
      let lines = try renderRows(in: terminal)
      drawnFailure = nil
      return lines
    } catch {
      let message = NoteListLayout.failureMessage(error)
      drawn = DrawnRows()
      drawnFailure = message
      return NoteListLayout.failedLines(title: title, message: message)
    }
  }

  /// The list's rows, or its records, drawn from what the store answers.
  private func renderRows(in terminal: TerminalContext) throws(NoteStoreError) -> [String] {
    let page = try page()
    let shown = page.notes
    let emptyMessage =
      page.total == 0
      ? NoteListLayout.emptyMessage(hasNotes: try store.noteCount(in: scope) > 0) : nil
    let notebooks = try store.savedNotebooks()
    drawn.draw(
      shown.map { .init(id: $0.id, title: $0.title) }, above: page.above,
      hiddenCount: page.hiddenCount, endingAt: page.end)
    let notebook = { (note: Note) in notebooks.first { $0.id == note.notebookID }?.name }
    // The view reads each row's short id of the store as it draws, and names the notebook
    // unless the list is one notebook's.
    let shortIDs = try NoteIDs(store: store).shortIDs(of: shown.map(\.id))
    if terminal.format != .text {
      return NoteListLayout.recordLines(
        title: title,
        records: Array(zip(shown.map { NoteRecord($0, notebook: notebook($0)) }, shortIDs)),
        above: page.above, format: terminal.format)
    }
    let idColumns = shortIDs.map(\.description.count).max() ?? 0
    let namesNotebook = if case .notebook = scope { false } else { true }
    let date = now()
    let matches = SearchMatches(settings.search.query.highlightedTerms)
    let rowLines = shown.enumerated().map { index, note in
      NoteRowView.lines(
        number: page.above + index + 1, shortID: shortIDs[index], idColumns: idColumns,
        title: note.title,
        notebook: namesNotebook ? notebook(note) : nil,
        excerpt: note.excerpt(showing: matches, maximumLength: Note.wideExcerptLength),
        tags: note.tags, isPinned: note.isPinned,
        date: settings.sortOrder.shownDate(of: note).relativeDescription(
          to: date, timeZone: timeZone),
        highlighting: matches, in: terminal)
    }
    return NoteListLayout.lines(
      title: title, settings: settings, rowLines: rowLines, above: page.above,
      hiddenCount: page.hiddenCount, emptyMessage: emptyMessage,
      syncLine: NoteListLayout.syncLine(viewState.sync))
  }

  /// What the MV form shows instead of a view model's state.
  public var stateLine: String {
    "The MV note list has no view model: it shows a NoteStore page "
      + "(\((try? store.noteCount(in: .allNotes)).map { "\($0)" } ?? "unread") notes in the "
      + "store) "
      + "through view-local state (search \"\(viewState.settings.searchText.terminalSafe)\", "
      + "sort \(viewState.settings.sortOrder.rawValue))."
  }

  /// Syncs through the store, keeping the sync's progress in view-local state.
  ///
  /// - Returns: Why it failed, or `nil`.
  public func showSync() async -> String? {
    let previous = viewState.sync
    viewState.sync = .refreshing
    viewState.sync = await .after(syncingFrom: previous) { try await store.refresh() }
    return viewState.sync.failure
  }

  /// In a note list.
  public static let helpHeading = NoteListScreen.helpHeading
  /// How to open a note list.
  public static let directions = NoteListScreen.directions
  /// The commands of a note list: the same words as the MVVM form's.
  public static let commands = noteListCommands

  // MARK: - The actions: the store, called directly

  var settings: NoteListSettings {
    get { viewState.settings }
    set { viewState.settings = newValue }
  }

  var notebookNames: [String] { store.notebooks.map(\.name) }

  var knownTags: [String] { (try? store.summary.tagCounts.keys.sorted()) ?? [] }

  var notebookTitle: String? {
    if case .notebook(let id) = scope { store.notebooks.first { $0.id == id }?.name } else { nil }
  }

  func nextPage() throws(ScreenError) -> (above: Int, after: NoteListPosition?) {
    try ScreenError.carrying { () throws(NoteStoreError) in
      try NoteListPage.nextPage(
        after: drawn.page, drawnBelow: drawn.pageFirstNumber - 1, endingAt: drawn.pageEnd, scope,
        viewState.settings, in: store)
    }
  }

  func setPinned(_ id: Note.ID, _ isPinned: Bool) throws(ScreenError) -> Bool {
    try ScreenError.carrying { () throws(NoteStoreError) in try store.setPinned(id, isPinned) }
  }

  func move(_ id: Note.ID, toNotebookNamed name: String) throws(ScreenError) -> Notebook? {
    let (destination, found) = try ScreenError.carrying { () throws(NoteStoreError) in
      (try store.savedNotebooks().destination(named: name), try store.note(withID: id))
    }
    guard let note = found else { throw .failed(NoteStoreError.noteNotFound(id)) }
    if let destination {
      // The seed's own call: a failure is left in `lastError` rather than thrown.
      store.move(note, to: destination)
      if let error = store.lastError { throw .failed(error) }
    } else {
      // Out of every notebook, which the seed's `move(_:to:)` can't say.
      try ScreenError.carrying { () throws(NoteStoreError) in
        try store.perform(.moveNote(id, to: nil))
      }
    }
    return destination
  }

  func delete(_ id: Note.ID) throws(ScreenError) {
    try ScreenError.carrying { () throws(NoteStoreError) in try history.delete(id, from: store) }
  }

  func undoDelete() throws(ScreenError) -> Note {
    let restored = try ScreenError.carrying { () throws(NoteStoreError) in
      try history.restoreLast(to: store)
    }
    // The same words as the MVVM form's, so both forms print the same bytes.
    guard let restored else { throw .failed(NoteListError.nothingToUndo) }
    return restored
  }

  /// The view parses the search itself, against the store's notebooks: in MV the view builds
  /// the list's question.
  func search(for text: String) throws(ScreenError) {
    try? store.reload()
    let notebooks = try ScreenError.carrying { () throws(NoteStoreError) in
      try store.savedNotebooks()
    }
    let context = NoteQuery.Context(notebooks: notebooks, now: now(), timeZone: timeZone)
    let search: NoteSearch
    do { search = try NoteSearch(parsing: text, in: context) } catch { throw refusal(of: error) }
    let changed = NoteListSettingsChange.search(search).applied(to: viewState.settings)
    if changed != viewState.settings { viewState.settings = changed }
  }

  /// The MV form reads the store as it is; reading it again is all a retry can do.
  func retry() throws(ScreenError) {
    try ScreenError.carrying { () throws(NoteStoreError) in try store.reload() }
  }

  func note(namedByID typed: String) throws(NoteIDError) -> Note {
    try NoteIDs(store: store).note(named: typed)
  }
}

extension NoteListMVScreen {
  /// What the MV view reads, for `why`: the store's page (its notes named, and kept in full),
  /// its own view-local settings and sync, and the store's notebooks, which name each note's.
  ///
  /// - Parameter terminal: The terminal it is drawn for; every format names notebooks.
  /// - Returns: The values.
  public func drawnFrom(in terminal: TerminalContext) -> [DrawnValue] {
    let page: ShownPage
    do throws(NoteStoreError) {
      let read = try self.page()
      page = ShownPage(notes: read.notes, hiddenCount: read.hiddenCount)
    } catch {
      page = ShownPage(notes: [], hiddenCount: 0, failure: NoteListLayout.failureMessage(error))
    }
    return [
      DrawnValue("the store's page", page) { page in
        page.failure.map { "failed(\"\($0.terminalSafe)\")" }
          ?? NoteListLayout.rowNames(
            page.notes.map { ($0.title, $0.isPinned) }, more: page.hiddenCount)
      },
      NoteListLayout.settingsValue("the view's own settings", viewState.settings),
      DrawnValue("the view's own sync", viewState.sync),
      DrawnValue("the list's title", title),
      DrawnValue.clock(now(), timeZone: timeZone),
      DrawnValue("the store's notebooks", store.notebooks.map(\.name)),
    ]
  }

  /// The notes the store's page gave the view, and how many the list holds; or why the store
  /// could not be read.
  struct ShownPage: Equatable {
    /// The notes shown.
    var notes: [Note]
    /// How many rows the list holds below them.
    var hiddenCount: Int
    /// Why the store could not be read, if it couldn't.
    var failure: String?
  }
}
