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
    // A term is looked for as written and with its runs of whitespace made one space, since
    // lists show lines so (a phrase `"heron  pond"` is marked in "heron pond" too). A term of
    // nothing but whitespace marks nothing.
    let forms = terms.filter { !$0.allSatisfy(\.isWhitespace) }.flatMap { term in
      [term, Self.collapsingWhitespace(term)]
    }
    needles = Set(forms.map(SearchFolding.fold)).filter { !$0.isEmpty }.sorted {
      $0.count != $1.count ? $0.count > $1.count : $0.lexicographicallyPrecedes($1)
    }
  }

  /// Text with each run of whitespace made one space, the ends included (` a` stays ` a`).
  private static func collapsingWhitespace(_ text: String) -> String {
    var collapsed = ""
    var isInSpace = false
    for character in text {
      if character.isWhitespace {
        if !isInSpace { collapsed.append(" ") }
        isInSpace = true
      } else {
        collapsed.append(character)
        isInSpace = false
      }
    }
    return collapsed
  }

  /// Whether there is nothing to find.
  public var isEmpty: Bool { needles.isEmpty }

  /// Whether one of the terms occurs in a text: what ``ranges(in:)`` finds, without working out
  /// where (so without reading the text character by character).
  ///
  /// - Parameter text: The text.
  /// - Returns: `true` when a term occurs in it.
  /// - Complexity: O(*n* × *t*) for a text of *n* bytes and *t* terms.
  public func occurs(in text: some StringProtocol) -> Bool {
    guard !needles.isEmpty else { return false }
    let folded = SearchFolding.fold(String(text))
    return needles.contains { SearchFolding.contains(folded, $0) }
  }

  /// The character offsets of each match of a query in a text.
  ///
  /// - Parameters:
  ///   - query: The search text; nothing matches an empty one.
  ///   - text: The line as shown.
  /// - Returns: The matches, in order, not overlapping.
  public static func ranges(of query: String, in text: String) -> [Range<Int>] {
    SearchMatches([query]).ranges(in: text)
  }

  /// The character offsets of a match of the terms in a text, reading it only as far as that
  /// match: the first match of an ASCII text; in another, the first match to end.
  ///
  /// - Parameter text: The text.
  /// - Returns: The match, or `nil` when no term occurs in the text.
  /// - Complexity: O(*k* × *t*) for *t* terms, where *k* is where the match ends.
  public func firstRange(in text: some StringProtocol) -> Range<Int>? {
    guard !needles.isEmpty else { return nil }
    if text.utf8.allSatisfy({ $0 < 0x80 && $0 != 0x0D }) {
      let folded = SearchFolding.fold(String(text))
      let starts = needles.compactMap { needle in
        SearchFolding.firstOffset(of: needle, in: folded).map { ($0, $0 + needle.count) }
      }
      return starts.min { $0.0 != $1.0 ? $0.0 < $1.0 : $0.1 > $1.1 }.map { $0.0..<$0.1 }
    }
    var folded: [UInt8] = []
    var owner: [Int] = []
    for (index, character) in text.enumerated() {
      let before = folded.count
      SearchFolding.fold(character, into: &folded)
      owner.append(contentsOf: repeatElement(index, count: folded.count - before))
      for needle in needles where folded.count >= needle.count {
        let start = folded.count - needle.count
        if folded[start...].elementsEqual(needle) { return owner[start]..<(index + 1) }
      }
    }
    return nil
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
        let before = folded.count
        SearchFolding.fold(character, into: &folded)
        owner.append(contentsOf: repeatElement(index, count: folded.count - before))
      }
    }
    // Every occurrence of every term, found by memchr and memcmp; then, from the left, the
    // longest at each place, none overlapping the one before.
    var found: [(start: Int, end: Int)] = []
    for needle in needles {
      var offset = 0
      while let start = SearchFolding.firstOffset(of: needle, in: folded, from: offset) {
        found.append((start, start + needle.count))
        offset = start + 1
      }
    }
    found.sort { $0.start != $1.start ? $0.start < $1.start : $0.end > $1.end }
    var ranges: [Range<Int>] = []
    var taken = 0
    for (start, end) in found where start >= taken {
      let range = owner[start]..<(owner[end - 1] + 1)
      if range.lowerBound >= (ranges.last?.upperBound ?? 0) { ranges.append(range) }
      taken = end
    }
    return ranges
  }
}
