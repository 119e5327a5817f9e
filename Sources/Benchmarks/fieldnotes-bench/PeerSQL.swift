import Foundation

/// The SQL the `sqlite3` peers run.
///
/// It reads only the `notes` table's columns and the store's search index (`note_search`, an
/// FTS5 table over each note's folded text in trigrams, keyed by the note's `rowid`), so it
/// stays the same however FieldNotes itself reads its store.
enum PeerSQL {
  /// The most rows a list shows at first, as FieldNotes' lists do.
  static let pageSize = 200

  /// The columns a list row needs, with the body's first 200 characters as its preview.
  ///
  /// - Parameter table: The name to qualify each column with, for a join; none by default.
  /// - Returns: The column list of a `SELECT`.
  static func listColumns(of table: String? = nil) -> String {
    let prefix = table.map { $0 + "." } ?? ""
    return [
      "id", "title", "substr(\(prefix)body, 1, 200) AS preview", "created_at", "updated_at",
      "notebook_id", "tags", "is_pinned",
    ].map { $0.hasPrefix("substr") ? $0 : prefix + $0 }.joined(separator: ", ")
  }

  /// The order of All Notes: pinned first, then newest first, the identifier settling ties.
  ///
  /// - Parameter table: The name to qualify each column with, for a join; none by default.
  /// - Returns: The terms of an `ORDER BY`.
  static func listOrder(of table: String? = nil) -> String {
    let prefix = table.map { $0 + "." } ?? ""
    return "\(prefix)is_pinned DESC, \(prefix)created_at DESC, \(prefix)id DESC"
  }

  /// The first page of All Notes: the rows FieldNotes shows first, in its order.
  static var firstPage: String {
    "SELECT \(listColumns()) FROM notes ORDER BY \(listOrder()) LIMIT \(pageSize);"
  }

  /// The index the first-page peer is given before it is timed when `sqlite3` would otherwise
  /// sort every row to answer ``firstPage`` (read backwards, it is the list's order).
  static let firstPageIndex =
    "CREATE INDEX IF NOT EXISTS bench_first_page ON notes (is_pinned, created_at, id);"

  /// What `sqlite3` reports in a query plan when it sorts the rows it reads.
  static let sortingPlanStep = "USE TEMP B-TREE FOR ORDER BY"

  /// The first page of the notes whose folded text contains a search word, answered by the
  /// store's own trigram index: the notes behind the index's rows, pinned first, newest first.
  ///
  /// - Parameter word: The search word, as typed (it is folded here as FieldNotes folds it).
  /// - Returns: The query.
  static func searchPage(_ word: String) -> String {
    "SELECT \(listColumns(of: "notes")) FROM note_search JOIN notes ON notes.rowid = "
      + "note_search.rowid WHERE note_search MATCH \(matchLiteral(word)) ORDER BY "
      + "\(listOrder(of: "notes")) LIMIT \(pageSize);"
  }

  /// How many notes the index finds for a search word.
  ///
  /// - Parameter word: The search word, as typed.
  /// - Returns: The query.
  static func searchCount(_ word: String) -> String {
    "SELECT count(*) FROM note_search WHERE note_search MATCH \(matchLiteral(word));"
  }

  /// The `MATCH` argument FieldNotes gives the index for a search, as an SQL literal: the folded
  /// query (``SearchFolder``) as one FTS5 phrase (double quotes around it, a double quote in it
  /// written twice), which the trigram tokenizer reads as a substring.
  ///
  /// - Parameter word: The search word, as typed.
  /// - Returns: The SQL string literal.
  static func matchLiteral(_ word: String) -> String {
    var folder = SearchFolder()
    let phrase = "\"" + folder.fold(word).replacingOccurrences(of: "\"", with: "\"\"") + "\""
    return "'" + phrase.replacingOccurrences(of: "'", with: "''") + "'"
  }
}
