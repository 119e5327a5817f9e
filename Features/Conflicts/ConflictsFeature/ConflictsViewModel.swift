import FieldNotesModel
import FieldNotesServices
import Observation

/// The view model of the conflict inbox: every copy a sync kept of a text that lost a
/// conflict, beside the note it conflicts with, and the three ways to resolve one.
///
/// ``state`` is derived from its ``ConflictsClient`` each time it is read, so a conflict resolved
/// anywhere (here, in another process, or on another machine and synced) leaves the list; only
/// which conflict is open is the model's own. The client is all it knows of the notes.
@MainActor
@Observable
public final class ConflictsViewModel {
  /// What the conflicts screen shows.
  public enum State: Hashable, Sendable {
    /// The unresolved conflicts, oldest first.
    case loaded([NoteConflict])
    /// One conflict, opened to compare the two texts.
    case opened(NoteConflict)
    /// No conflict is waiting.
    case empty
    /// The conflicts could not be read: why; `list` reads them again.
    case failed(message: String)
  }

  /// The copy whose conflict is open, if any.
  private var openedCopy: Note.ID?
  /// The open conflict as it was shown, which a resolution without a number must still be.
  @ObservationIgnored private var shown: NoteConflict?
  @ObservationIgnored private let client: any ConflictsClient

  /// Creates the view model.
  ///
  /// - Parameter client: The inbox's data: the app's `StoreConflictsClient`, or a test's.
  public init(client: any ConflictsClient) {
    self.client = client
  }

  /// What the screen shows now: the open conflict, while it is unresolved, or the list.
  public var state: State {
    let conflicts: [NoteConflict]
    do { conflicts = try client.conflicts } catch {
      return .failed(message: error.errorDescription ?? "The conflicts could not be read.")
    }
    if let openedCopy, let conflict = conflicts.first(where: { $0.id == openedCopy }) {
      return .opened(conflict)
    }
    return conflicts.isEmpty ? .empty : .loaded(conflicts)
  }

  /// Opens the conflict in a row of the list.
  ///
  /// - Parameter number: The row, from 1.
  /// - Throws: ``ConflictsError/noRow(_:count:)`` for a row the list doesn't have.
  public func open(at number: Int) throws(ConflictsError) {
    let conflict = try conflict(at: number)
    openedCopy = conflict.id
    shown = conflict
  }

  /// Goes back to the list.
  public func close() {
    if openedCopy != nil { openedCopy = nil }
  }

  /// Resolves a conflict, in one transaction that syncs like any edit.
  ///
  /// Without a number it resolves the open conflict as it was shown: if its texts changed
  /// since, it refuses once, and what the screen draws then is what the next `keep` resolves.
  ///
  /// - Parameters:
  ///   - resolution: Which text to keep.
  ///   - number: The conflict's row, or `nil` for the one open.
  /// - Returns: The conflict as it was before it was resolved.
  /// - Throws: ``ConflictsError``; nothing changed then.
  @discardableResult
  public func resolve(_ resolution: ConflictResolution, at number: Int? = nil)
    throws(ConflictsError) -> NoteConflict
  {
    let conflict: NoteConflict
    if let number {
      conflict = try self.conflict(at: number)
    } else if case .opened(let opened) = state {
      // The texts changed since they were shown: show them now, resolve nothing yet.
      guard opened == shown else {
        shown = opened
        throw .changedSinceShown
      }
      conflict = opened
    } else if try client.conflicts.isEmpty {
      throw .noRow(1, count: 0)
    } else {
      throw .nothingOpen(resolution)
    }
    do { try client.resolve(conflict, resolution) } catch {
      // Refused, as when another process changed a text meanwhile: the screen draws the texts
      // as they are now, and the next `keep` resolves those.
      if case .opened(let now) = state { shown = now }
      throw error
    }
    openedCopy = nil
    return conflict
  }

  private func conflict(at number: Int) throws(ConflictsError) -> NoteConflict {
    let conflicts = try client.conflicts
    guard conflicts.indices.contains(number - 1) else {
      throw .noRow(number, count: conflicts.count)
    }
    return conflicts[number - 1]
  }
}
