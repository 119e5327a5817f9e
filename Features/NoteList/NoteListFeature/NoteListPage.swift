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
  /// How many of the list's first rows are above the ones shown.
  public var above: Int
  /// How many notes the list holds, above, shown and below.
  public var total: Int

  /// How many rows the list holds below the ones shown.
  public var hiddenCount: Int { total - above - notes.count }

  /// Reads a list's page from the store.
  ///
  /// A list that has become shorter than the rows above its page (notes deleted or moved since
  /// `more`, here or by another process) shows its first rows again: the rows above are no
  /// longer the ones drawn, and going on from them would leave notes never shown.
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
    var page = try store.page(query)
    if page.notes.isEmpty, query.offset > 0, page.totalCount > 0 {
      query.offset = 0
      page = try store.page(query)
    }
    (notes, above, total) = (page.notes, query.offset, page.totalCount)
  }

  /// The number of rows above the page `more` shows next: the row of the last note drawn,
  /// where that note stands now.
  ///
  /// So a note deleted, moved or pinned above the page since it was drawn makes `more` skip no
  /// note and show none twice: going on by number, a deletion above hid the note that moved up
  /// past the page's end. The list is read around the page (a page each side of it), the
  /// notes drawn looked for from the last; when none of them is there any more, `more` goes on
  /// by number.
  ///
  /// - Parameters:
  ///   - page: The notes of the page drawn, in order.
  ///   - above: How many rows were above it.
  ///   - scope: The list.
  ///   - settings: Its search, filters, order and rows.
  ///   - store: The store.
  /// - Returns: How many rows are above the next page.
  /// - Throws: ``FieldNotesServices/NoteStoreError`` when the store can't be read.
  @MainActor
  public static func rowsAbove(
    pageAfter page: [Note.ID], drawnBelow above: Int, _ scope: NoteScope,
    _ settings: NoteListSettings, in store: NoteStore
  ) throws(NoteStoreError) -> Int {
    var query = NoteListQuery(scope: scope, settings: settings)
    let size = max(1, page.count)
    (query.offset, query.limit) = (max(0, above - size), 3 * size)
    let around = try store.page(query).notes.map(\.id)
    for id in page.reversed() {
      if let index = around.firstIndex(of: id) { return query.offset + index + 1 }
    }
    return above + page.count
  }
}
