import FieldNotesModel
import FieldNotesQuery
import FieldNotesServices
import FieldNotesText
import Foundation
import Observation

/// The view model of a note list: one notebook's notes (or all notes, or the notes in no
/// notebook), searched, filtered and sorted, with pin, move, delete-and-undo and sync.
///
/// It keeps the seed's filtering API (``init()``, ``searchText``, ``showsPinnedOnly``,
/// ``visibleNotes(from:in:)``) and adds the full screen: ``state`` is derived from the store,
/// computed again whenever what it is computed from changes, so a note saved anywhere in the
/// app shows up with no refresh call.
@MainActor
@Observable
public final class NoteListViewModel {
  /// What the note list shows.
  public enum State: Hashable, Sendable {
    /// The rows shown (at most ``NoteListViewModel/shownRowCount``), where the list's sync
    /// stands, and how many rows there are above them (after `more`) and below them.
    case loaded([NoteRow], sync: SyncStatus, above: Int = 0, hiddenCount: Int = 0)
    /// No rows, why, and where the list's sync stands.
    case empty(NoteListEmptyReason, sync: SyncStatus)
    /// The store could not be read; ``load()`` tries again.
    case failed(message: String)
  }

  /// The search, the filters, the order and how many rows are shown: one value, which the MV
  /// form of the list holds too, so switching form keeps it.
  public var settings = NoteListSettings()

  /// The search text; empty shows every note.
  ///
  /// Setting it searches for the text exactly as it is, one phrase, as the seed's filter does;
  /// ``search(for:)`` reads it as a query (`heron pond`, `tag:birds OR #waders`) instead.
  public var searchText: String {
    get { settings.searchText }
    set { settings.search = NoteSearch(literally: newValue) }
  }
  /// Whether only pinned notes are shown.
  public var showsPinnedOnly: Bool {
    get { settings.showsPinnedOnly }
    set { settings.showsPinnedOnly = newValue }
  }
  /// Whether only notes without tags are shown.
  public var showsUntaggedOnly: Bool {
    get { settings.showsUntaggedOnly }
    set { settings.showsUntaggedOnly = newValue }
  }
  /// The tag a note must carry to be shown, or `nil` for any.
  public var tag: String? {
    get { settings.tag }
    set { settings.tag = newValue }
  }
  /// How the rows are ordered after the pinned ones.
  public var sortOrder: NoteSortOrder {
    get { settings.sortOrder }
    set { settings.sortOrder = newValue }
  }
  /// How many rows the state carries at most: ``rowLimit``, or more for a script's `list`.
  public var shownRowCount: Int {
    get { settings.shownRowCount }
    set { settings.shownRowCount = newValue }
  }

  /// The notes this list shows before search and filters.
  public let scope: NoteScope

  /// The rows the state carries at first, and how many more each `more` shows; a list longer
  /// than what is shown says how many more there are.
  public nonisolated static let rowLimit = NoteListSettings.rowLimit

  /// How many of the list's first rows are above the rows the state carries: none at first,
  /// the rows shown before after each `more`.
  ///
  /// Set, it moves the rows shown by that count of rows, from the list's first, and forgets
  /// the place `more` went on from (``FieldNotesQuery/NoteListSettings/firstShownAfter``).
  public var firstShownRow: Int {
    get { settings.firstShownRow }
    set { (settings.firstShownRow, settings.firstShownAfter) = (newValue, nil) }
  }

  /// Why the last ``load()`` failed, if it did.
  private var loadFailure: String?
  private var syncStatus = SyncStatus.idle
  /// The notes deleted in this session, shared with every screen that can undo.
  @ObservationIgnored private let history: DeletionHistory

  @ObservationIgnored let store: NoteStore
  @ObservationIgnored private let now: DateProvider
  @ObservationIgnored private let timeZone: TimeZone

  /// Creates a filter-only model over an empty in-memory store, as in the seed.
  ///
  /// Use ``visibleNotes(from:in:)`` with notes from anywhere.
  public convenience init() {
    // The filter-only model never describes a date, so the system clock is never read.
    self.init(
      store: NoteStore(), scope: .allNotes, now: .system, timeZone: .current,
      history: DeletionHistory())
  }

  /// Creates the view model of a list.
  ///
  /// - Parameters:
  ///   - store: The store holding the notes.
  ///   - scope: The notes the list shows.
  ///   - now: Where row dates are described from; there is no default, so a test chooses its
  ///     clock rather than falling back on the system's.
  ///   - timeZone: The time zone of calendar dates in rows.
  ///   - history: Where deleted notes are kept for ``undoDelete()``, shared with every screen
  ///     that can undo.
  public init(
    store: NoteStore, scope: NoteScope, now: DateProvider, timeZone: TimeZone,
    history: DeletionHistory
  ) {
    self.store = store
    self.scope = scope
    self.now = now
    self.timeZone = timeZone
    self.history = history
  }

  /// How many times ``state`` has been computed: what a test counts per command.
  @ObservationIgnored package private(set) var stateComputations = 0

  /// The state last computed, what it was computed from, and the moments its dates read true
  /// from and until.
  @ObservationIgnored private var computed:
    (inputs: StateInputs, state: State, from: Date, until: Date?)?

  /// The short ids read since a note was last added or taken away, by note: read once, not at
  /// every change of the store, since a short id names its note alone until then (a pin or an
  /// edit leaves them as they were; anything another process saved does not).
  @ObservationIgnored private var knownShortIDs:
    (noteIDsChangeCount: Int, byNote: [Note.ID: NoteIDPrefix]) = (-1, [:])

  /// What the list shows now.
  ///
  /// It is computed once per change of what it is computed from: the store's answer to the
  /// list's question and its rows' short ids, the notebooks (which name each note's), the
  /// settings, the sync, a failed load; and the clock, once a row's date would read
  /// differently ("5 min ago" becoming "6 min ago") or the clock is set back. Read again with
  /// none of those changed, it is the state computed last. Every read reads all of them, so
  /// Observation tells whoever read it of any change.
  public var state: State {
    let inputs = stateInputs
    let date = now()
    if let computed, computed.inputs == inputs, computed.from <= date,
      computed.until.map({ date < $0 }) ?? true
    {
      return computed.state
    }
    let namesNotebook = if case .notebook = scope { false } else { true }
    let state = inputs.state(now: date, timeZone: timeZone, namesNotebook: namesNotebook)
    computed = (inputs, state, date, inputs.datesChange(after: date))
    stateComputations += 1
    return state
  }

  /// What the state is computed from, read from the store: the first rows of the list (or of
  /// its search, this list's filters applied, without ordering the rest, so a list of a million
  /// notes costs what its rows cost) and their short ids, whether the list holds notes at all,
  /// and the notebooks.
  ///
  /// A read that fails is what the state is computed from then: the list shows
  /// ``State/failed(message:)`` until the store answers again.
  private var stateInputs: StateInputs {
    var inputs = StateInputs(
      shown: [], shortIDs: [], above: 0, total: 0, hidden: 0, hasNotesInScope: false,
      notebooks: [], settings: settings, sync: syncStatus, failure: loadFailure)
    do throws(NoteStoreError) {
      let page = try NoteListPage(scope, settings, in: store)
      inputs.shown = page.notes
      inputs.shortIDs = try shortIDs(of: page.notes)
      (inputs.above, inputs.total, inputs.hidden) = (page.above, page.total, page.hiddenCount)
      inputs.hasNotesInScope = page.total > 0
      if !inputs.hasNotesInScope { inputs.hasNotesInScope = try store.noteCount(in: scope) > 0 }
      inputs.notebooks = try store.savedNotebooks()
    } catch {
      inputs.failure = inputs.failure ?? Self.message(for: error)
    }
    return inputs
  }

  /// The short ids of the notes shown, each read once until a note is added or taken away.
  private func shortIDs(of notes: [Note]) throws(NoteStoreError) -> [NoteIDPrefix] {
    if knownShortIDs.noteIDsChangeCount != store.noteIDsChangeCount {
      knownShortIDs = (store.noteIDsChangeCount, [:])
    }
    let unread = notes.map(\.id).filter { knownShortIDs.byNote[$0] == nil }
    // With every one known, nothing is asked (not even whether the store holds its notes).
    if !unread.isEmpty {
      for (id, shortID) in zip(unread, try NoteIDs(store: store).shortIDs(of: unread)) {
        knownShortIDs.byNote[id] = shortID
      }
    }
    return notes.map { knownShortIDs.byNote[$0.id] ?? NoteIDPrefix(of: $0.id, length: 32) }
  }

  /// What the list says when the store can't be read.
  private static func message(for error: NoteStoreError) -> String {
    error.errorDescription ?? "The notes could not be read."
  }

  /// What the state is computed from: when none of it changed, neither did the state, but for
  /// the clock.
  private struct StateInputs: Equatable {
    var shown: [Note]
    /// The short id of each note shown.
    var shortIDs: [NoteIDPrefix]
    var above: Int
    var total: Int
    /// How many rows are below the ones shown (``NoteListPage/hiddenCount``).
    var hidden: Int
    var hasNotesInScope: Bool
    var notebooks: [Notebook]
    var settings: NoteListSettings
    var sync: SyncStatus
    /// Why the store could not be read: the last ``load()``, or a read of the state.
    var failure: String?

    /// The state these make, its row dates described from a moment, its rows naming their
    /// notes' notebooks or not.
    func state(now: Date, timeZone: TimeZone, namesNotebook: Bool) -> State {
      if let failure { return .failed(message: failure) }
      guard total > 0 else {
        return .empty(hasNotesInScope ? .noMatches : .noNotes, sync: sync)
      }
      let matches = SearchMatches(settings.search.query.highlightedTerms)
      return .loaded(
        zip(shown, shortIDs).map {
          NoteRow(
            note: $0, shortID: $1, now: now, timeZone: timeZone, matches: matches,
            notebooks: notebooks, order: settings.sortOrder, namesNotebook: namesNotebook)
        },
        sync: sync, above: above, hiddenCount: hidden)
    }

    /// The first moment after `now` at which a row's date reads differently; `nil` when none
    /// ever will, or there are no rows.
    func datesChange(after now: Date) -> Date? {
      guard failure == nil else { return nil }
      return shown.compactMap {
        settings.sortOrder.shownDate(of: $0).relativeDescriptionChange(after: now)
      }.min()
    }
  }

  /// The notes the list finds, in order, every one of them (the rows shown among them): the
  /// list's query with no row limit from its first row, answered by the store.
  ///
  /// - Throws: ``NoteListError/store(_:)`` when the store can't be read.
  /// - Complexity: Every note found is read, bodies and all.
  public var visibleNotes: [Note] {
    get throws(NoteListError) {
      var query = NoteListQuery(scope: scope, settings: settings)
      (query.limit, query.after, query.offset) = (.max, nil, 0)
      do { return try store.page(query).notes } catch { throw .store(error) }
    }
  }

  /// Where the page `more` shows next starts: the rows above it and the place it starts after,
  /// the last note of the page drawn where it stands now (see
  /// ``NoteListPage/nextPage(after:drawnBelow:endingAt:_:_:in:)``).
  ///
  /// - Parameters:
  ///   - page: The notes of the page drawn, in order.
  ///   - above: How many rows were above it.
  ///   - end: Where the last of them stood in the list's order when it was drawn.
  /// - Returns: How many rows are above the next page, and the place it starts after.
  /// - Throws: ``NoteListError/store(_:)`` when the store can't be read.
  public func nextPage(
    after page: [Note.ID], drawnBelow above: Int, endingAt end: NoteListPosition?
  ) throws(NoteListError) -> (above: Int, after: NoteListPosition?) {
    do {
      return try NoteListPage.nextPage(
        after: page, drawnBelow: above, endingAt: end, scope, settings, in: store)
    } catch { throw .store(error) }
  }

  /// Searches the list: parses the text as a query (see ``FieldNotesModel/NoteQuery/grammar``)
  /// against the store's notebooks, now and the list's time zone, and shows what it finds.
  ///
  /// The view model builds the query, as it builds the rest of the list's question; the store
  /// answers it.
  ///
  /// - Parameter text: The search as typed; empty or blank clears the search.
  /// - Throws: ``NoteListError/invalidSearch(_:)`` saying where the text goes wrong; the list
  ///   keeps the search it had.
  public func search(for text: String) throws(NoteListError) {
    // The notebooks `in:` names are the store's as they are now, another process's too.
    try? store.reload()
    let notebooks: [Notebook]
    do { notebooks = try store.savedNotebooks() } catch { throw .store(error) }
    let context = NoteQuery.Context(notebooks: notebooks, now: now(), timeZone: timeZone)
    let search: NoteSearch
    do { search = try NoteSearch(parsing: text, in: context) } catch { throw .invalidSearch(error) }
    // The same search again changes nothing, so nothing is drawn again.
    let changed = NoteListSettingsChange.search(search).applied(to: settings)
    if changed != settings { settings = changed }
  }

  /// Whether the last deletion can be undone.
  public var canUndo: Bool { history.lastDeleted != nil }

  // MARK: - The seed's filtering API

  /// Returns the notes of one notebook that pass the pinned-only filter and the search.
  ///
  /// Search matches the title, as in the seed, and also the body and tags, ignoring case and
  /// diacritics; a search made with ``search(for:)`` finds what its query finds.
  ///
  /// - Parameters:
  ///   - notes: The notes to filter.
  ///   - notebookID: The notebook whose notes are kept, or `nil` for notes in no notebook.
  /// - Returns: The matching notes, in their original order.
  public func visibleNotes(from notes: [Note], in notebookID: Notebook.ID?) -> [Note] {
    notes.filter { note in
      note.notebookID == notebookID && (!showsPinnedOnly || note.isPinned)
        && settings.search.query.finds(note)
    }
  }

  // MARK: - Loading and sync

  /// Reads the store again and shows the rows, or why they could not be read.
  ///
  /// Reading is synchronous, so there is no loading state to show: the list goes straight to
  /// its rows or to ``State/failed(message:)``, and loading again is how to retry.
  public func load() {
    do {
      try store.reload()
      loadFailure = nil
    } catch {
      loadFailure = Self.message(for: error)
    }
  }

  /// Syncs, showing the current rows meanwhile.
  ///
  /// A failure keeps the rows and shows why; cancelling (the task running this being cancelled)
  /// returns to exactly where the list was before.
  public func refresh() async {
    let previous = syncStatus
    syncStatus = .refreshing
    syncStatus = await .after(syncingFrom: previous) { try await store.refresh() }
  }

  // MARK: - Actions

  /// Pins or unpins a note.
  ///
  /// - Parameter id: The note.
  /// - Throws: ``NoteListError/store(_:)``; nothing changed then.
  public func togglePin(_ id: Note.ID) throws(NoteListError) {
    try perform(.togglePin(id))
  }

  /// Pins or unpins a note, unless it already is as asked.
  ///
  /// - Parameters:
  ///   - id: The note.
  ///   - isPinned: Whether the note should be pinned.
  /// - Returns: Whether the note changed; `false` when it already was as asked.
  /// - Throws: ``NoteListError/store(_:)``; nothing changed then.
  @discardableResult
  public func setPinned(_ id: Note.ID, _ isPinned: Bool) throws(NoteListError) -> Bool {
    do { return try store.setPinned(id, isPinned) } catch { throw .store(error) }
  }

  /// Moves a note into the notebook a typed name stands for (`none` for no notebook).
  ///
  /// - Parameters:
  ///   - id: The note.
  ///   - name: The notebook's name, ignoring case, or `none`.
  /// - Returns: The destination, or `nil` for no notebook.
  /// - Throws: ``NoteListError/store(_:)``, for no notebook of that name too; nothing changed
  ///   then.
  @discardableResult
  public func move(_ id: Note.ID, toNotebookNamed name: String) throws(NoteListError)
    -> Notebook?
  {
    let destination: Notebook?
    do { destination = try store.savedNotebooks().destination(named: name) } catch {
      throw .store(error)
    }
    try move(id, to: destination?.id)
    return destination
  }

  /// The notebooks' names, for completing a destination: none when the store can't be read
  /// (completing is no place to say so; the state does).
  public var notebookNames: [String] { store.notebooks.map(\.name) }

  /// The name of the notebook the list shows, or `nil` for another scope (or a notebook gone
  /// meanwhile, or the notebooks unread).
  public var notebookName: String? {
    if case .notebook(let id) = scope { store.notebooks.first { $0.id == id }?.name } else { nil }
  }

  /// Every tag some note carries, for completing `tag`: none when the store can't be read.
  public var knownTags: [String] { (try? store.summary.tagCounts.keys.sorted()) ?? [] }

  /// Moves a note into a notebook, or out of every notebook.
  ///
  /// - Parameters:
  ///   - id: The note.
  ///   - notebookID: The destination, or `nil` for no notebook.
  /// - Throws: ``NoteListError/store(_:)``; nothing changed then.
  public func move(_ id: Note.ID, to notebookID: Notebook.ID?) throws(NoteListError) {
    try perform(.moveNote(id, to: notebookID))
  }

  /// Deletes a note, remembering it so that ``undoDelete()`` can restore it exactly.
  ///
  /// - Parameter id: The note.
  /// - Throws: ``NoteListError/store(_:)``; nothing changed then.
  public func delete(_ id: Note.ID) throws(NoteListError) {
    do { try history.delete(id, from: store) } catch { throw .store(error) }
  }

  /// The note an id, or a prefix of it no other note shares, names: in this list or not, since
  /// an id names a note after every redraw, as a row number does only as last shown.
  ///
  /// - Parameter typed: The id as typed.
  /// - Returns: The note.
  /// - Throws: ``FieldNotesServices/NoteIDError``: not an id, no such note, or several (listed).
  public func note(namedByID typed: String) throws(NoteIDError) -> Note {
    try NoteIDs(store: store).note(named: typed)
  }

  /// Restores the last deleted note with its identity, notebook, tags, pin and dates.
  ///
  /// - Returns: The note restored.
  /// - Throws: ``NoteListError/nothingToUndo``, or ``NoteListError/store(_:)`` when it cannot be
  ///   saved (the deletion can then still be undone).
  @discardableResult
  public func undoDelete() throws(NoteListError) -> Note {
    let restored: Note?
    do { restored = try history.restoreLast(to: store) } catch { throw .store(error) }
    guard let restored else { throw .nothingToUndo }
    return restored
  }

  private func perform(_ mutation: NoteStore.Mutation) throws(NoteListError) {
    do { try store.perform(mutation) } catch { throw .store(error) }
  }
}
