import FieldNotesModel
import FieldNotesQuery
import FieldNotesServices

/// What a list last drew: each row's note and title, and how many more rows the list held.
///
/// A row number typed next stands for a row of it, in both forms of the list, so a number means
/// the row the user saw, whatever changed unseen since.
public struct DrawnRows: Equatable, Sendable {
  /// One row drawn.
  public struct Row: Equatable, Sendable {
    /// The row's note.
    public var id: Note.ID
    /// The title it showed.
    public var title: String

    /// Names a row drawn.
    ///
    /// - Parameters:
    ///   - id: The row's note.
    ///   - title: The title it showed.
    public init(id: Note.ID, title: String) {
      self.id = id
      self.title = title
    }
  }

  /// The rows, the first first: numbered from ``firstNumber``.
  public var rows: [Row]
  /// The number of the first row: 1, unless the rows above a page were never drawn (the list
  /// could not be read then), when those name nothing.
  public var firstNumber: Int
  /// How many rows the list held beyond these.
  public var hiddenCount: Int
  /// The number of the first row of the page drawn last; the rows before it were drawn before.
  public var pageFirstNumber: Int
  /// Where the last row drawn stood in the list's order: what `more` goes on after when none
  /// of the page's notes is found again.
  public var pageEnd: NoteListPosition?

  /// The notes of the page drawn last, in order: what `more` goes on after.
  public var page: [Note.ID] { rows.dropFirst(max(0, pageFirstNumber - firstNumber)).map(\.id) }

  /// The number of the last row drawn; 0 when none was.
  public var lastNumber: Int { firstNumber - 1 + rows.count }

  /// Keeps what a list drew; by default, nothing.
  ///
  /// - Parameters:
  ///   - rows: The rows drawn, the first first.
  ///   - firstNumber: The first row's number; 1 by default.
  ///   - hiddenCount: How many rows the list held beyond these.
  ///   - pageFirstNumber: The number of the first row of the page drawn last; the first row's
  ///     by default.
  public init(
    rows: [Row] = [], firstNumber: Int = 1, hiddenCount: Int = 0, pageFirstNumber: Int? = nil
  ) {
    self.rows = rows
    self.firstNumber = firstNumber
    self.hiddenCount = hiddenCount
    self.pageFirstNumber = pageFirstNumber ?? firstNumber
  }

  /// What a list has drawn once it draws a page after these rows: the page, numbered on from
  /// the rows above it, which keep the notes drawn for them before.
  ///
  /// So a number names the note the user saw beside it: above the page as drawn before (the
  /// list draws only its page again when something changes, however far down it is), on the
  /// page as drawn now.
  ///
  /// - Parameters:
  ///   - page: The page's rows, the first first.
  ///   - above: How many rows of the list are above the page.
  ///   - hiddenCount: How many rows the list holds below it.
  ///   - end: Where the page's last row stands in the list's order; `nil` by default.
  /// - Returns: The rows drawn.
  public func drawing(
    _ page: [Row], above: Int, hiddenCount: Int, endingAt end: NoteListPosition? = nil
  ) -> DrawnRows {
    var drawn = self
    drawn.draw(page, above: above, hiddenCount: hiddenCount, endingAt: end)
    return drawn
  }

  /// Keeps a page drawn after these rows, as ``drawing(_:above:hiddenCount:)`` returns it, in
  /// place.
  ///
  /// - Parameters:
  ///   - page: The page's rows, the first first.
  ///   - above: How many rows of the list are above the page.
  ///   - hiddenCount: How many rows the list holds below it.
  ///   - end: Where the page's last row stands in the list's order; `nil` by default.
  /// - Complexity: O(*m*) in the rows of the page and of the page drawn before, not in the
  ///   rows kept above it, so a redraw far down a list costs what it shows.
  public mutating func draw(
    _ page: [Row], above: Int, hiddenCount: Int, endingAt end: NoteListPosition? = nil
  ) {
    defer { pageEnd = end }
    guard above > 0, firstNumber == 1, rows.count >= above else {
      self = DrawnRows(rows: page, firstNumber: above + 1, hiddenCount: hiddenCount)
      return
    }
    rows.removeSubrange(above...)
    rows.append(contentsOf: page)
    (self.hiddenCount, pageFirstNumber) = (hiddenCount, above + 1)
  }

  /// The note a word typed for a row names by its id, or `nil` when the word is a row number.
  ///
  /// A number stands for a row among the rows the list last drew; a word of hex digits, for the
  /// note whose id it starts (shown or not), since an id names a note after every redraw. An id
  /// is four digits at least, as lists show them, so a typo (`1e3`) names no note by chance and
  /// is read as a row number, which it is not. A word of digits alone is a row number when a
  /// row drawn has that number as written (`12`, `1000`), and otherwise an id (`4821`, `0123`)
  /// if it is long enough, so an id of digits alone names its note too.
  ///
  /// - Parameters:
  ///   - word: The word typed.
  ///   - noteNamedByID: The note an id, or a prefix of it no other note shares, names.
  /// - Returns: The note's row; `nil` for a word to read as a row number.
  /// - Throws: ``NoteListError/rowOrID(_:title:)`` for a row's number that also starts another
  ///   note's id, or ``NoteListError/noteID(_:)`` for an id that names no one note.
  public func row(
    namedByID word: String, noteNamedByID: (String) throws(NoteIDError) -> Note
  ) throws(NoteListError) -> Row? {
    // A word too short to hold an id, such as the `2` of `pin 2`, is not read as one (no
    // character is more hex digits, upper-cased, than it has bytes).
    guard word.utf8.count >= NoteIDPrefix.shortest, let prefix = NoteIDPrefix(word),
      prefix.digits.count >= NoteIDPrefix.shortest
    else { return nil }
    let number = Int(word).flatMap { "\($0)" == word ? $0 : nil } ?? 0
    // A number past the list's rows can only be an id; one within them, drawn or not yet, is a
    // row unless it also starts another note's id, when which is meant can't be told.
    guard number >= 1, number <= lastNumber + hiddenCount else {
      do {
        let note = try noteNamedByID(word)
        return Row(id: note.id, title: note.title)
      } catch { throw .noteID(error) }
    }
    let drawnRow = rows.indices.contains(number - firstNumber) ? rows[number - firstNumber] : nil
    guard let note = try? noteNamedByID(word), note.id != drawnRow?.id else { return nil }
    throw .rowOrID(word, title: note.title)
  }
}
