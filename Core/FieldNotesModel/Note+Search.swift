extension Note {
  /// The note's searchable text, folded: title, body and tags, a line each.
  ///
  /// - Complexity: O(*n*) in the length of the note's text.
  public var searchKey: [UInt8] {
    var key: [UInt8] = []
    key.reserveCapacity(title.utf8.count + body.utf8.count + 16)
    SearchFolding.fold(title, into: &key)
    for part in [body] + tags {
      key.append(0x0A)
      SearchFolding.fold(part, into: &key)
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
