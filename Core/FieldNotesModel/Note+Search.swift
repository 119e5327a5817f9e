import Foundation

extension Note {
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
    return Self.contains(title, query) || Self.contains(body, query)
      || tags.contains { Self.contains($0, query) }
  }

  private static func contains(_ text: String, _ query: String) -> Bool {
    text.range(of: query, options: [.caseInsensitive, .diacriticInsensitive]) != nil
  }
}
