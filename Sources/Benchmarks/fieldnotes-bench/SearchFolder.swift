import Foundation

/// Folds text for searching as FieldNotes folds it for its index: lower case, without
/// diacritics, compatibility forms made plain, one Unicode scalar at a time.
///
/// The benchmark keeps its own folding, from Foundation, so that it depends on no FieldNotes
/// internals; the search peers check that the index answers each query with as many notes as
/// FieldNotes shows, which a difference in folding would break.
struct SearchFolder {
  /// Each non-ASCII scalar's folding, worked out once.
  private var foldings: [Unicode.Scalar: String] = [:]

  /// Creates a folder with nothing worked out yet.
  init() {}

  /// Folds some text.
  ///
  /// - Parameter text: The text.
  /// - Returns: The folded text.
  /// - Complexity: O(*n*); ASCII text takes a fast path, and each other scalar is folded by
  ///   Foundation once per folder.
  mutating func fold(_ text: String) -> String {
    if text.utf8.allSatisfy({ $0 < 0x80 }) {
      return String(
        decoding: text.utf8.map { $0 >= 0x41 && $0 <= 0x5A ? $0 + 0x20 : $0 }, as: UTF8.self)
    }
    var folded = ""
    folded.reserveCapacity(text.utf8.count)
    for scalar in text.unicodeScalars {
      if scalar.isASCII {
        folded.unicodeScalars.append(
          scalar.value >= 0x41 && scalar.value <= 0x5A
            ? Unicode.Scalar(UInt8(scalar.value) + 0x20) : scalar)
      } else if let known = foldings[scalar] {
        folded += known
      } else {
        let folding = String(scalar).folding(
          options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil
        ).lowercased()
        foldings[scalar] = folding
        folded += folding
      }
    }
    return folded
  }

  /// The text the store's index holds for a note: its title, body and tags folded, a line each.
  ///
  /// - Parameters:
  ///   - title: The note's title.
  ///   - body: The note's text.
  ///   - tags: The note's tags.
  /// - Returns: The indexed text.
  mutating func indexedText(title: String, body: String, tags: [String]) -> String {
    var lines = [fold(title), fold(body)]
    for tag in tags { lines.append(fold(tag)) }
    return lines.joined(separator: "\n")
  }
}
