import FieldNotesFormats
import FieldNotesModel
import FieldNotesQuery
import FieldNotesText
import Foundation

/// One line of a note list, made for display.
public struct NoteRow: Hashable, Sendable, Identifiable {
  /// The note the row shows.
  public var id: Note.ID
  /// The shortest start of the note's id that no other note shares (`e621`), which names the
  /// note in `show`, `pin` or `fieldnotes show` however the rows were numbered since.
  public var shortID: NoteIDPrefix
  /// The note's title.
  public var title: String
  /// The name of the notebook the note is in, in a list of several notebooks' notes; `nil` in a
  /// notebook's own list, and for a note in none.
  public var notebook: String?
  /// The first line of the body, shortened; for a search, the line where it matched.
  public var excerpt: String
  /// The note's tags.
  public var tags: [String]
  /// Whether the note is pinned.
  public var isPinned: Bool
  /// When the note was written (in the order of changes, when it last changed), described
  /// relative to now ("5 min ago", "2026-11-02").
  public var date: String
  /// The whole note as a script reads it, what the row prints as under `--format json`.
  public var record: NoteRecord

  /// Creates a row for a note.
  ///
  /// - Parameters:
  ///   - note: The note to show.
  ///   - shortID: The short id the store gives the note now
  ///     (``FieldNotesServices/NoteIDs/shortIDs(of:)``).
  ///   - now: The moment the date is described from.
  ///   - timeZone: The time zone of calendar dates; the system's by default.
  ///   - matches: The terms of the search that found the note: the excerpt is then the line
  ///     where one matches; none by default.
  ///   - notebooks: The store's notebooks, which name the note's in its record; none by default.
  ///   - order: The list's order, which says which of the note's dates the row shows
  ///     (``FieldNotesModel/NoteSortOrder/shownDate(of:)``); newest first by default.
  ///   - namesNotebook: Whether the row names the note's notebook: not in a notebook's own
  ///     list, where every row would say the same; it does by default.
  public init(
    note: Note, shortID: NoteIDPrefix, now: Date, timeZone: TimeZone = .current,
    matches: SearchMatches = SearchMatches([]), notebooks: [Notebook] = [],
    order: NoteSortOrder = .newest, namesNotebook: Bool = true
  ) {
    id = note.id
    self.shortID = shortID
    title = note.title
    excerpt = note.excerpt(showing: matches, maximumLength: Note.wideExcerptLength)
    tags = note.tags
    isPinned = note.isPinned
    date = order.shownDate(of: note).relativeDescription(to: now, timeZone: timeZone)
    record = NoteRecord(note, notebook: notebooks.first { $0.id == note.notebookID }?.name)
    notebook = namesNotebook ? record.notebook : nil
  }
}
