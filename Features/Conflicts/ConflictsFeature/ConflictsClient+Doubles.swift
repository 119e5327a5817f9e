import FieldNotesModel
import Observation

/// A conflict inbox held in memory, for tests and previews: the conflicts are a value a test
/// sets, and the resolutions the view model asked for are there to read.
@MainActor
@Observable
public final class InMemoryConflictsClient: ConflictsClient {
  /// The unresolved conflicts, oldest first.
  public var conflicts: [NoteConflict]
  /// Each conflict resolved, with how, in order.
  public private(set) var resolved: [Resolved] = []

  /// A conflict the view model resolved: its copy's identifier, and which text it kept.
  public struct Resolved: Hashable, Sendable {
    /// The copy's identifier.
    public var id: Note.ID
    /// Which text was kept.
    public var resolution: ConflictResolution

    /// Creates the record of a resolution.
    ///
    /// - Parameters:
    ///   - id: The copy's identifier.
    ///   - resolution: Which text was kept.
    public init(id: Note.ID, resolution: ConflictResolution) {
      self.id = id
      self.resolution = resolution
    }
  }

  /// Creates the inbox.
  ///
  /// - Parameter conflicts: The unresolved conflicts, oldest first.
  public init(conflicts: [NoteConflict] = []) {
    self.conflicts = conflicts
  }

  /// Takes the conflict out of the inbox, noting how it was resolved.
  ///
  /// - Parameters:
  ///   - conflict: The conflict.
  ///   - resolution: Which text to keep.
  /// - Throws: ``ConflictsError/store(_:)`` with `notAConflict` when it isn't here.
  public func resolve(_ conflict: NoteConflict, _ resolution: ConflictResolution)
    throws(ConflictsError)
  {
    guard let index = conflicts.firstIndex(where: { $0.id == conflict.id }) else {
      throw .store(.notAConflict(conflict.id))
    }
    conflicts.remove(at: index)
    resolved.append(Resolved(id: conflict.id, resolution: resolution))
  }
}

/// A conflict inbox that fails every use: what a test hands the view model when the step it
/// tests must not touch the notes, so a step that does is reported (through `report`, which a
/// test points at `Issue.record`).
@MainActor
public final class UnimplementedConflictsClient: ConflictsClient {
  private let report: (String) -> Void

  /// Creates the client.
  ///
  /// - Parameter report: Told the member used, as `ConflictsClient.resolve(_:_:)`.
  public init(report: @escaping (String) -> Void) {
    self.report = report
  }

  /// Reports the read, and answers no conflicts.
  public var conflicts: [NoteConflict] {
    report("ConflictsClient.conflicts")
    return []
  }

  /// Reports the resolution, and refuses it.
  ///
  /// - Throws: ``ConflictsError/notProvided(_:)``.
  public func resolve(_ conflict: NoteConflict, _ resolution: ConflictResolution)
    throws(ConflictsError)
  {
    report("ConflictsClient.resolve(_:_:)")
    throw .notProvided("ConflictsClient.resolve(_:_:)")
  }
}
