import FieldNotesText

extension Note {
  /// The note's searchable text, folded: title, body and tags, a line each.
  ///
  /// - Complexity: O(*n*) in the length of the note's text.
  public var searchKey: [UInt8] {
    Self.searchKey(title: title, body: body, tags: tags)
  }

  /// The searchable text of a note with these fields, folded: what ``searchKey`` is, for a store
  /// that reads the fields without making a note (a search index builds the same text).
  ///
  /// - Parameters:
  ///   - title: The note's title.
  ///   - body: The note's text.
  ///   - tags: The note's tags.
  /// - Returns: The folded title, body and tags, a line each, as UTF-8.
  public static func searchKey(title: String, body: String, tags: [String]) -> [UInt8] {
    var key: [UInt8] = []
    key.reserveCapacity(title.utf8.count + body.utf8.count + 16)
    SearchFolding.fold(title, into: &key)
    key.append(0x0A)
    SearchFolding.fold(body, into: &key)
    for tag in tags {
      key.append(0x0A)
      SearchFolding.fold(tag, into: &key)
    }
    return key
  }

  /// Whether the note matches search text: the text appears in its title, body or tags,
  /// ignoring case and diacritics ("cafe" finds "Café").
  ///
  /// An empty query matches every note. The text is matched literally: `%`, `_` and quotes have
  /// no special meaning.
  ///
  /// - Parameter query: The search text.
  /// - Returns: `true` when the note contains the text.
  /// - Complexity: O(*n*) in the length of the note's text.
  public func matches(_ query: String) -> Bool {
    guard !query.isEmpty else { return true }
    return SearchFolding.contains(searchKey, SearchFolding.fold(query))
  }
}
