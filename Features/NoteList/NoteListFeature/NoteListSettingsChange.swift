import FieldNotesModel
import FieldNotesQuery

/// A change of a note list's search, filter, tag, order or rows that the user asks for: what
/// `search`, `filter`, `tag`, `sort` and `more` do in both forms of the list, and what the list
/// says when one changes nothing.
///
/// Both forms make a change the same way, and a test reads it with no terminal. The form that
/// holds the settings (the view model, or the MV view's own state) sets them only when they
/// change, so that nothing is drawn again otherwise. The words keep what the user typed as it
/// is; the screen that prints them makes them safe to print.
public enum NoteListSettingsChange: Hashable, Sendable {
  /// Shows what a search finds, from the first rows.
  case search(NoteSearch)
  /// Shows only pinned notes, only notes without tags, or every note.
  case filter(NoteListFilter)
  /// Shows only the notes that carry a tag, as typed (any case, `#` or not); `nil` or an empty
  /// tag clears it.
  case tag(String?)
  /// Orders the rows after the pinned ones.
  case sort(NoteSortOrder)
  /// Shows the next rows of a long list in place of the rows shown: the ones after a place in
  /// the list's order (where the last row drawn stands), numbered on from a row's number;
  /// nothing when no row is below them.
  case showMore(after: Int, following: NoteListPosition?, hiddenCount: Int)
  /// Shows every row of the list, numbered from the first, as a script's `list` asks: however
  /// many it holds when it is drawn, so a note another process adds before then is shown too.
  case showEveryRow

  /// The settings with this change made: the same settings when it changes nothing.
  ///
  /// - Parameter settings: The list's settings now.
  /// - Returns: The settings after the change.
  public func applied(to settings: NoteListSettings) -> NoteListSettings {
    var changed = settings
    switch self {
    case .search(let search):
      // The same search again changes nothing.
      guard search != settings.search else { return settings }
      changed.search = search
      changed.shownRowCount = NoteListSettings.rowLimit
    case .filter(let filter): changed = filter.applied(to: settings)
    case .tag: changed.tag = shownTag
    case .sort(let order): changed.sortOrder = order
    case .showMore(let lastDrawn, let place, let hiddenCount):
      guard hiddenCount > 0 else { return settings }
      (changed.firstShownRow, changed.firstShownAfter) = (lastDrawn, place)
      return changed
    case .showEveryRow:
      changed.shownRowCount = NoteListSettings.everyRow
      (changed.firstShownRow, changed.firstShownAfter) = (0, nil)
      return changed
    }
    // Another list, narrowed or ordered anew, starts from its first rows.
    if changed != settings { (changed.firstShownRow, changed.firstShownAfter) = (0, nil) }
    return changed
  }

  /// What the list says when the change changes nothing.
  ///
  /// Such as `The list already shows only pinned notes.`, or `There is no tag to clear.`
  public var unchangedMessage: String {
    switch self {
    case .search(let search):
      search.text.isEmpty
        ? "There is no search to clear."
        : "The list already shows the search \u{201C}\(search.text)\u{201D}."
    case .filter(let filter): filter.alreadyShown
    case .tag:
      shownTag.map { "The list already shows notes tagged #\($0)." } ?? "There is no tag to clear."
    case .sort(let order): "The list is already sorted \(order.listDescription)."
    case .showMore, .showEveryRow: "Every note of the list is shown."
    }
  }

  /// The tag a `tag` change shows, in the one form tags take; `nil` for none.
  private var shownTag: String? {
    guard case .tag(let typed) = self, let tag = typed.map(TagRules.normalized), !tag.isEmpty
    else { return nil }
    return tag
  }
}
