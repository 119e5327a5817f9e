import Foundation

/// Where a search's terms appear in a line as shown, matched the way the search matches
/// (``SearchFolding``: case and diacritics ignored), so "cafe" lights up "Café".
///
/// A list's rows and a note's page use it to show why a note was found.
public struct SearchMatches: Hashable, Sendable {
  /// The terms, folded, longest first (so a longer term wins where two overlap).
  private let needles: [[UInt8]]

  /// Prepares terms for finding in many lines.
  ///
  /// - Parameter terms: The texts to find, such as a query's ``NoteQuery/highlightedTerms``;
  ///   empty or blank ones find nothing.
  public init(_ terms: [String]) {
    needles = Set(terms.map { SearchFolding.fold($0.trimmingCharacters(in: .whitespaces)) })
      .filter { !$0.isEmpty }.sorted {
        $0.count > $1.count || ($0.count == $1.count && $0.lexicographicallyPrecedes($1))
      }
  }

  /// Whether there is nothing to find.
  public var isEmpty: Bool { needles.isEmpty }

  /// The character offsets of each match of a query in a text.
  ///
  /// - Parameters:
  ///   - query: The search text; nothing matches an empty one.
  ///   - text: The line as shown.
  /// - Returns: The matches, in order, not overlapping.
  public static func ranges(of query: String, in text: String) -> [Range<Int>] {
    SearchMatches([query]).ranges(in: text)
  }

  /// The character offsets of each match of the terms in a text.
  ///
  /// - Parameter text: The line as shown.
  /// - Returns: The matches, in order, not overlapping.
  /// - Complexity: O(*n* × *t*) for a text of *n* characters and *t* terms.
  public func ranges(in text: String) -> [Range<Int>] {
    guard !needles.isEmpty else { return [] }
    // The folded text, and for each of its bytes the character it came from. ASCII text with
    // no carriage return (which joins a following line feed into one character) is one
    // character per byte.
    var folded: [UInt8] = []
    var owner: [Int] = []
    if text.utf8.allSatisfy({ $0 < 0x80 && $0 != 0x0D }) {
      folded = SearchFolding.fold(text)
      owner = Array(folded.indices)
    } else {
      for (index, character) in text.enumerated() {
        let bytes = SearchFolding.fold(String(character))
        folded += bytes
        owner += Array(repeating: index, count: bytes.count)
      }
    }
    var ranges: [Range<Int>] = []
    var start = 0
    while start < folded.count {
      guard
        let needle = needles.first(where: { needle in
          start + needle.count <= folded.count && folded[start] == needle[0]
            && folded[start..<(start + needle.count)].elementsEqual(needle)
        })
      else {
        start += 1
        continue
      }
      let range = owner[start]..<(owner[start + needle.count - 1] + 1)
      if range.lowerBound >= (ranges.last?.upperBound ?? 0) { ranges.append(range) }
      start += needle.count
    }
    return ranges
  }
}
