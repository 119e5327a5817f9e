import ComposerScreen
import FieldNotesModel
import FieldNotesServices
import Foundation
import NoteListFeature
import Observation

/// Which form of the note list is on screen.
public enum NoteListMode: String, Sendable {
  /// The view reads the store and filters in computed properties (no view model).
  case mv
  /// The view renders ``NoteListFeature/NoteListViewModel``'s state.
  case mvvm
}

/// A screen on the router's stack, with the models it owns.
@MainActor
enum Screen {
  case notebooks
  case noteList(NoteListScreen)
  case noteDetail(NoteDetailScreen)
  case composer(ComposerScreen)
}

/// A note list on screen: both forms of it, and the rows as last shown.
@MainActor
final class NoteListScreen {
  let scope: NoteScope
  let viewModel: NoteListViewModel
  let viewState = NoteListViewState()
  /// The notes behind the row numbers as last drawn.
  var rowIDs: [Note.ID] = []

  init(scope: NoteScope, dependencies: AppDependencies) {
    self.scope = scope
    viewModel = NoteListViewModel(
      store: dependencies.store, scope: scope, now: dependencies.now,
      timeZone: dependencies.timeZone)
    viewModel.load()
  }

  func mvView(_ dependencies: AppDependencies) -> NoteListMVView {
    NoteListMVView(
      store: dependencies.store, scope: scope, state: viewState, now: dependencies.now,
      timeZone: dependencies.timeZone)
  }

  /// The search, filters and sort of the given form.
  func settings(in mode: NoteListMode) -> NoteListLayout.Settings {
    switch mode {
    case .mvvm:
      NoteListLayout.Settings(
        searchText: viewModel.searchText, tag: viewModel.tag,
        showsPinnedOnly: viewModel.showsPinnedOnly, sortOrder: viewModel.sortOrder)
    case .mv:
      NoteListLayout.Settings(
        searchText: viewState.searchText, tag: viewState.tag,
        showsPinnedOnly: viewState.showsPinnedOnly, sortOrder: viewState.sortOrder)
    }
  }

  /// Applies search, filters and sort to the given form (only what differs, so an unchanged
  /// setting redraws nothing).
  func apply(_ settings: NoteListLayout.Settings, in mode: NoteListMode) {
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
