import FieldNotesModel
import FieldNotesServices
import Observation

/// The view model of the trash: the deleted notes, deleted last first, and what can be done
/// with them — look at one, put one back where it was, or empty the trash once asked and
/// answered.
///
/// ``state`` is derived from its ``TrashClient`` each time it is read, so the list follows a
/// deletion or a restore made anywhere (another screen, `undo`, a sync); only the question
/// whether to empty it is the model's own. The client is all it knows of the notes.
@MainActor
@Observable
public final class TrashViewModel {
  /// What the trash screen shows.
  public enum State: Hashable, Sendable {
    /// The trashed notes, deleted last first.
    case loaded([TrashedNote])
    /// One trashed note in full, as it was deleted, with the files kept with it, until it is
    /// closed (`back`).
    case showing(TrashedNote, attachments: [NoteAttachment.Entry])
    /// Asked whether to empty the trash: the notes that would be deleted for good.
    case confirmingEmpty([TrashedNote])
    /// The trash holds nothing.
    case empty
    /// The trash could not be read: why; `list` reads it again.
    case failed(message: String)
  }

  /// The notes the question to empty the trash was asked about, while it waits for an answer.
  private var pendingEmpty: [TrashedNote]?
  /// The note shown in full, while it is.
  private var shownID: Note.ID?
  @ObservationIgnored private let client: any TrashClient
  @ObservationIgnored private let history: DeletionHistory

  /// Creates the view model.
  ///
  /// - Parameters:
  ///   - client: The trash's data: the app's `StoreTrashClient`, or a test's.
  ///   - history: The session's deletions that `undo` restores, shared with every screen that
  ///     deletes: a note restored or deleted for good here is no longer one to undo.
  public init(client: any TrashClient, history: DeletionHistory) {
    self.client = client
    self.history = history
  }

  /// What the screen shows now.
  ///
  /// Past a question, which alone decides what is shown, every input is read in every case, so
  /// an observer is told of a change to any of them.
  public var state: State {
    if let pendingEmpty { return .confirmingEmpty(pendingEmpty) }
    let shownID = shownID
    let trashed: [TrashedNote]
    do { trashed = try client.trashedNotes } catch {
      return .failed(message: error.errorDescription ?? "The trash could not be read.")
    }
    // A note restored or emptied elsewhere while shown is shown no more: the list is.
    if let shownID, let shown = trashed.first(where: { $0.id == shownID }) {
      do { return .showing(shown, attachments: try client.attachments(of: shown)) } catch {
        return .failed(message: error.errorDescription ?? "The trash could not be read.")
      }
    }
    return trashed.isEmpty ? .empty : .loaded(trashed)
  }

  /// Shows the note in a row in full: the state is ``State/showing(_:attachments:)`` until
  /// ``closeNote()``.
  ///
  /// - Parameter number: The row, from 1.
  /// - Throws: ``TrashError/noRow(_:count:)`` for a row the list doesn't have.
  public func show(at number: Int) throws(TrashError) {
    shownID = try trashedNote(at: number).id
    // Looking at a note withdraws a question about the whole trash.
    pendingEmpty = nil
  }

  /// Goes back from a note shown in full to the list.
  ///
  /// - Returns: Whether a note was shown; `false` when the list was (`back` then leaves).
  @discardableResult
  public func closeNote() -> Bool {
    let wasShown = if case .showing = state { true } else { false }
    shownID = nil
    return wasShown
  }

  /// The trashed note in a row of the list.
  ///
  /// - Parameter number: The row, from 1.
  /// - Returns: The note, as it was deleted.
  /// - Throws: ``TrashError/noRow(_:count:)`` for a row the list doesn't have.
  public func trashedNote(at number: Int) throws(TrashError) -> TrashedNote {
    let trashed = try client.trashedNotes
    guard trashed.indices.contains(number - 1) else {
      throw .noRow(number, count: trashed.count)
    }
    return trashed[number - 1]
  }

  /// Puts the note in a row back where it was: in its notebook, or in no notebook when that
  /// notebook is gone.
  ///
  /// - Parameter number: The row, from 1.
  /// - Returns: The note as restored.
  /// - Throws: ``TrashError``; nothing changed then.
  @discardableResult
  public func restore(at number: Int) throws(TrashError) -> Note {
    let trashed = try trashedNote(at: number)
    let restored = try client.restore(trashed)
    if shownID == trashed.id { shownID = nil }
    history.forget([trashed.id])
    return restored
  }

  /// The name of the notebook a restored note went to.
  ///
  /// - Parameter note: The note.
  /// - Returns: The notebook's name, or `nil` for none.
  public func notebookName(of note: Note) -> String? {
    note.notebookID.flatMap(client.notebookName)
  }

  /// Asks whether to empty the trash: the state becomes ``State/confirmingEmpty(_:)`` with the
  /// notes it holds now, which are all that ``confirmEmpty()`` deletes.
  ///
  /// - Throws: ``TrashError/alreadyEmpty`` when there is nothing to delete.
  public func askToEmpty() throws(TrashError) {
    let trashed = try client.trashedNotes
    guard !trashed.isEmpty else { throw .alreadyEmpty }
    shownID = nil
    pendingEmpty = trashed
  }

  /// Answers yes: deletes for good the notes the question was asked about, with their
  /// versions (a note restored since, here or by another process, stays), and `undo` no longer
  /// brings them back.
  ///
  /// - Returns: How many notes were deleted: those still in the trash when it was emptied.
  /// - Throws: ``TrashError/nothingAsked`` without a question, or ``TrashError/store(_:)``;
  ///   nothing was deleted then.
  @discardableResult
  public func confirmEmpty() throws(TrashError) -> Int {
    guard let pendingEmpty else { throw .nothingAsked }
    self.pendingEmpty = nil
    shownID = nil
    let asked = Set(pendingEmpty.map(\.id))
    // What another process restored or emptied meanwhile is read first, so the count is true.
    client.refresh()
    let before = asked.intersection(try client.trashedNotes.map(\.id))
    try client.purge(pendingEmpty)
    // The purge is written: when the trash can't be read after it, every entry asked about is
    // gone, as the purge said.
    let purged = before.subtracting((try? client.trashedNotes.map(\.id)) ?? [])
    history.forget(purged)
    return purged.count
  }

  /// Answers no: nothing is deleted.
  ///
  /// - Throws: ``TrashError/nothingAsked`` without a question.
  public func cancelEmpty() throws(TrashError) {
    guard pendingEmpty != nil else { throw .nothingAsked }
    pendingEmpty = nil
  }

  /// Withdraws the question, if one is asked (the screen is left); nothing is deleted.
  public func withdrawQuestion() {
    if pendingEmpty != nil { pendingEmpty = nil }
  }
}
