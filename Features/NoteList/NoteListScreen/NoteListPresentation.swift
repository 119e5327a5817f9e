import Observation

/// Which form every note list is drawn in, MV or MVVM: one setting for the session, switched by
/// `mode`.
///
/// Switching carries each open list's search, filters and order over to the other form, so
/// the screen prints the same bytes before and after.
@MainActor
@Observable
public final class NoteListPresentation {
  /// The form every list is drawn in.
  public private(set) var mode: NoteListMode
  @ObservationIgnored private var lists: [WeakList] = []

  /// Creates the setting.
  ///
  /// - Parameter mode: The form lists start in; MVVM by default.
  public init(mode: NoteListMode = .mvvm) {
    self.mode = mode
  }

  /// Switches every list to a form.
  ///
  /// - Parameter mode: The form.
  /// - Returns: Whether the form changed (`false` when lists already were in it).
  @discardableResult
  public func switchMode(to mode: NoteListMode) -> Bool {
    guard mode != self.mode else { return false }
    lists.removeAll { $0.list == nil }
    for case let list? in lists.map(\.list) {
      list.apply(list.settings(in: self.mode), in: mode)
    }
    self.mode = mode
    return true
  }

  /// Keeps a list in step with the setting while it is open.
  func register(_ list: NoteListScreen) {
    lists.removeAll { $0.list == nil }
    lists.append(WeakList(list: list))
  }

  private struct WeakList {
    weak var list: NoteListScreen?
  }
}
