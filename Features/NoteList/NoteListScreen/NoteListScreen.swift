import FieldNotesModel
import FieldNotesNavigation
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
/// The MVVM form draws ``NoteListFeature``'s view model's state; the MV form's view reads the
/// store itself. Each call says which form it is for; both print the same bytes for the same
/// settings.
///
/// This is the only module of the app that imports `NoteListFeature`; the REPL knows the list
/// through this class alone. The form on screen is the ``NoteListPresentation``'s, shared by
/// every list.
@MainActor
public final class NoteListScreen: TerminalScreen {
  /// Where FieldNotes' screens navigate.
  public typealias Route = FieldNotesNavigation.Route

  /// What a list shows besides its rows: the search, the filters and the order.
  public struct Settings: Equatable, Sendable {
    /// Text every note shown contains, in its title, body or tags; empty for no search.
    public var searchText: String
    /// The tag every note shown has, or `nil` for any.
    public var tag: String?
    /// Whether only pinned notes are shown.
    public var showsPinnedOnly: Bool
    /// Whether only notes without tags are shown.
    public var showsUntaggedOnly: Bool
    /// The order of the rows (pinned notes first in every order).
    public var sortOrder: NoteSortOrder
    /// How many rows are shown at most: ``NoteListScreen/rowLimit`` at first, more after `more`.
    public var shownRowCount: Int

    /// Creates settings.
    ///
    /// - Parameters:
    ///   - searchText: Text every note shown contains; empty for no search.
    ///   - tag: The tag every note shown has, or `nil`.
    ///   - showsPinnedOnly: Whether only pinned notes are shown.
    ///   - showsUntaggedOnly: Whether only notes without tags are shown.
    ///   - sortOrder: The order of the rows.
    ///   - shownRowCount: How many rows are shown at most; ``NoteListScreen/rowLimit`` by default.
    public init(
      searchText: String = "", tag: String? = nil, showsPinnedOnly: Bool = false,
      showsUntaggedOnly: Bool = false, sortOrder: NoteSortOrder = .newest,
      shownRowCount: Int = NoteListScreen.rowLimit
    ) {
      self.searchText = searchText
      self.tag = tag
      self.showsPinnedOnly = showsPinnedOnly
      self.showsUntaggedOnly = showsUntaggedOnly
      self.sortOrder = sortOrder
      self.shownRowCount = shownRowCount
    }
  }

  /// Something a note list does to a note.
  public enum Action: Equatable, Sendable {
    /// Flips a note's pin.
    case togglePin(Note.ID)
    /// `pin N` (`true`) or `unpin N` (`false`): nothing changes when the note already is so.
    case setPinned(Note.ID, Bool)
    /// `move N to NOTEBOOK|none`.
    case move(Note.ID, to: Notebook.ID?)
    /// `delete N`, remembered for `undo`.
    case delete(Note.ID)
    /// `undo`: restores the last note deleted from this list.
    case undoDelete
  }

  /// The rows a list shows at most; the rest are counted.
  public nonisolated static let rowLimit = NoteListViewModel.rowLimit

  /// The notes this list shows: all, a notebook's, or those in no notebook.
  public let scope: NoteScope
  /// The notes behind the row numbers as last drawn, in either form.
  public private(set) var rowIDs: [Note.ID] = []
  /// How many rows the list had beyond those last drawn.
  public private(set) var hiddenRowCount = 0

  /// The MVVM form's view model, made (and loaded) the first time that form needs it: a list
  /// that stays in the MV form never has one.
  private(set) lazy var viewModel: NoteListViewModel = {
    let model = NoteListViewModel(
      store: store, scope: scope, now: now, timeZone: timeZone, history: history)
    model.load()
    return model
  }()
  private let viewState = NoteListViewState()
  let store: NoteStore
  private let now: DateProvider
  private let timeZone: TimeZone
  private let history: DeletionHistory
  /// Which form is on screen, shared by every list.
  let presentation: NoteListPresentation

  /// Opens a list and reads the store.
  ///
  /// - Parameters:
  ///   - scope: The notes the list shows.
  ///   - store: The store holding them.
  ///   - now: Where row dates are described from.
  ///   - timeZone: The time zone of calendar dates in rows.
  ///   - history: The session's deleted notes, shared by every screen that can undo; one of its
  ///     own by default.
  ///   - presentation: Which form is on screen, shared by every list; the MVVM form by default.
  public init(
    scope: NoteScope, store: NoteStore, now: DateProvider, timeZone: TimeZone,
    history: DeletionHistory = DeletionHistory(),
    presentation: NoteListPresentation = NoteListPresentation()
  ) {
    self.scope = scope
    self.store = store
    self.now = now
    self.timeZone = timeZone
    self.history = history
    self.presentation = presentation
    if presentation.mode == .mvvm { _ = viewModel }
    presentation.register(self)
  }

  private var mvView: NoteListMVView {
    NoteListMVView(
      store: store, scope: scope, state: viewState, history: history, now: now,
      timeZone: timeZone)
  }

  /// The form on screen.
  public var mode: NoteListMode { presentation.mode }

  /// The list's heading: the notebook's name, All Notes, No Notebook, or Tagged #tag.
  public var title: String {
    switch scope {
    case .allNotes: NoteScope.allNotesName
    case .unfiled: NoteScope.unfiledName
    case .notebook(let id): store.notebook(withID: id)?.name ?? "(deleted notebook)"
    case .tagged(let tag): "Tagged #" + tag
    }
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
        showsPinnedOnly: viewModel.showsPinnedOnly,
        showsUntaggedOnly: viewModel.showsUntaggedOnly, sortOrder: viewModel.sortOrder,
        shownRowCount: viewModel.shownRowCount)
    case .mv:
      Settings(
        searchText: viewState.searchText, tag: viewState.tag,
        showsPinnedOnly: viewState.showsPinnedOnly,
        showsUntaggedOnly: viewState.showsUntaggedOnly, sortOrder: viewState.sortOrder,
        shownRowCount: viewState.shownRowCount)
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
      if viewModel.showsUntaggedOnly != settings.showsUntaggedOnly {
        viewModel.showsUntaggedOnly = settings.showsUntaggedOnly
      }
      if viewModel.sortOrder != settings.sortOrder { viewModel.sortOrder = settings.sortOrder }
      if viewModel.shownRowCount != settings.shownRowCount {
        viewModel.shownRowCount = settings.shownRowCount
      }
    case .mv:
      if viewState.searchText != settings.searchText { viewState.searchText = settings.searchText }
      if viewState.tag != settings.tag { viewState.tag = settings.tag }
      if viewState.showsPinnedOnly != settings.showsPinnedOnly {
        viewState.showsPinnedOnly = settings.showsPinnedOnly
      }
      if viewState.showsUntaggedOnly != settings.showsUntaggedOnly {
        viewState.showsUntaggedOnly = settings.showsUntaggedOnly
      }
      if viewState.sortOrder != settings.sortOrder { viewState.sortOrder = settings.sortOrder }
      if viewState.shownRowCount != settings.shownRowCount {
        viewState.shownRowCount = settings.shownRowCount
      }
    }
  }

  // MARK: - Drawing

  /// The list in one form; the rows drawn are remembered in ``rowIDs``.
  ///
  /// - Parameters:
  ///   - title: The heading: the notebook's name, All Notes, No Notebook, or Tagged #tag.
  ///   - mode: The form.
  /// - Returns: The lines to print.
  public func render(title: String, in mode: NoteListMode) -> [String] {
    let rendered =
      switch mode {
      case .mvvm: NoteListView.render(viewModel, title: title)
      case .mv: mvView.render(title: title)
      }
    rowIDs = rendered.rowIDs
    hiddenRowCount = rendered.hiddenCount
    return rendered.lines
  }

  /// The view model's state in brief, such as `loaded(3 rows)`, for `state`; the MV form has no
  /// view model.
  public var stateDescription: String { Self.describe(viewModel.state) }

  static func describe(_ state: NoteListViewModel.State) -> String {
    switch state {
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
  /// - Returns: Whether anything changed (`false` for a note already pinned or unpinned as
  ///   asked).
  /// - Throws: ``NoteListScreenError/refused(_:)`` saying why; nothing changed then.
  @discardableResult
  public func perform(_ action: Action, in mode: NoteListMode) throws(NoteListScreenError) -> Bool {
    switch mode {
    case .mvvm:
      do throws(NoteListError) {
        switch action {
        case .togglePin(let id): try viewModel.togglePin(id)
        case .setPinned(let id, let isPinned): return try viewModel.setPinned(id, isPinned)
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
        case .setPinned(let id, let isPinned): return try view.setPinned(id, isPinned)
        case .move(let id, let notebookID): try view.move(id, to: notebookID)
        case .delete(let id): try view.delete(id)
        case .undoDelete: try view.undoDelete()
        }
      } catch {
        switch error {
        case .store(let error):
          throw .refused(error.errorDescription ?? "The change was not saved.")
        case .nothingToUndo:
          // The same words as the MVVM form's, so both forms print the same bytes.
          throw .refused("There is nothing to undo.")
        }
      }
    }
    return true
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
