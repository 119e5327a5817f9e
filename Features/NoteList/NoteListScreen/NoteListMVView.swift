import FieldNotesModel
import FieldNotesServices
import Foundation
import Observation

/// The view-local state of the MV note list, the terminal's equivalent of the seed's `@State`
/// properties: it describes this screen, not the user's data.
@MainActor
@Observable
final class NoteListViewState {
  var searchText = ""
  var showsPinnedOnly = false
  var showsUntaggedOnly = false
  var tag: String?
  var sortOrder = NoteSortOrder.newest
  var shownRowCount = NoteListMVView.rowLimit
  var isRefreshing = false
  var syncError: String?
}

/// The MV form of the note list: it reads ``FieldNotesServices/NoteStore`` directly and filters
/// in computed properties, with no view model, exactly the seed's MV shape.
///
/// It must print the same bytes as the MVVM form (``NoteListView``) for the same store, search,
/// filter and sort; `NoteListEquivalenceTests` (in `NoteListScreenTests`) proves it over generated
/// stores.
@MainActor
struct NoteListMVView {
  let store: NoteStore
  let scope: NoteScope
  let state: NoteListViewState
  /// The session's deleted notes, shared with every screen that can undo.
  let history: DeletionHistory
  let now: DateProvider
  let timeZone: TimeZone

  /// The notes shown, before ordering: the scope, the search, the tag and pinned-only.
  var visibleNotes: [Note] {
    let found = store.notes(in: scope, matching: state.searchText)
    guard state.tag != nil || state.showsPinnedOnly || state.showsUntaggedOnly else {
      return found
    }
    return found.filter(passesFilters)
  }

  /// Whether a note passes the tag, pinned-only and untagged filters.
  private func passesFilters(_ note: Note) -> Bool {
    (state.tag.map { note.tags.contains($0) } ?? true)
      && (!state.showsPinnedOnly || note.isPinned)
      && (!state.showsUntaggedOnly || note.tags.isEmpty)
  }

  /// The rows a list shows at most; the rest are counted.
  static let rowLimit = 200

  private var hasNotesInScope: Bool { store.noteCount(in: scope) > 0 }

  /// The rows shown and how many notes pass the filters: the store's first rows of the list
  /// (or of its search), this view's filters applied, without ordering the rest.
  private var firstRows: (shown: [Note], total: Int) {
    let isFiltered = state.tag != nil || state.showsPinnedOnly || state.showsUntaggedOnly
    let filter: ((Note) -> Bool)? = isFiltered ? { note in passesFilters(note) } : nil
    let page = store.page(
      of: scope, matching: state.searchText, sortedBy: state.sortOrder,
      count: state.shownRowCount, where: filter)
    return (page.notes, page.totalCount)
  }

  func render(title: String) -> RenderedList {
    let (shown, total) = firstRows
    let date = now()
    let settings = NoteListScreen.Settings(
      searchText: state.searchText, tag: state.tag, showsPinnedOnly: state.showsPinnedOnly,
      showsUntaggedOnly: state.showsUntaggedOnly,
      sortOrder: state.sortOrder, shownRowCount: state.shownRowCount)
    let syncLine =
      state.isRefreshing
      ? NoteListLayout.refreshingLine : state.syncError.map(NoteListLayout.syncFailedLine)
    let emptyMessage: String? =
      total == 0
      ? (hasNotesInScope ? NoteListLayout.noMatchesMessage : NoteListLayout.noNotesMessage) : nil
    let rowLines = shown.enumerated().map { index, note in
      NoteRowView.lines(
        number: index + 1, title: note.title,
        excerpt: note.excerpt(maximumLength: Note.wideExcerptLength), tags: note.tags,
        isPinned: note.isPinned,
        date: note.createdAt.relativeDescription(to: date, timeZone: timeZone),
        highlighting: settings.searchText)
    }
    return RenderedList(
      lines: NoteListLayout.lines(
        title: title, settings: settings, rowLines: rowLines,
        hiddenCount: total - shown.count, emptyMessage: emptyMessage,
        syncLine: syncLine),
      rowIDs: shown.map(\.id), hiddenCount: total - shown.count)
  }

  /// Why an action of the MV list did not happen.
  enum ActionError: Error {
    case store(NoteStoreError)
    case nothingToUndo
  }

  /// Pins or unpins a note, straight through the store (the seed's `store.togglePin(note)`).
  func togglePin(_ id: Note.ID) throws(ActionError) {
    do { try store.perform(.togglePin(id)) } catch { throw .store(error) }
  }

  /// Pins or unpins a note unless it already is as asked, straight through the store.
  func setPinned(_ id: Note.ID, _ isPinned: Bool) throws(ActionError) -> Bool {
    do { return try store.setPinned(id, isPinned) } catch { throw .store(error) }
  }

  /// Moves a note, straight through the store.
  func move(_ id: Note.ID, to notebookID: Notebook.ID?) throws(ActionError) {
    do { try store.perform(.moveNote(id, to: notebookID)) } catch { throw .store(error) }
  }

  /// Deletes a note, keeping it in the session's history for undo.
  func delete(_ id: Note.ID) throws(ActionError) {
    do { try history.delete(id, from: store) } catch { throw .store(error) }
  }

  /// Restores the last deleted note exactly (in no notebook if its notebook went meanwhile).
  func undoDelete() throws(ActionError) {
    let restored: Note?
    do { restored = try history.restoreLast(to: store) } catch { throw .store(error) }
    guard restored != nil else { throw .nothingToUndo }
  }

  /// Syncs through the store, keeping the sync's progress in view-local state.
  func refresh() async {
    let previousError = state.syncError
    state.isRefreshing = true
    defer { state.isRefreshing = false }
    do {
      try await store.refresh()
      state.syncError = nil
    } catch is CancellationError {
      state.syncError = previousError
    } catch {
      state.syncError = (error as? any LocalizedError)?.errorDescription ?? "\(error)"
    }
  }
}
