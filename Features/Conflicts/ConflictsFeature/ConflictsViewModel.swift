import FieldNotesModel
import FieldNotesServices
import Observation

/// The view model of the conflicts screen.
///
/// It counts the notes the store holds, the pinned ones among them, and the notebooks.
/// ``state`` is derived from the store each time it is read, so the counts follow notes saved
/// anywhere in the app.
@MainActor
@Observable
public final class ConflictsViewModel {
  /// What the conflicts screen shows.
  public enum State: Hashable, Sendable {
    /// The store holds notes: how many, how many of them are pinned, and how many notebooks
    /// there are.
    case loaded(notes: Int, pinned: Int, notebooks: Int)
    /// The store holds no note yet; how many notebooks there are.
    case empty(notebooks: Int)
  }

  @ObservationIgnored private let store: NoteStore

  /// Creates the view model.
  ///
  /// - Parameter store: The store holding the notes.
  public init(store: NoteStore) {
    self.store = store
  }

  /// What the screen shows now.
  ///
  /// - Complexity: O(*m*) for *m* notebooks: the store keeps the counts, so no note is read.
  public var state: State {
    let total = store.summary.total
    let notebooks = store.notebooks.count
    guard total.notes > 0 else { return .empty(notebooks: notebooks) }
    return .loaded(notes: total.notes, pinned: total.pinned, notebooks: notebooks)
  }

  /// The notes the counts are of: the navigation value `open` goes to.
  public var scope: NoteScope { .allNotes }
}
