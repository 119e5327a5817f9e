import CSQLite
import FieldNotesModel
import Foundation

/// The two SQL functions a search uses where the search index can't answer: a term shorter
/// than a trigram, a title term, or any term while the index isn't trusted.
///
/// - `fieldnotes_contains_all(title, body, tags, text…)` and `fieldnotes_contains_any(…)`:
///   whether a note's searchable text (``FieldNotesModel/Note/searchKey``), folded once, contains
///   every one of the texts, or one of them;
/// - `fieldnotes_title_contains(title, text)`: whether a title does;
///
/// both folded by ``FieldNotesModel/SearchFolding``, as ``FieldNotesModel/NoteQuery/finds(_:)``
/// folds them, so an answer in SQL is the answer in Swift. The text is folded once per
/// statement (SQLite keeps it with the statement's argument). The functions are FieldNotes'
/// own: each of its connections registers them, and no table, index or trigger names them, so
/// another tool opening the store never needs them.
enum SQLiteSearchFunctions {
  /// Registers the functions on a connection.
  static func register(on handle: OpaquePointer) {
    let flags = SQLITE_UTF8 | SQLITE_DETERMINISTIC
    sqlite3_create_function_v2(
      handle, "fieldnotes_contains_all", -1, flags, nil, noteContainsAll, nil, nil, nil)
    sqlite3_create_function_v2(
      handle, "fieldnotes_contains_any", -1, flags, nil, noteContainsAny, nil, nil, nil)
    sqlite3_create_function_v2(
      handle, "fieldnotes_title_contains", 2, flags, nil, titleContains, nil, nil, nil)
  }
}

/// A folded search text, kept with a statement's argument.
private final class FoldedText {
  let bytes: [UInt8]
  init(_ bytes: [UInt8]) { self.bytes = bytes }
}

/// The text of an argument, by byte length (so text holding NUL survives).
private func text(of value: OpaquePointer?) -> String {
  guard let bytes = sqlite3_value_text(value) else { return "" }
  let count = Int(sqlite3_value_bytes(value))
  return String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
}

/// The folded text of the argument at an index, folded the first time and then kept.
private func foldedArgument(
  _ context: OpaquePointer?, _ values: UnsafeMutablePointer<OpaquePointer?>, at index: Int32
) -> [UInt8] {
  if let kept = sqlite3_get_auxdata(context, index) {
    return Unmanaged<FoldedText>.fromOpaque(kept).takeUnretainedValue().bytes
  }
  let folded = SearchFolding.fold(text(of: values[Int(index)]))
  let box = Unmanaged.passRetained(FoldedText(folded)).toOpaque()
  sqlite3_set_auxdata(context, index, box) { pointer in
    if let pointer { Unmanaged<FoldedText>.fromOpaque(pointer).release() }
  }
  return folded
}

private func noteContainsAll(
  _ context: OpaquePointer?, _ count: Int32, _ values: UnsafeMutablePointer<OpaquePointer?>?
) {
  noteContains(context, count, values, all: true)
}

private func noteContainsAny(
  _ context: OpaquePointer?, _ count: Int32, _ values: UnsafeMutablePointer<OpaquePointer?>?
) {
  noteContains(context, count, values, all: false)
}

/// Whether a note's text, folded once, holds all (or any) of the texts after its three columns.
private func noteContains(
  _ context: OpaquePointer?, _ count: Int32, _ values: UnsafeMutablePointer<OpaquePointer?>?,
  all: Bool
) {
  guard let values, count >= 4 else { return sqlite3_result_null(context) }
  // Tags that don't read as a list count as none, as the search index reads them.
  let tags: [String] =
    sqlite3_value_text(values[2]).flatMap { bytes in
      TagsText.decode(
        UnsafeBufferPointer(start: bytes, count: Int(sqlite3_value_bytes(values[2]))))
    } ?? []
  let key = Note.searchKey(title: text(of: values[0]), body: text(of: values[1]), tags: tags)
  let holds = { (index: Int32) in
    SearchFolding.contains(key, foldedArgument(context, values, at: index))
  }
  let found = all ? (3..<count).allSatisfy(holds) : (3..<count).contains(where: holds)
  sqlite3_result_int(context, found ? 1 : 0)
}

private func titleContains(
  _ context: OpaquePointer?, _ count: Int32, _ values: UnsafeMutablePointer<OpaquePointer?>?
) {
  guard let values, count == 2 else { return sqlite3_result_null(context) }
  let needle = foldedArgument(context, values, at: 1)
  let title = SearchFolding.fold(text(of: values[0]))
  sqlite3_result_int(context, SearchFolding.contains(title, needle) ? 1 : 0)
}
