import FieldNotesText
import Foundation

/// A front-matter key FieldNotes has no field for (`aliases:`, `source:`, `status:`), kept with
/// its note exactly as it was written.
///
/// The value is the YAML text as written, never reformatted: everything after the key's colon
/// to the end of its last line — ` draft`, ` [a, b]`, or `\n  - a\n  - b` for a list written
/// over several lines — so that writing `key:` and the value back gives the same bytes.
/// ``values`` reads what it says, for showing and searching.
public struct NoteProperty: Hashable, Sendable {
  /// The key, as written (its case kept).
  public var key: String
  /// The value's text as written: what follows the colon, to the end of its last line.
  public var rawValue: String

  /// Creates a property.
  ///
  /// - Parameters:
  ///   - key: The key, as written.
  ///   - rawValue: What follows the key's colon, as written, line breaks of a value written
  ///     over several lines included.
  public init(key: String, rawValue: String) {
    self.key = key
    self.rawValue = rawValue
  }

  /// The property's lines as a front matter holds them: `key:` and the value as written.
  public var frontMatterText: String { key + ":" + rawValue }

  /// What the value says: a list's items, or the value alone.
  ///
  /// A list is `[a, "b"]`, or `- item` lines below the key; each item or value is without the
  /// spaces and quotes around it. None for a key with nothing after it.
  public var values: [String] {
    let text = rawValue.trimmingCharacters(in: .whitespacesAndNewlines)
    guard !text.isEmpty else { return [] }
    if text.hasPrefix("["), text.hasSuffix("]") {
      return text.dropFirst().dropLast().split(separator: ",").map { Self.unquoted($0) }
        .filter { !$0.isEmpty }
    }
    // A comment below the value (`# …`) is no part of what it says.
    let lines = text.split(whereSeparator: \.isNewline).map {
      $0.trimmingCharacters(in: .whitespaces)
    }.enumerated().filter { $0.offset == 0 || !$0.element.hasPrefix("#") }.map(\.element)
    if lines.allSatisfy({ $0.hasPrefix("- ") || $0 == "-" }) {
      return lines.map { Self.unquoted($0.dropFirst()) }.filter { !$0.isEmpty }
    }
    return [Self.unquoted(Substring(lines.joined(separator: "\n")))]
  }

  /// The value as a page shows it: its items with commas between them.
  public var displayValue: String { values.joined(separator: ", ") }

  /// Whether the property has a key, ignoring case and diacritics as a search does.
  ///
  /// - Parameter key: The key searched for.
  /// - Returns: `true` when the keys fold to the same text.
  public func hasKey(_ key: String) -> Bool {
    SearchFolding.fold(self.key) == SearchFolding.fold(key)
  }

  /// Whether the property has a key and says a value: its value, or one of its list's items,
  /// is the value, ignoring case and diacritics; any value at all for `nil`, and no value for
  /// an empty one.
  ///
  /// - Parameters:
  ///   - key: The key searched for.
  ///   - value: The value searched for, or `nil` for any.
  /// - Returns: `true` when the property matches.
  public func matches(key: String, value: String?) -> Bool {
    guard hasKey(key) else { return false }
    guard let value else { return true }
    guard !value.isEmpty else { return values.isEmpty }
    let folded = SearchFolding.fold(value)
    return values.contains { SearchFolding.fold($0) == folded }
  }

  /// A value without the spaces and quotes around it (YAML's `''` in single quotes is a quote).
  private static func unquoted(_ text: Substring) -> String {
    let trimmed = text.trimmingCharacters(in: .whitespaces)
    for quote in ["\"", "'"] where trimmed.count >= 2 {
      if trimmed.hasPrefix(quote), trimmed.hasSuffix(quote) {
        let inner = String(trimmed.dropFirst().dropLast())
        return quote == "'" ? inner.replacingOccurrences(of: "''", with: "'") : inner
      }
    }
    return trimmed
  }
}

/// A property as JSON writes it: `{"key": "status", "value": " draft"}`, the value as written.
extension NoteProperty: Codable {
  private enum CodingKeys: String, CodingKey {
    case key
    case rawValue = "value"
  }
}

// A note's properties are left out of its JSON when it has none, and a note written without
// them (by a FieldNotes before properties) reads as having none: the synthesized `Codable` of
// `Note` calls these, the closest overloads for its `properties`.
extension KeyedEncodingContainer {
  /// Encodes a note's properties, or nothing for none.
  ///
  /// - Parameters:
  ///   - properties: The properties.
  ///   - key: Their key.
  /// - Throws: `EncodingError` when a property can't be encoded.
  public mutating func encode(_ properties: [NoteProperty], forKey key: Key) throws {
    guard !properties.isEmpty else { return }
    try encodeIfPresent(properties as [NoteProperty]?, forKey: key)
  }
}

extension KeyedDecodingContainer {
  /// Decodes a note's properties: none when the key is missing.
  ///
  /// - Parameters:
  ///   - type: The properties' type.
  ///   - key: Their key.
  /// - Returns: The properties.
  /// - Throws: `DecodingError` when they are there but not properties.
  public func decode(_ type: [NoteProperty].Type, forKey key: Key) throws -> [NoteProperty] {
    try decodeIfPresent(type, forKey: key) ?? []
  }
}
