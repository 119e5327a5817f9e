import Observation

/// The session's choices of how screens are drawn: the form every note list is in, switched by
/// `mode`.
@MainActor
@Observable
public final class ScreenPreferences {
  /// The form note lists are drawn in.
  public var noteListForm: NoteListForm

  /// Creates the choices.
  ///
  /// - Parameter noteListForm: The form note lists are drawn in.
  public init(noteListForm: NoteListForm) {
    self.noteListForm = noteListForm
  }
}

/// Which form a note list is drawn in.
public enum NoteListForm: String, CaseIterable, Sendable {
  /// The view reads the store and filters in computed properties (no view model).
  case mv
  /// The view renders the list's view model's state.
  case mvvm
}
