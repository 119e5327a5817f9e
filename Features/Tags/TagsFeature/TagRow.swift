/// One row of the tags screen: a tag and how many notes carry it.
public struct TagRow: Hashable, Sendable {
  /// The tag, without `#`.
  public let name: String
  /// How many notes carry it.
  public let noteCount: Int

  /// Creates a row.
  ///
  /// - Parameters:
  ///   - name: The tag, without `#`.
  ///   - noteCount: How many notes carry it.
  public init(name: String, noteCount: Int) {
    self.name = name
    self.noteCount = noteCount
  }
}

/// A tag about to be removed from every note, while the screen asks whether to go on.
public struct TagDeletionRequest: Hashable, Sendable {
  /// The tag.
  public let tag: String
  /// How many notes carry it.
  public let noteCount: Int

  /// Creates a request.
  ///
  /// - Parameters:
  ///   - tag: The tag.
  ///   - noteCount: How many notes carry it.
  public init(tag: String, noteCount: Int) {
    self.tag = tag
    self.noteCount = noteCount
  }
}
