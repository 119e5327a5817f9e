/// A note the store holds but could not read (a damaged row): left exactly as it is, never
/// written over, and reported, while every other note works.
public struct UnreadableNote: Hashable, Sendable {
  /// The note's identifier, when that much could be read.
  public let id: Note.ID?
  /// What is wrong with it, such as "its tags are not a list".
  public let reason: String

  /// Describes an unreadable note.
  ///
  /// - Parameters:
  ///   - id: The note's identifier, if it could be read.
  ///   - reason: What is wrong with it.
  public init(id: Note.ID?, reason: String) {
    self.id = id
    self.reason = reason
  }
}
