import Foundation

/// A named collection of notes.
public struct Notebook: Identifiable, Hashable, Sendable, Codable {
  /// The notebook's stable identity.
  public var id: UUID
  /// The notebook's display name.
  public var name: String
  /// The name of the symbol shown beside the notebook.
  public var symbolName: String

  /// Creates a notebook.
  ///
  /// - Parameters:
  ///   - id: The notebook's identity; a new random identifier by default.
  ///   - name: The notebook's display name.
  ///   - symbolName: The symbol shown beside the notebook; `"book.closed"` by default.
  public init(id: UUID = UUID(), name: String, symbolName: String = "book.closed") {
    self.id = id
    self.name = name
    self.symbolName = symbolName
  }
}

extension Notebook {
  /// The words that open something other than a notebook wherever a notebook is named: `all`
  /// and `none`, and the names of the rows that stand for them, All Notes and No Notebook.
  public static let reservedNames: Set<String> = ["all", "none", "all notes", "no notebook"]

  /// Whether a name can't be a notebook's, because naming it opens something else: a word of
  /// ``reservedNames`` (ignoring case and surrounding spaces), or a number, which is read as a
  /// row (`12`, and `+1` or `-1`, which a row number reads too).
  ///
  /// - Parameter name: The name.
  /// - Returns: Whether it is reserved.
  public static func isReservedName(_ name: String) -> Bool {
    let trimmed = name.trimmingCharacters(in: .whitespaces)
    return reservedNames.contains(trimmed.lowercased())
      || (!trimmed.isEmpty && trimmed.allSatisfy(\.isASCIIDigit)) || Int(trimmed) != nil
  }
}

extension Character {
  /// Whether the character is one of the ASCII digits 0 to 9, as a row number is typed.
  fileprivate var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}
