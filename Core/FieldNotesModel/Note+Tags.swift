extension Note {
  /// Adds a tag to this note in place, unless the note already has it.
  ///
  /// - Parameter tag: The tag to add.
  public mutating func addTag(_ tag: String) {
    if !tags.contains(tag) { tags.append(tag) }
  }

  /// Returns a copy of this note with a tag added.
  ///
  /// - Parameter tag: The tag to add.
  /// - Returns: This note with `tag` appended to its tags, unless it already had it.
  public func addingTag(_ tag: String) -> Note {
    var copy = self
    copy.addTag(tag)
    return copy
  }
}
