import Foundation

/// Reads and writes the `tags` column: a JSON array of strings.
///
/// Reading takes a fast path for the arrays FieldNotes writes itself and falls back to
/// `JSONDecoder` for anything unusual, so a store edited by another tool still loads.
enum TagsText {
  static func encode(_ tags: [String]) -> String {
    guard !tags.isEmpty else { return "[]" }
    // Printable ASCII with nothing to escape is written as `JSONEncoder` writes it, without
    // asking it: `["birds","rare"]`.
    let plain = tags.allSatisfy { tag in
      tag.utf8.allSatisfy { (0x20...0x7E).contains($0) && $0 != 0x22 && $0 != 0x5C && $0 != 0x2F }
    }
    if plain { return "[\"" + tags.joined(separator: "\",\"") + "\"]" }
    guard let data = try? JSONEncoder().encode(tags) else { return "[]" }
    return String(decoding: data, as: UTF8.self)
  }

  static func decode(_ text: UnsafeBufferPointer<UInt8>) -> [String]? {
    if text.count == 2, text[0] == 0x5B, text[1] == 0x5D { return [] }
    if let tags = fastDecode(text) { return tags }
    return try? JSONDecoder().decode([String].self, from: Data(text))
  }

  /// Decodes `["a","b"]` holding no escapes; returns `nil` for anything else.
  private static func fastDecode(_ text: UnsafeBufferPointer<UInt8>) -> [String]? {
    guard text.count >= 2, text.first == 0x5B, text.last == 0x5D else { return nil }
    var tags: [String] = []
    var position = 1
    let end = text.count - 1
    while position < end {
      guard text[position] == 0x22 else { return nil }
      let start = position + 1
      var close = start
      while close < end, text[close] != 0x22 {
        if text[close] == 0x5C { return nil }  // an escape: leave it to JSONDecoder
        close += 1
      }
      guard close < end else { return nil }
      tags.append(
        String(decoding: UnsafeBufferPointer(rebasing: text[start..<close]), as: UTF8.self))
      position = close + 1
      if position < end {
        guard text[position] == 0x2C else { return nil }
        position += 1
      }
    }
    return tags
  }
}
