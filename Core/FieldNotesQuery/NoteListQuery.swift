import FieldNotesModel

/// Which notes a list asks a store for, and in what order: a scope, a search, the list's own
/// filters, an order, and which rows: how many, from which.
///
/// A plain value, so both forms of the note list build the same question (the MV view builds
/// it from its own state, the MVVM view model from its settings) and the store answers it: the
/// SQLite store with SQL through its indexes, a store in memory with ``NoteLibrary/page(for:)``
/// on plain arrays. The two answers are the same; `StoreQueryPropertyTests` holds them to it.
public struct NoteListQuery: Hashable, Sendable {
  /// The list: every note, the notes in no notebook, a notebook's, or a tag's.
  public var scope: NoteScope
  /// What every note found matches: the list's search, parsed; ``NoteQuery/everything`` for
  /// no search.
  public var search: NoteQuery
  /// The tag every note found has, or `nil` for any.
  public var tag: String?
  /// Whether only pinned notes are found.
  public var pinnedOnly: Bool
  /// Whether only notes without tags are found.
  public var untaggedOnly: Bool
  /// The order of the notes, pinned notes first.
  public var order: NoteSortOrder
  /// How many notes the page holds at most.
  public var limit: Int
  /// Where the page starts: after this place in the order (``NoteListPosition``), or, for
  /// `nil`, at the list's first note.
  ///
  /// A store reads the page from the place through its index, so a page far down a long list
  /// costs what it holds; the rows above it are never read.
  public var after: NoteListPosition?
  /// How many of the notes found from ``after`` on the page passes over: 0 for the page that
  /// starts there.
  ///
  /// Each note passed over is stepped through, so a page after a place costs less than one
  /// after a count of rows as long as the list above it.
  public var offset: Int

  /// Creates a query.
  ///
  /// - Parameters:
  ///   - scope: The list.
  ///   - search: What every note found matches; every note by default.
  ///   - tag: The tag every note found has; any by default.
  ///   - pinnedOnly: Whether only pinned notes are found; `false` by default.
  ///   - untaggedOnly: Whether only notes without tags are found; `false` by default.
  ///   - order: The order; newest first by default.
  ///   - limit: How many notes at most; every one by default.
  ///   - after: The place the page starts after; the list's start by default.
  ///   - offset: How many of the first notes found are passed over; none by default.
  public init(
    scope: NoteScope, search: NoteQuery = .everything, tag: String? = nil, pinnedOnly: Bool = false,
    untaggedOnly: Bool = false, order: NoteSortOrder = .newest, limit: Int = .max,
    after: NoteListPosition? = nil, offset: Int = 0
  ) {
    self.scope = scope
    self.search = search
    self.tag = tag
    self.pinnedOnly = pinnedOnly
    self.untaggedOnly = untaggedOnly
    self.order = order
    self.limit = limit
    self.after = after
    self.offset = max(0, offset)
  }

  /// The query a list of a scope with some settings asks: its search, filters, order and rows.
  ///
  /// - Parameters:
  ///   - scope: The list.
  ///   - settings: The list's search, filters, order, and rows.
  public init(scope: NoteScope, settings: NoteListSettings) {
    self.init(
      scope: scope, search: settings.search.query, tag: settings.tag,
      pinnedOnly: settings.showsPinnedOnly, untaggedOnly: settings.showsUntaggedOnly,
      order: settings.sortOrder, limit: settings.shownRowCount, after: settings.firstShownAfter,
      offset: settings.firstShownAfter == nil ? settings.firstShownRow : 0)
  }

  /// The query's page of the notes it found: ordered, from after ``after``, the first
  /// ``offset`` passed over, then at most ``limit``.
  ///
  /// - Parameter found: Every note the query finds, in any order.
  /// - Returns: The page's notes, in the query's order.
  public func page(of found: [Note]) -> [Note] {
    let end = limit > Int.max - offset ? Int.max : offset + limit
    let below = after.map { place in found.filter { place.precedes($0, in: order) } } ?? found
    return Array(order.first(end, of: below).dropFirst(offset))
  }

  /// Whether a note is one the query finds: in the scope, through the filters, matching the
  /// search.
  ///
  /// - Parameter note: The note.
  /// - Returns: `true` when the query finds it.
  public func finds(_ note: Note) -> Bool {
    scope.contains(note) && (tag.map(note.tags.contains) ?? true)
      && (!pinnedOnly || note.isPinned) && (!untaggedOnly || note.tags.isEmpty)
      && search.finds(note)
  }
}

extension NoteListQuery {
  /// Whether a note is one the query finds, given what its search's `linked-by:` terms' notes
  /// link to (``finds(_:)`` finds no note for such a term).
  ///
  /// - Parameters:
  ///   - note: The note.
  ///   - linkTargets: What the search's `linked-by:` terms' notes link to:
  ///     ``NoteQuery/linkTargets(among:)``.
  /// - Returns: `true` when the query finds it.
  public func finds(_ note: Note, linkTargets: [String: Set<[UInt8]>]) -> Bool {
    var filters = self
    filters.search = .everything
    return filters.finds(note) && search.finds(note, linkTargets: linkTargets)
  }
}

extension NoteLibrary {
  /// Answers a query from the library's notes: the definition every store's answer keeps to.
  ///
  /// - Parameter query: The query.
  /// - Returns: The notes of the query's page, in its order, and how many it finds in all.
  /// - Complexity: O(*n*) in the number of notes, and the search's cost for each.
  public func page(for query: NoteListQuery) -> NotePage {
    let targets = query.search.linkTargets(among: notes)
    let found = notes.filter { query.finds($0, linkTargets: targets) }
    return NotePage(notes: query.page(of: found), totalCount: found.count)
  }

  /// Counts the library's notes by notebook, as the notebooks screen shows them, and by tag.
  public var summary: LibrarySummary {
    var summary = LibrarySummary()
    for note in notes { summary.count(note) }
    return summary
  }
}
