import FieldNotesModel
import FieldNotesQuery
import FieldNotesServices

/// The rows a list shows, as the store answers its settings.
///
/// Its page, how many rows are above it (after `more`), and how many below. Both forms read
/// their rows through it.
public struct NoteListPage: Equatable, Sendable {
  /// The notes shown, in order.
  public var notes: [Note]
  /// How many of the list's first rows are above the ones shown, as `more` counted them.
  public var above: Int
  /// How many notes the list holds, above, shown and below.
  public var total: Int
  /// How many rows the list holds below the ones shown: none when no note comes after them.
  public var hiddenCount: Int

  /// Where the last note shown stands in the list's order: what `more` goes on after.
  public var end: NoteListPosition?

  /// Reads a list's page from the store.
  ///
  /// A page after `more` is the rows after the place the rows above it ended
  /// (``FieldNotesQuery/NoteListSettings/firstShownAfter``), read from there, so a redraw far
  /// down a long list costs what it shows; they are numbered on from the rows above as `more`
  /// counted them. One row more than shown is asked for, to tell whether any note comes after
  /// them: the count of the rows below is the list's less those above and shown, which can be
  /// off by what moved above the page since, but never says none are left when one is. A
  /// page that has no rows left (every note after the place deleted or moved above it, here or
  /// by another process) shows the list's first rows again.
  ///
  /// - Parameters:
  ///   - scope: The list.
  ///   - settings: Its search, filters, order and rows.
  ///   - store: The store.
  /// - Throws: ``FieldNotesServices/NoteStoreError`` when the store can't be read.
  @MainActor
  public init(_ scope: NoteScope, _ settings: NoteListSettings, in store: NoteStore)
    throws(NoteStoreError)
  {
    var query = NoteListQuery(scope: scope, settings: settings)
    let shown = query.limit
    let isAfterMore = query.after != nil || query.offset > 0
    if isAfterMore, shown < .max { query.limit = shown + 1 }
    var page = try store.page(query)
    above = settings.firstShownRow
    if page.notes.isEmpty, isAfterMore, page.totalCount > 0 {
      (query.after, query.offset, query.limit, above) = (nil, 0, shown, 0)
      page = try store.page(query)
    }
    notes = Array(page.notes.prefix(shown))
    total = page.totalCount
    let counted = max(0, total - above - notes.count)
    if query.limit > shown {
      // The row asked for past the page says whether any is below it.
      hiddenCount = page.notes.count > shown ? max(1, counted) : 0
    } else {
      hiddenCount = counted
    }
    end = notes.last.map { NoteListPosition(of: $0, in: settings.sortOrder) }
  }

  /// Where `more` goes on from: the rows above the next page and the place it starts after,
  /// the last note of the page drawn where that note stands now.
  ///
  /// So a note deleted, moved or pinned above the page since it was drawn makes `more` skip no
  /// note and show none twice, and number the rows on as they stand. The list is read around
  /// the page (a page each side of it), the notes drawn looked for from the last; when none of
  /// them is there any more, `more` goes on after the place the page drawn ended, numbered on
  /// from the rows drawn.
  ///
  /// - Parameters:
  ///   - page: The notes of the page drawn, in order.
  ///   - above: How many rows were above it.
  ///   - end: Where the last of them stood in the list's order when it was drawn.
  ///   - scope: The list.
  ///   - settings: Its search, filters, order and rows.
  ///   - store: The store.
  /// - Returns: How many rows are above the next page, and the place it starts after.
  /// - Throws: ``FieldNotesServices/NoteStoreError`` when the store can't be read.
  @MainActor
  public static func nextPage(
    after page: [Note.ID], drawnBelow above: Int, endingAt end: NoteListPosition?,
    _ scope: NoteScope, _ settings: NoteListSettings, in store: NoteStore
  ) throws(NoteStoreError) -> (above: Int, after: NoteListPosition?) {
    var query = NoteListQuery(scope: scope, settings: settings)
    let size = max(1, page.count)
    (query.after, query.offset, query.limit) = (nil, max(0, above - size), 3 * size)
    let around = try store.page(query).notes
    for id in page.reversed() {
      if let index = around.firstIndex(where: { $0.id == id }) {
        return (query.offset + index + 1, NoteListPosition(of: around[index], in: query.order))
      }
    }
    return (above + page.count, end)
  }
}
