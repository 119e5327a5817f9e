import CSQLite
import FieldNotesModel
import FieldNotesText
import Foundation

/// The SQL functions a search uses where the search index can't answer: a term shorter
/// than a trigram, a title or `links:` term, or any term while the index isn't trusted.
///
/// - `fieldnotes_contains_all(title, body, tags, text…)` and `fieldnotes_contains_any(…)`:
///   whether a note's searchable text (``FieldNotesModel/Note/searchKey``), folded once, contains
///   every one of the texts, or one of them;
/// - `fieldnotes_title_contains(title, text)`: whether a title does;
/// - `fieldnotes_links_to(body, title)`: whether a body links to a title
///   (``FieldNotesText/NoteLink/body(_:linksTo:)``);
/// - `fieldnotes_title_is(title, text)`: whether a title is the text, folded;
/// - `fieldnotes_link_titles(body)`: the titles a body links to, folded, a line each;
/// - `fieldnotes_title_in(title, titles)`: whether a title, folded, is one of those lines;
/// - `fieldnotes_property_matches(pair, key, value)`: whether a property, a `[key, value]`
///   pair of the `properties` column, has the key and says the value (any for `NULL`), as
///   ``FieldNotesModel/NoteProperty/matches(key:value:)`` reads it;
/// - `fieldnotes_kept_file_is(imported_file, title, name)`: whether a note, by its
///   `imported_file` column (``SQLiteImportedFiles``) and title, keeps the name of the file it
///   was imported from (``FieldNotesModel/Note/keptFileStem``) and that name is the text, folded;
/// - `fieldnotes_kept_stem(imported_file, title)`: that name, or `NULL` for a note keeping none;
///
/// all folded by ``FieldNotesText/SearchFolding``, as ``FieldNotesModel/NoteQuery/finds(_:)``
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
    sqlite3_create_function_v2(
      handle, "fieldnotes_links_to", 2, flags, nil, linksTo, nil, nil, nil)
    sqlite3_create_function_v2(
      handle, "fieldnotes_title_is", 2, flags, nil, titleIs, nil, nil, nil)
    sqlite3_create_function_v2(
      handle, "fieldnotes_link_titles", 1, flags, nil, linkTitles, nil, nil, nil)
    sqlite3_create_function_v2(
      handle, "fieldnotes_title_in", 2, flags, nil, titleIn, nil, nil, nil)
    sqlite3_create_function_v2(
      handle, "fieldnotes_property_matches", 3, flags, nil, propertyMatches, nil, nil, nil)
    sqlite3_create_function_v2(
      handle, "fieldnotes_kept_file_is", 3, flags, nil, keptFileIs, nil, nil, nil)
    sqlite3_create_function_v2(
      handle, "fieldnotes_kept_stem", 2, flags, nil, keptStem, nil, nil, nil)
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

private func linksTo(
  _ context: OpaquePointer?, _ count: Int32, _ values: UnsafeMutablePointer<OpaquePointer?>?
) {
  guard let values, count == 2 else { return sqlite3_result_null(context) }
  let title = foldedArgument(context, values, at: 1)
  sqlite3_result_int(context, NoteLink.body(text(of: values[0]), linksTo: title) ? 1 : 0)
}

private func titleIs(
  _ context: OpaquePointer?, _ count: Int32, _ values: UnsafeMutablePointer<OpaquePointer?>?
) {
  guard let values, count == 2 else { return sqlite3_result_null(context) }
  let folded = foldedArgument(context, values, at: 1)
  sqlite3_result_int(context, SearchFolding.fold(text(of: values[0])) == folded ? 1 : 0)
}

/// The folded names a body's links name notes by (``FieldNotesText/NoteLink/keys``), a line
/// each (a link's title holds no line break).
private func linkTitles(
  _ context: OpaquePointer?, _ count: Int32, _ values: UnsafeMutablePointer<OpaquePointer?>?
) {
  guard let values, count == 1 else { return sqlite3_result_null(context) }
  let lines = NoteLink.links(in: text(of: values[0])).flatMap(\.keys).map {
    String(decoding: $0, as: UTF8.self)
  }
  // SQLite copies the text (SQLITE_TRANSIENT) before the Swift string goes.
  sqlite3_result_text(
    context, lines.joined(separator: "\n"), -1,
    unsafeBitCast(-1, to: sqlite3_destructor_type.self))
}

/// Titles folded and split into lines, kept with a statement's argument.
private final class FoldedTitles {
  let titles: Set<[UInt8]>
  init(_ titles: Set<[UInt8]>) { self.titles = titles }
}

private func titleIn(
  _ context: OpaquePointer?, _ count: Int32, _ values: UnsafeMutablePointer<OpaquePointer?>?
) {
  guard let values, count == 2 else { return sqlite3_result_null(context) }
  guard sqlite3_value_type(values[1]) != SQLITE_NULL else { return sqlite3_result_int(context, 0) }
  let titles: Set<[UInt8]>
  if let kept = sqlite3_get_auxdata(context, 1) {
    titles = Unmanaged<FoldedTitles>.fromOpaque(kept).takeUnretainedValue().titles
  } else {
    titles = Set(text(of: values[1]).split(separator: "\n").map { Array($0.utf8) })
    let box = Unmanaged.passRetained(FoldedTitles(titles)).toOpaque()
    sqlite3_set_auxdata(context, 1, box) { pointer in
      if let pointer { Unmanaged<FoldedTitles>.fromOpaque(pointer).release() }
    }
  }
  sqlite3_result_int(context, titles.contains(SearchFolding.fold(text(of: values[0]))) ? 1 : 0)
}

private func propertyMatches(
  _ context: OpaquePointer?, _ count: Int32, _ values: UnsafeMutablePointer<OpaquePointer?>?
) {
  guard let values, count == 3 else { return sqlite3_result_null(context) }
  let property = SQLiteProperties.decode("[" + text(of: values[0]) + "]").first
  let value = sqlite3_value_type(values[2]) == SQLITE_NULL ? nil : text(of: values[2])
  let found = property?.matches(key: text(of: values[1]), value: value) ?? false
  sqlite3_result_int(context, found ? 1 : 0)
}

private func keptFileIs(
  _ context: OpaquePointer?, _ count: Int32, _ values: UnsafeMutablePointer<OpaquePointer?>?
) {
  guard let values, count == 3 else { return sqlite3_result_null(context) }
  guard sqlite3_value_type(values[0]) != SQLITE_NULL,
    let file = SQLiteImportedFiles.decode(text(of: values[0]))
  else { return sqlite3_result_int(context, 0) }
  let note = Note(title: text(of: values[1]), importedFile: file)
  let name = foldedArgument(context, values, at: 2)
  let kept = note.keptFileStem.map { SearchFolding.fold($0) == name } ?? false
  sqlite3_result_int(context, kept ? 1 : 0)
}

private func keptStem(
  _ context: OpaquePointer?, _ count: Int32, _ values: UnsafeMutablePointer<OpaquePointer?>?
) {
  guard let values, count == 2, sqlite3_value_type(values[0]) != SQLITE_NULL,
    let file = SQLiteImportedFiles.decode(text(of: values[0])),
    let stem = Note(title: text(of: values[1]), importedFile: file).keptFileStem
  else { return sqlite3_result_null(context) }
  // SQLite copies the text (SQLITE_TRANSIENT) before the Swift string goes.
  sqlite3_result_text(context, stem, -1, unsafeBitCast(-1, to: sqlite3_destructor_type.self))
}
