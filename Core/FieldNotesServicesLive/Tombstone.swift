import Foundation

/// A record in the sync folder that an item was deleted, so the deletion reaches every store.
public struct Tombstone: Hashable, Sendable, Codable {
  /// What was deleted.
  public enum Kind: String, Hashable, Sendable, Codable {
    /// A note.
    case note
    /// A notebook.
    case notebook
  }

  /// The deleted item's identifier.
  public var id: UUID
  /// What the item was.
  public var kind: Kind
  /// When it was deleted.
  public var deletedAt: Date

  /// Creates a tombstone.
  ///
  /// - Parameters:
  ///   - id: The deleted item.
  ///   - kind: What it was.
  ///   - deletedAt: When it was deleted.
  public init(id: UUID, kind: Kind, deletedAt: Date) {
    self.id = id
    self.kind = kind
    self.deletedAt = deletedAt
  }
}
