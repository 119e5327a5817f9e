import FieldNotesModel
import FieldNotesServices
import FieldNotesTerminal
import Foundation
import NoteListFeature

/// Which form of the note list is on screen.
public enum NoteListMode: String, Sendable {
  /// The view reads the store and filters in computed properties (no view model).
  case mv
  /// The view renders ``NoteListFeature/NoteListViewModel``'s state.
  case mvvm
}

/// A note list on a terminal, in both its forms.
///
/// The MVVM form draws ``NoteListFeature``'s screen model's state; the MV form's view reads the
/// store itself. Each call says which form it is for; both print the same bytes for the same
/// settings.
///
/// This is the only module of the app that imports `NoteListFeature`; the REPL knows the list
/// through this class alone.
@MainActor
public final class NoteListScreen {
  /// What a list shows besides its rows: the search, the filters and the order.
  public struct Settings: Equatable, Sendable {
    /// Text every note shown contains, in its title, body or tags; empty for no search.
    public var searchText: String
    /// The tag every note shown has, or `nil` for any.
    public var tag: String?
    /// Whether only pinned notes are shown.
    public var showsPinnedOnly: Bool
    /// The order of the rows (pinned notes first in every order).
    public var sortOrder: NoteSortOrder

    /// Creates settings.
    ///
    /// - Parameters:
    ///   - searchText: Text every note shown contains; empty for no search.
    ///   - tag: The tag every note shown has, or `nil`.
    ///   - showsPinnedOnly: Whether only pinned notes are shown.
    ///   - sortOrder: The order of the rows.
    public init(
      searchText: String = "", tag: String? = nil, showsPinnedOnly: Bool = false,
      sortOrder: NoteSortOrder = .newest
    ) {
      self.searchText = searchText
      self.tag = tag
      self.showsPinnedOnly = showsPinnedOnly
      self.sortOrder = sortOrder
    }
  }

  /// Something a note list does to a note.
  public enum Action: Equatable, Sendable {
    /// `pin N` or `unpin N`.
    case togglePin(Note.ID)
    /// `move N to NOTEBOOK|none`.
    case move(Note.ID, to: Notebook.ID?)
    /// `delete N`, remembered for `undo`.
    case delete(Note.ID)
    /// `undo`: restores the last note deleted from this list.
    case undoDelete
  }

  /// The rows a list shows at most; the rest are counted.
  public static let rowLimit = NoteListViewModel.rowLimit

  /// The notes this list shows: all, a notebook's, or those in no notebook.
  public let scope: NoteScope
  /// The notes behind the row numbers as last drawn, in either form.
  public private(set) var rowIDs: [Note.ID] = []

  private let viewModel: NoteListViewModel
  private let viewState = NoteListViewState()
  private let store: NoteStore
  private let now: DateProvider
  private let timeZone: TimeZone

  /// Opens a list and reads the store.
  ///
  /// - Parameters:
  ///   - scope: The notes the list shows.
  ///   - store: The store holding them.
  ///   - now: Where row dates are described from.
  ///   - timeZone: The time zone of calendar dates in rows.
  public init(scope: NoteScope, store: NoteStore, now: DateProvider, timeZone: TimeZone) {
    self.scope = scope
    self.store = store
    self.now = now
    self.timeZone = timeZone
    viewModel = NoteListViewModel(store: store, scope: scope, now: now, timeZone: timeZone)
    viewModel.load()
  }

  private var mvView: NoteListMVView {
    NoteListMVView(store: store, scope: scope, state: viewState, now: now, timeZone: timeZone)
  }

  // MARK: - Settings

  /// The search, filters and order of one form.
  ///
  /// - Parameter mode: The form.
  /// - Returns: Its settings.
  public func settings(in mode: NoteListMode) -> Settings {
    switch mode {
    case .mvvm:
      Settings(
        searchText: viewModel.searchText, tag: viewModel.tag,
        showsPinnedOnly: viewModel.showsPinnedOnly, sortOrder: viewModel.sortOrder)
    case .mv:
      Settings(
        searchText: viewState.searchText, tag: viewState.tag,
        showsPinnedOnly: viewState.showsPinnedOnly, sortOrder: viewState.sortOrder)
    }
  }

  /// Applies search, filters and order to one form; only what differs is set, so an unchanged
  /// setting redraws nothing.
  ///
  /// - Parameters:
  ///   - settings: The settings to show.
  ///   - mode: The form.
  public func apply(_ settings: Settings, in mode: NoteListMode) {
    switch mode {
    case .mvvm:
      if viewModel.searchText != settings.searchText { viewModel.searchText = settings.searchText }
      if viewModel.tag != settings.tag { viewModel.tag = settings.tag }
      if viewModel.showsPinnedOnly != settings.showsPinnedOnly {
        viewModel.showsPinnedOnly = settings.showsPinnedOnly
      }
      if viewModel.sortOrder != settings.sortOrder { viewModel.sortOrder = settings.sortOrder }
    case .mv:
      if viewState.searchText != settings.searchText { viewState.searchText = settings.searchText }
      if viewState.tag != settings.tag { viewState.tag = settings.tag }
      if viewState.showsPinnedOnly != settings.showsPinnedOnly {
        viewState.showsPinnedOnly = settings.showsPinnedOnly
      }
      if viewState.sortOrder != settings.sortOrder { viewState.sortOrder = settings.sortOrder }
    }
  }

  // MARK: - Drawing

  /// The list in one form; the rows drawn are remembered in ``rowIDs``.
  ///
  /// - Parameters:
  ///   - title: The heading: the notebook's name, or All Notes or No Notebook.
  ///   - mode: The form.
  /// - Returns: The lines to print.
  public func render(title: String, in mode: NoteListMode) -> [String] {
    let rendered =
      switch mode {
      case .mvvm: NoteListView.render(viewModel, title: title)
      case .mv: mvView.render(title: title)
      }
    rowIDs = rendered.rowIDs
    return rendered.lines
  }

  /// The screen model's state in brief, such as `loaded(3 rows)`, for `state`; the MV form has no
  /// screen model.
  public var stateDescription: String { Self.describe(viewModel.state) }

  /// Starts printing each transition of the screen model's state (`trace on`).
  ///
  /// - Parameter emit: Prints one transition.
  /// - Returns: The tracer; stop it when the screen goes.
  public func traceState(emit: @escaping (String) -> Void) -> StateTracer {
    StateTracer(
      label: "NoteListViewModel.state", read: { [viewModel] in viewModel.state },
      describe: Self.describe, emit: emit)
  }

  private static func describe(_ state: NoteListViewModel.State) -> String {
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

  // MARK: - Actions

  /// Runs an action the way one form does it: through the view model in the MVVM form, through
  /// the view's own actions on the store in the MV form.
  ///
  /// - Parameters:
  ///   - action: What to do.
  ///   - mode: The form.
  /// - Throws: ``NoteListScreenError/refused(_:)`` saying why; nothing changed then.
  public func perform(_ action: Action, in mode: NoteListMode) throws(NoteListScreenError) {
    switch mode {
    case .mvvm:
      do throws(NoteListError) {
        switch action {
        case .togglePin(let id): try viewModel.togglePin(id)
        case .move(let id, let notebookID): try viewModel.move(id, to: notebookID)
        case .delete(let id): try viewModel.delete(id)
        case .undoDelete: try viewModel.undoDelete()
        }
      } catch {
        throw .refused(error.errorDescription ?? "The note list can't do that now.")
      }
    case .mv:
      let view = mvView
      do throws(NoteListMVView.ActionError) {
        switch action {
        case .togglePin(let id): try view.togglePin(id)
        case .move(let id, let notebookID): try view.move(id, to: notebookID)
        case .delete(let id): try view.delete(id)
        case .undoDelete: try view.undoDelete()
        }
      } catch {
        switch error {
        case .store(let error):
          throw .refused(error.errorDescription ?? "The change was not saved.")
        case .nothingToUndo:
          // The MVVM form's words, so both forms print the same bytes.
          throw .refused(NoteListError.nothingToUndo.errorDescription ?? "")
        }
      }
    }
  }

  /// Syncs in one form, so that form's list shows the sync while it runs.
  ///
  /// - Parameter mode: The form.
  /// - Returns: Why the sync failed, or `nil` when it succeeded or was cancelled.
  public func refresh(in mode: NoteListMode) async -> String? {
    switch mode {
    case .mvvm:
      await viewModel.refresh()
      switch viewModel.state {
      case .loaded(_, .failed(let message), _), .empty(_, .failed(let message)): return message
      default: return nil
      }
    case .mv:
      await mvView.refresh()
      return viewState.syncError
    }
  }
}

/// Why a note list's action did nothing.
public enum NoteListScreenError: Error, Equatable {
  /// The list refused the action, for the reason given; nothing changed.
  case refused(String)
}
