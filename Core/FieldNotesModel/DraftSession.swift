import Foundation

/// One run of FieldNotes, from its start to its end: the session that kept a draft.
///
/// Each session keeps at most one draft per note, so two sessions stopped with unsaved text for
/// the same note keep two drafts, and neither is written over by the other's. The start time
/// and the terminal tell a user which draft is which.
public struct DraftSession: Identifiable, Hashable, Sendable {
  /// The session's identity, made when it started.
  public var id: UUID
  /// When the session started.
  public var startedAt: Date
  /// The terminal the session ran at, such as `/dev/pts/3`, or `nil` when its input was not a
  /// terminal (a script, or lines piped in).
  public var terminal: String?

  /// Creates a session.
  ///
  /// - Parameters:
  ///   - id: The session's identity.
  ///   - startedAt: When it started.
  ///   - terminal: The terminal it ran at, or `nil` when its input was not a terminal.
  public init(id: UUID, startedAt: Date, terminal: String?) {
    self.id = id
    self.startedAt = startedAt
    self.terminal = terminal
  }
}
