import Foundation
import Synchronization

/// How FieldNotes compares search text: both sides folded to lower case without diacritics
/// ("Café" and "CAFE" both become "cafe"), then matched as bytes.
///
/// Every search in the app goes through here, the in-memory scan and the store's search index
/// alike, so every form of every list finds the same notes. Text is folded the same however it
/// was written: an accent typed as a letter of its own (`e` + U+0301) folds as the precomposed
/// letter (`é`) does, and compatibility forms as what they stand for (`ﬁ` as `fi`, `Ａ` as `a`,
/// `²` as `2`). An accent is set aside even where it composes with no letter: `i` + U+0307 (what
/// lower-casing `İ` gives) folds as `i`, `q́` as `q`, and a term of accents alone folds to
/// nothing (``isAccent(_:)`` says which marks are accents). NUL, which SQLite's full-text search
/// reads as the end of the text, and the noncharacters U+FFFE and U+FFFF, which it reads as
/// U+FFFD, fold to U+FFFD, so no index ever reads the folded text otherwise than the scan does;
/// other control characters are kept.
public enum SearchFolding {
  /// The version of the folding: changed whenever ``fold(_:)`` gives other bytes for some text.
  ///
  /// A search index keeps text folded by one version (a store's records it, and is rebuilt when
  /// it differs), so the index and the in-memory scan always compare the same bytes.
  ///
  /// Version 3 sets aside accents that compose with no letter, which version 2 kept.
  public static let version = 3

  /// Returns text folded for searching, as UTF-8.
  ///
  /// Each Unicode scalar is folded on its own (its compatibility form, lower case, diacritics
  /// removed, an accent left out), and a scalar's folding is worked out once per process. Text
  /// holding a scalar that can combine with the one before it (a combining mark, a Hangul vowel
  /// or final consonant) is first composed (NFKC), so that it folds as the same text written
  /// precomposed; an accent still standing apart after that is an accent no letter takes, and is
  /// left out as a composed one is.
  ///
  /// - Parameter text: The text to fold.
  /// - Returns: The folded text's UTF-8 bytes.
  /// - Complexity: O(*n*); plain ASCII text takes a fast path, and only text with combining
  ///   scalars is normalized first (which costs about ten times the folding).
  public static func fold(_ text: String) -> [UInt8] {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(text.utf8.count)
    fold(text, into: &bytes)
    return bytes
  }

  /// Appends text folded for searching to some bytes.
  ///
  /// - Parameters:
  ///   - text: The text to fold.
  ///   - bytes: Where the folded UTF-8 goes.
  public static func fold(_ text: String, into bytes: inout [UInt8]) {
    let start = bytes.count
    var text = text
    let isFolded = text.withUTF8 { append($0, to: &bytes, stoppingAtCombining: true) }
    guard !isFolded else { return }
    bytes.removeSubrange(start...)
    var composed = text.precomposedStringWithCompatibilityMapping
    composed.withUTF8 { _ = append($0, to: &bytes, stoppingAtCombining: false) }
  }

  /// Appends the folding of each scalar of some UTF-8 to some bytes.
  ///
  /// - Returns: `false` when it stopped at a scalar that can combine with the one before it,
  ///   having appended only part of the text.
  private static func append(
    _ utf8: UnsafeBufferPointer<UInt8>, to bytes: inout [UInt8], stoppingAtCombining: Bool
  ) -> Bool {
    var index = 0
    while index < utf8.count {
      let byte = utf8[index]
      if byte < 0x80, byte != 0 {
        // A run of ASCII is copied in one go and lower-cased in place, rather than appended
        // byte by byte.
        var end = index + 1
        while end < utf8.count, utf8[end] < 0x80, utf8[end] != 0 { end += 1 }
        let start = bytes.count
        bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[index..<end]))
        bytes.withUnsafeMutableBufferPointer { folded in
          for position in start..<folded.count where folded[position] &- 0x41 < 26 {
            folded[position] |= 0x20
          }
        }
        index = end
        continue
      }
      if byte == 0 {
        bytes += replacementCharacter
        index += 1
        continue
      }
      // A String's UTF-8 is always valid, so the lead byte gives the sequence's length.
      let length = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : 2
      var value = UInt32(byte) & (length == 2 ? 0x1F : length == 3 ? 0x0F : 0x07)
      for offset in 1..<length where index + offset < utf8.count {
        value = value << 6 | UInt32(utf8[index + offset] & 0x3F)
      }
      if let scalar = Unicode.Scalar(value) {
        let folded = foldedScalar(scalar)
        if stoppingAtCombining, folded.canCombine { return false }
        bytes += folded.bytes
      }
      index += length
    }
    return true
  }

  /// Appends one character folded as ``fold(_:)`` folds it, without making a string of it when
  /// it is one scalar (nearly every character): for code that needs to know which character
  /// each folded byte came from.
  ///
  /// - Parameters:
  ///   - character: The character.
  ///   - bytes: Where the folded UTF-8 goes.
  public static func fold(_ character: Character, into bytes: inout [UInt8]) {
    let scalars = character.unicodeScalars
    guard let scalar = scalars.first, scalars.index(after: scalars.startIndex) == scalars.endIndex
    else { return fold(String(character), into: &bytes) }
    switch scalar.value {
    case 0: bytes += replacementCharacter
    case 0x41...0x5A: bytes.append(UInt8(scalar.value) | 0x20)
    case 1..<0x80: bytes.append(UInt8(scalar.value))
    default: bytes += foldedScalar(scalar).bytes
    }
  }

  /// U+FFFD as UTF-8.
  private static let replacementCharacter: [UInt8] = [0xEF, 0xBF, 0xBD]

  /// A scalar's folding, and whether it can combine with the scalar before it.
  private struct FoldedScalar: Sendable {
    var bytes: [UInt8]
    var canCombine: Bool
  }

  private static let scalarCache = Mutex<[UInt32: FoldedScalar]>([:])

  private static func foldedScalar(_ scalar: Unicode.Scalar) -> FoldedScalar {
    if let cached = scalarCache.withLock({ $0[scalar.value] }) { return cached }
    // A compatibility form folds as what it stands for, scalar by scalar, which is how those
    // scalars fold in text that was composed first: `´` (a space and U+0301) folds alike either
    // way.
    var bytes: [UInt8] = []
    for part in String(scalar).precomposedStringWithCompatibilityMapping.unicodeScalars
    where !isAccent(part) {
      bytes += folding(of: part)
    }
    let folded = FoldedScalar(bytes: bytes, canCombine: canCombine(scalar))
    scalarCache.withLock { $0[scalar.value] = folded }
    return folded
  }

  /// One scalar in lower case without diacritics, as Foundation folds it; NUL, U+FFFE and
  /// U+FFFF as U+FFFD.
  private static func folding(of scalar: Unicode.Scalar) -> [UInt8] {
    switch scalar.value {
    case 0, 0xFFFE, 0xFFFF: replacementCharacter
    default:
      Array(
        String(scalar).folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
          .utf8)
    }
  }

  /// Whether a scalar is an accent, which searches set aside wherever it stands: a combining
  /// diacritical mark (U+0300–U+036F, and the blocks that extend and supplement them,
  /// U+1AB0–U+1AFF and U+1DC0–U+1DFF), a Cyrillic combining mark (U+0483–U+0489) or a combining
  /// half mark (U+FE20–U+FE2F).
  ///
  /// These are the marks Foundation's diacritic-insensitive folding drops after any letter.
  /// Marks that are part of a letter in their script are not accents, and are kept: a kana's
  /// voicing, an Indic vowel sign, Hebrew and Arabic vowel points, Thai tone marks, the marks
  /// of symbols (a keycap, a circle around a letter).
  ///
  /// - Parameter scalar: The scalar.
  /// - Returns: `true` for an accent.
  static func isAccent(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x0300...0x036F, 0x0483...0x0489, 0x1AB0...0x1AFF, 0x1DC0...0x1DFF, 0xFE20...0xFE2F:
      true
    default: false
    }
  }

  /// Whether normalization may combine a scalar with the one before it: a combining mark (but
  /// not a variation selector, which combines with nothing), or a Hangul vowel or final
  /// consonant written after the consonant it joins.
  private static func canCombine(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x1160...0x11FF: return true
    case 0xFE00...0xFE0F, 0xE0100...0xE01EF: return false
    default: break
    }
    if scalar.properties.canonicalCombiningClass != .notReordered { return true }
    switch scalar.properties.generalCategory {
    case .nonspacingMark, .spacingMark, .enclosingMark: return true
    default: return false
    }
  }

  /// Whether folded text contains a folded query.
  ///
  /// - Parameters:
  ///   - text: Folded text, from ``fold(_:)``.
  ///   - query: A folded query, from ``fold(_:)``.
  /// - Returns: `true` when `query` occurs in `text`; always for an empty query.
  /// - Complexity: O(*n*·*m*) at worst, near O(*n*) in practice.
  public static func contains(_ text: [UInt8], _ query: [UInt8]) -> Bool {
    query.isEmpty || firstOffset(of: query, in: text) != nil
  }

  /// Where a folded query first occurs in folded text, at or after an offset.
  ///
  /// - Parameters:
  ///   - query: A folded query, from ``fold(_:)``; not empty.
  ///   - text: Folded text, from ``fold(_:)``.
  ///   - start: The byte offset to look from; the start by default.
  /// - Returns: The byte offset of the first occurrence, or `nil` when there is none.
  /// - Complexity: O(*n*·*m*) at worst, near O(*n*) in practice.
  public static func firstOffset(of query: [UInt8], in text: [UInt8], from start: Int = 0) -> Int? {
    guard let first = query.first, start >= 0, text.count - start >= query.count else {
      return nil
    }
    return text.withUnsafeBufferPointer { haystack in
      query.withUnsafeBufferPointer { needle in
        guard let base = haystack.baseAddress, let needleBase = needle.baseAddress else {
          return nil
        }
        let last = needle[needle.count - 1]
        var offset = start
        let lastStart = haystack.count - needle.count
        while offset <= lastStart {
          guard let found = memchr(base + offset, Int32(first), lastStart - offset + 1) else {
            return nil
          }
          let position = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
          // Comparing the last byte first skips most false starts without a call.
          if base[position + needle.count - 1] == last,
            memcmp(base + position, needleBase, needle.count) == 0
          {
            return position
          }
          offset = position + 1
        }
        return nil
      }
    }
  }
}
