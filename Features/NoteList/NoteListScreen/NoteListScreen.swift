import FieldNotesModel
import FieldNotesNavigation
import FieldNotesQuery
import FieldNotesServices
import FieldNotesTerminal
import Foundation
import NoteListFeature

/// A note list on a terminal in its MVVM form: the view draws ``NoteListFeature``'s view model's
/// state, and every command goes through the view model.
///
/// Its MV twin, ``NoteListMVScreen``, shows the same list from the store directly; `mode`
/// switches every list between them, keeping its settings (one ``NoteListSettings`` value) and
/// the session's undo. This is one of the two modules that import `NoteListFeature`'s types,
/// and the only one whose screen talks to its view model.
@MainActor
public final class NoteListScreen: NoteListForming {
  /// Where FieldNotes' screens navigate.
  public typealias Route = FieldNotesNavigation.Route

  /// How the app makes a note list: in the form the session's preferences name.
  public static let registration = ScreenRegistration<Route, ScreenDependencies>(
    NoteListScreen.self,
    shows: { route -> (NoteScope, NoteListSettings)? in
      guard case .noteList(let scope, var settings) = route else { return nil }
      // A list made anew starts from its first rows: none above them was drawn.
      (settings.firstShownRow, settings.firstShownAfter) = (0, nil)
      return (scope, settings)
    },
    make: { list, dependencies -> any TerminalScreen<Route> in
      switch dependencies.preferences.noteListForm {
      case .mvvm:
        let model = NoteListViewModel(
          store: dependencies.store, scope: list.0, now: dependencies.now,
          timeZone: dependencies.timeZone, history: dependencies.history)
        model.settings = list.1
        model.load()
        return NoteListScreen(model: model, preferences: dependencies.preferences)
      case .mv:
        return NoteListMVScreen(
          store: dependencies.store, scope: list.0, settings: list.1,
          history: dependencies.history, now: dependencies.now, timeZone: dependencies.timeZone,
          preferences: dependencies.preferences)
      }
    })

  /// The MVVM form.
  static let form = NoteListForm.mvvm

  let model: NoteListViewModel
  /// The session's choices of how screens are drawn.
  let preferences: ScreenPreferences
  /// The state, settings and title the list was last drawn from.
  private var lastDrawing: (state: NoteListViewModel.State, NoteListSettings, title: String)?
  /// The rows the list last drew, which row numbers stand for.
  private(set) var drawn = DrawnRows()

  /// Shows a view model's list.
  ///
  /// - Parameters:
  ///   - model: The list's view model, loaded.
  ///   - preferences: The session's choices of how screens are drawn.
  public init(model: NoteListViewModel, preferences: ScreenPreferences) {
    self.model = model
    self.preferences = preferences
  }

  /// The rows a list shows at most; the rest are counted.
  public nonisolated static let rowLimit = NoteListSettings.rowLimit

  // MARK: - TerminalScreen

  /// The list's title.
  public var promptTitle: String? { title }

  /// The view model's state (for `state`, `trace` and, with the settings and the title,
  /// `why`), the list in the other form once `mode` switched the session's, records in a
  /// script's format, and every row shown for a script's `list`.
  public var capabilities: ScreenCapabilities<Route> {
    listCapabilities(
      state: ViewModelState(
        "NoteListViewModel.state", read: { [model] in model.state }, describe: Self.describe,
        describeChange: Self.describeChange, inFull: Self.describeInFull),
      lastDrawnFrom: { [unowned self] in
        lastDrawing.map { Self.drawnValues($0.state, $0.1, title: $0.title) }
      },
      failure: { [unowned self] in
        if case .failed(let message) = lastDrawing?.state { message } else { nil }
      })
  }

  /// `NoteListView`.
  public var viewName: String { "NoteListView" }

  /// The list, drawn from the view model's state, its settings and the list's title, which
  /// the screen keeps: its rows are what row numbers typed next stand for, and the three are
  /// what `why` compares, not read again.
  ///
  /// - Parameter terminal: The terminal's width and style.
  /// - Returns: The lines to print.
  public func render(in terminal: TerminalContext) -> [String] {
    let (state, settings, title) = (model.state, model.settings, title)
    lastDrawing = (state, settings, title)
    if case .loaded(let rows, _, let above, let hiddenCount) = state {
      let end = rows.last.map { row in
        NoteListPosition(
          isPinned: row.isPinned, createdAt: row.record.createdAt,
          updatedAt: row.record.updatedAt, title: row.record.title, id: row.id,
          in: settings.sortOrder)
      }
      drawn.draw(
        rows.map { .init(id: $0.id, title: $0.title) }, above: above, hiddenCount: hiddenCount,
        endingAt: end)
    } else {
      drawn = DrawnRows()
    }
    return NoteListView.render(state, settings: settings, title: title, in: terminal)
  }

  /// Whether the view is the list's records: in a script's format, unless it was last drawn
  /// saying the notes could not be read.
  ///
  /// - Parameter terminal: The terminal, whose format is a script's.
  /// - Returns: Whether the view is records.
  public func drawsRecords(in terminal: TerminalContext) -> Bool {
    if case .failed = lastDrawing?.state { return false }
    return terminal.format.isForScripts
  }

  /// Syncs, so the list's state shows the sync while it runs.
  ///
  /// - Returns: Why it failed, or `nil`.
  public func showSync() async -> String? {
    await model.refresh()
    switch model.state {
    case .loaded(_, let sync, _, _), .empty(_, let sync): return sync.failure
    case .failed: return nil
    }
  }

  /// In a note list.
  public static let helpHeading = "In a note list"
  /// How to open a note list.
  public static let directions = "open a notebook first (`open NAME` or `open all`)"
  /// The commands of a note list.
  public static let commands = noteListCommands

  // MARK: - The list, through its view model

  var scope: NoteScope { model.scope }

  var settings: NoteListSettings {
    get { model.settings }
    set { model.settings = newValue }
  }

  var notebookNames: [String] { model.notebookNames }

  var knownTags: [String] { model.knownTags }

  var notebookTitle: String? { model.notebookName }

  // The view model's error is carried to the line as it is, in the screen's one shape.

  func nextPage() throws(ScreenError) -> (above: Int, after: NoteListPosition?) {
    let (page, above) = (drawn.page, drawn.pageFirstNumber - 1)
    do { return try model.nextPage(after: page, drawnBelow: above, endingAt: drawn.pageEnd) } catch
    {
      throw .failed(error)
    }
  }

  func setPinned(_ id: Note.ID, _ isPinned: Bool) throws(ScreenError) -> Bool {
    do { return try model.setPinned(id, isPinned) } catch { throw .failed(error) }
  }

  func move(_ id: Note.ID, toNotebookNamed name: String) throws(ScreenError) -> Notebook? {
    do { return try model.move(id, toNotebookNamed: name) } catch { throw .failed(error) }
  }

  func delete(_ id: Note.ID) throws(ScreenError) {
    do { try model.delete(id) } catch { throw .failed(error) }
  }

  func undoDelete() throws(ScreenError) -> Note {
    do { return try model.undoDelete() } catch { throw .failed(error) }
  }

  func retry() throws(ScreenError) { model.load() }

  func note(namedByID typed: String) throws(NoteIDError) -> Note {
    try model.note(namedByID: typed)
  }

  /// The view model parses the search: it builds the list's question.
  func search(for text: String) throws(ScreenError) {
    do { try model.search(for: text) } catch {
      if case .invalidSearch(let queryError) = error { throw refusal(of: queryError) }
      throw .failed(error)
    }
  }

  // MARK: - The state in words

  static func describe(_ state: NoteListViewModel.State) -> String {
    switch state {
    case .loaded(let rows, let sync, let above, let hiddenCount):
      "loaded(\(String(count: above + rows.count + hiddenCount, noun: "row"))\(describe(sync)))"
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

  /// The rows that changed between two loaded states with as many rows, by title.
  ///
  /// A row is pinned or unpinned, retitled, retagged, added or gone. When the count changed,
  /// the states' brief descriptions say so already.
  static func describeChange(_ old: NoteListViewModel.State, _ new: NoteListViewModel.State)
    -> String?
  {
    guard case .loaded(let before, _, _, _) = old, case .loaded(let after, _, _, _) = new,
      before.count == after.count
    else { return nil }
    let earlier = Dictionary(before.map { ($0.id, $0) }) { first, _ in first }
    var changes: [String] = []
    for row in after {
      let name = "\u{201C}\(row.title.terminalSafe)\u{201D}"
      guard let oldRow = earlier[row.id] else {
        changes.append("\(name) added")
        continue
      }
      if oldRow.isPinned != row.isPinned {
        changes.append("\(name) \(row.isPinned ? "pinned" : "unpinned")")
      }
      if oldRow.title != row.title {
        changes.append("\u{201C}\(oldRow.title.terminalSafe)\u{201D} retitled \(name)")
      }
      if oldRow.tags != row.tags { changes.append("\(name) tags changed") }
    }
    let shown = Set(after.map(\.id))
    for row in before where !shown.contains(row.id) {
      changes.append("\u{201C}\(row.title.terminalSafe)\u{201D} gone")
    }
    return changes.isEmpty ? nil : changes.joined(separator: ", ")
  }
}

extension NoteListScreen {
  /// What the MVVM view reads, for `why`, read now: the view model's state, its rows named (a
  /// pinned one with `*`) and kept in full, the list's settings and its title.
  ///
  /// - Parameter terminal: The terminal it is drawn for; the state's rows hold what JSON shows.
  /// - Returns: The state, the settings and the title.
  public func drawnFrom(in terminal: TerminalContext) -> [DrawnValue] {
    Self.drawnValues(model.state, model.settings, title: title)
  }

  /// The values the MVVM view is drawn from, named for `why`.
  private static func drawnValues(
    _ state: NoteListViewModel.State, _ settings: NoteListSettings, title: String
  ) -> [DrawnValue] {
    [
      DrawnValue("NoteListViewModel.state", state, text: describeInFull),
      NoteListLayout.settingsValue("NoteListViewModel.settings", settings),
      DrawnValue("the list's title", title),
    ]
  }

  /// A state with the title and pin of each of its first rows.
  static func describeInFull(_ state: NoteListViewModel.State) -> String {
    switch state {
    case .loaded(let rows, let sync, _, let hiddenCount):
      "loaded(\(NoteListLayout.rowNames(rows.map { ($0.title, $0.isPinned) }, more: hiddenCount)), "
        + "sync: \(sync))"
    default: describe(state)
    }
  }
}
