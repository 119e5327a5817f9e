import FieldNotesModel
import FieldNotesNavigation
import FieldNotesServices
import FieldNotesTerminal
import NotebooksFeature

/// The notebooks screen on a terminal: ``NotebooksFeature``'s view model, the view drawn from
/// its state, and the commands typed at it.
///
/// This is the only module of the app that imports `NotebooksFeature`; the REPL knows the screen
/// through its registration alone.
@MainActor
public final class NotebooksScreen: TerminalScreen {
  /// Where FieldNotes' screens navigate.
  public typealias Route = FieldNotesNavigation.Route

  /// How the app makes the notebooks screen, the root.
  public static let registration = ScreenRegistration<Route, ScreenDependencies>(
    NotebooksScreen.self, shows: { $0 == .notebooks ? () : nil },
    make: { _, dependencies in
      NotebooksScreen(
        model: NotebooksViewModel(store: dependencies.store, ids: dependencies.ids))
    })

  let notebooks: NotebooksViewModel

  /// Shows a view model's notebooks, reading the store first.
  ///
  /// - Parameter model: The view model.
  public init(model: NotebooksViewModel) {
    notebooks = model
    notebooks.load()
  }

  /// The screen, drawn from the view model's state.
  ///
  /// - Parameter terminal: The terminal's width and style.
  /// - Returns: The lines to print.
  public func render(in terminal: TerminalContext) -> [String] {
    NotebooksView.render(notebooks.state, in: terminal)
  }

  /// The view model's state in brief, such as `loaded(3 rows)`, for `state`.
  public var stateDescription: String { Self.describe(notebooks.state) }

  static func describe(_ state: NotebooksViewModel.State) -> String {
    switch state {
    case .loaded(let rows, let conflicts):
      "loaded(\(String(count: rows.count, noun: "row"))\(described(conflicts)))"
    case .empty(let noteCount, let conflicts):
      "empty(\(String(count: noteCount, noun: "note")) in no notebook\(described(conflicts)))"
    case .confirming(let request):
      "confirming(\"\(request.name.terminalSafe)\", "
        + "\(String(count: request.noteCount, noun: "note")))"
    case .failed(let message): "failed(\"\(message.terminalSafe)\")"
    }
  }

  /// `, 2 conflicts` when there are any.
  private static func described(_ conflicts: Int) -> String {
    conflicts == 0 ? "" : ", " + String(count: conflicts, noun: "conflict")
  }

  /// What changed between two states beyond their brief descriptions: the rows whose counts
  /// moved, such as `Birds 3 → 2 notes`.
  static func describeChange(_ old: NotebooksViewModel.State, _ new: NotebooksViewModel.State)
    -> String?
  {
    guard case .loaded(let before, _) = old, case .loaded(let after, _) = new else { return nil }
    let counts = Dictionary(before.map { ($0.scope, $0) }) { first, _ in first }
    let moved = after.compactMap { row -> String? in
      guard let earlier = counts[row.scope] else { return "\(row.name.terminalSafe) added" }
      var changes: [String] = []
      if earlier.noteCount != row.noteCount {
        changes.append("\(earlier.noteCount) → \(String(count: row.noteCount, noun: "note"))")
      }
      if earlier.pinnedCount != row.pinnedCount {
        changes.append("\(earlier.pinnedCount) → \(row.pinnedCount) pinned")
      }
      if earlier.name != row.name { changes.append("renamed \(row.name.terminalSafe)") }
      return changes.isEmpty
        ? nil : "\(earlier.name.terminalSafe) " + changes.joined(separator: ", ")
    }
    return moved.isEmpty ? nil : moved.joined(separator: "; ")
  }
}

extension NotebooksScreen {
  /// The state as `why` reads it, its view being drawn from it alone: each row as its name and
  /// counts (the state is kept in full for what those leave out).
  static func describeRows(_ state: NotebooksViewModel.State) -> String {
    switch state {
    case .loaded(let rows, let conflicts):
      "loaded(["
        + rows.map { "\($0.name.terminalSafe) \($0.noteCount)/\($0.pinnedCount)" }
        .joined(separator: ", ") + "]\(Self.described(conflicts)))"
    default: Self.describe(state)
    }
  }
}
