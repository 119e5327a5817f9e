import FieldNotesModel
import Foundation

/// Where a search's text appears in a line as shown, matched the way the search matches
/// (``FieldNotesModel/SearchFolding``: case and diacritics ignored), so "cafe" lights up
/// "Café".
enum SearchHighlight {
  /// The character offsets of each match of a query in a text.
  ///
  /// - Parameters:
  ///   - query: The search text; nothing matches an empty one.
  ///   - text: The line as shown.
  /// - Returns: The matches, in order, not overlapping.
  static func ranges(of query: String, in text: String) -> [Range<Int>] {
    ranges(ofNeedle: needle(for: query), in: text)
  }

  /// A query as ``ranges(ofNeedle:in:)`` looks for it: trimmed and folded, once for many lines.
  static func needle(for query: String) -> [UInt8] {
    SearchFolding.fold(query.trimmingCharacters(in: .whitespaces))
  }

  /// The character offsets of each match of a folded query (from ``needle(for:)``) in a text.
  static func ranges(ofNeedle needle: [UInt8], in text: String) -> [Range<Int>] {
    guard !needle.isEmpty else { return [] }
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
    let first = needle[0]
    while start + needle.count <= folded.count {
      if folded[start] == first, folded[start..<(start + needle.count)].elementsEqual(needle) {
        let range = owner[start]..<(owner[start + needle.count - 1] + 1)
        if range.lowerBound >= (ranges.last?.upperBound ?? 0) { ranges.append(range) }
        start += needle.count
      } else {
        start += 1
      }
    }
    return ranges
  }
}
