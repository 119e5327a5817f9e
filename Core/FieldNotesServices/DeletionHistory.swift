import FieldNotesModel
import Observation

/// The notes deleted in this session, newest last, so that `undo` restores the one deleted last
/// from whichever screen deleted it: a note list in either form, or a note's page.
///
/// One history is made when the app starts and handed to every screen that deletes or undoes.
@MainActor
@Observable
public final class DeletionHistory {
  private var deleted: [Note] = []

  /// Creates an empty history.
  public init() {}

  /// The note deleted last, if any is still to be restored.
  public var lastDeleted: Note? { deleted.last }

  /// Remembers a deleted note, exactly as it was.
  ///
  /// - Parameter note: The note as it was before it was deleted.
  public func remember(_ note: Note) {
    deleted.append(note)
  }

  /// Forgets the note deleted last, once it has been restored.
  public func forgetLast() {
    _ = deleted.popLast()
  }
}
