import Foundation

/// How a note list is ordered.
///
/// Pinned notes always come first; the order applies to the rest.
public enum NoteSortOrder: String, CaseIterable, Hashable, Sendable {
  /// The most recently written first.
  case newest
  /// The earliest written first.
  case oldest
  /// By title, ignoring case and diacritics, numbers in numeric order.
  case title

  /// Returns notes in this order, pinned notes first.
  ///
  /// Ties are broken by creation date and then identifier, so the order is total and the same
  /// everywhere it is computed.
  ///
  /// - Parameter notes: The notes to order.
  /// - Returns: The same notes, ordered.
  /// - Complexity: O(*n* log *n*).
  public func sorted(_ notes: [Note]) -> [Note] {
    notes.sorted { lhs, rhs in
      if lhs.isPinned != rhs.isPinned { return lhs.isPinned }
      switch self {
      case .newest:
        if lhs.createdAt != rhs.createdAt { return lhs.createdAt > rhs.createdAt }
      case .oldest:
        if lhs.createdAt != rhs.createdAt { return lhs.createdAt < rhs.createdAt }
      case .title:
        let order = lhs.title.compare(
          rhs.title, options: [.caseInsensitive, .diacriticInsensitive, .numeric])
        if order != .orderedSame { return order == .orderedAscending }
        if lhs.createdAt != rhs.createdAt { return lhs.createdAt < rhs.createdAt }
      }
      return lhs.id.uuidString < rhs.id.uuidString
    }
  }
}
