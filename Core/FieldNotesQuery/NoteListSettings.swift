import FieldNotesModel

/// What a note list shows besides its scope: the search, the filters, the order, and which
/// rows.
///
/// One value for both forms of the list (MV and MVVM), so switching form keeps it exactly.
public struct NoteListSettings: Hashable, Sendable {
  /// The rows a list shows at first, and how many more each `more` shows.
  public static let rowLimit = 200

  /// The ``shownRowCount`` of a list that shows every row it holds, however many it holds when
  /// it is drawn: a script's `list`.
  public static let everyRow = Int.max

  /// The search, as typed and as parsed; ``NoteSearch/none`` for no search.
  public var search: NoteSearch
  /// The search as typed; empty for no search.
  public var searchText: String { search.text }
  /// The tag every note shown has, or `nil` for any.
  public var tag: String?
  /// Whether only pinned notes are shown.
  public var showsPinnedOnly: Bool
  /// Whether only notes without tags are shown.
  public var showsUntaggedOnly: Bool
  /// The order of the rows (pinned notes first in every order).
  public var sortOrder: NoteSortOrder
  /// How many rows are shown at most: ``rowLimit``, or ``everyRow`` for a script's `list`.
  public var shownRowCount: Int
  /// How many of the list's first rows are above the ones shown, as `more` counted them when
  /// it showed these: none at first; the rows shown are numbered on from it.
  ///
  /// The rows above are not read again: a change of the list (a pin, another process's save)
  /// draws the rows after ``firstShownAfter`` again, numbered on from here, and costs what
  /// they cost however far down the list they are.
  public var firstShownRow = 0
  /// Where the rows shown start in the list's order: after the last row above them, where it
  /// stood when `more` went on from it; `nil` for the list's first rows.
  ///
  /// A redraw reads the rows from there, however far down the list, so it costs what the rows
  /// cost; they stay the rows after that place whatever moves above them. Set and cleared
  /// with ``firstShownRow``.
  public var firstShownAfter: NoteListPosition?

  /// Creates settings.
  ///
  /// - Parameters:
  ///   - search: The search; none by default.
  ///   - tag: The tag every note shown has, or `nil`.
  ///   - showsPinnedOnly: Whether only pinned notes are shown.
  ///   - showsUntaggedOnly: Whether only notes without tags are shown.
  ///   - sortOrder: The order of the rows.
  ///   - shownRowCount: How many rows are shown at most; ``rowLimit`` by default.
  public init(
    search: NoteSearch = .none, tag: String? = nil, showsPinnedOnly: Bool = false,
    showsUntaggedOnly: Bool = false, sortOrder: NoteSortOrder = .newest,
    shownRowCount: Int = NoteListSettings.rowLimit
  ) {
    self.search = search
    self.tag = tag
    self.showsPinnedOnly = showsPinnedOnly
    self.showsUntaggedOnly = showsUntaggedOnly
    self.sortOrder = sortOrder
    self.shownRowCount = shownRowCount
  }
}
