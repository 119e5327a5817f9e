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
