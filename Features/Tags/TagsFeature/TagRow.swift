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
  /// The titles of the notes whose text writes the tag (`#heron`), sorted: they keep it.
  public let writtenInText: [String]

  /// Creates a request.
  ///
  /// - Parameters:
  ///   - tag: The tag.
  ///   - noteCount: How many notes carry it.
  ///   - writtenInText: The titles of those whose text writes it; none by default.
  public init(tag: String, noteCount: Int, writtenInText: [String] = []) {
    self.tag = tag
    self.noteCount = noteCount
    self.writtenInText = writtenInText
  }
}

/// What a rename or deletion of a tag did.
public struct TagChangeOutcome: Hashable, Sendable {
  /// How many notes it changed.
  public let changedNotes: Int
  /// The titles of the notes it left as they were because their text writes the tag, sorted.
  public let writtenInText: [String]

  /// Creates an outcome.
  ///
  /// - Parameters:
  ///   - changedNotes: How many notes changed.
  ///   - writtenInText: The titles of the notes left as they were.
  public init(changedNotes: Int, writtenInText: [String]) {
    self.changedNotes = changedNotes
    self.writtenInText = writtenInText
  }
}
