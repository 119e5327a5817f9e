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
}
