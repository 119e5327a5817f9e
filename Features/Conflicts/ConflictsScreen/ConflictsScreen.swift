import ConflictsFeature
import FieldNotesNavigation
import FieldNotesTerminal

/// The conflicts screen on a terminal: its view model's state drawn, and `open`.
@MainActor
public final class ConflictsScreen: TracedScreen {
  /// Where FieldNotes' screens navigate.
  public typealias Route = FieldNotesNavigation.Route

  /// How the app makes this screen, and the command on the notebooks screen that opens it
  /// (`conflicts`).
  public static let registration = ScreenRegistration<Route, ScreenDependencies>(
    ConflictsScreen.self, shows: { $0 == .conflicts ? () : nil },
    entries: [
      ScreenEntry(
        CommandHelp(
          names: ["conflicts"], usage: "conflicts",
          summary: "open the conflicts screen"),
        opens: .conflicts, on: .notebooks)
    ],
    make: { _, dependencies in
      let model = ConflictsViewModel(store: dependencies.store)
      return ConflictsScreen(model: model)
    })

  let model: ConflictsViewModel

  /// Shows a view model's counts.
  ///
  /// - Parameter model: The view model.
  public init(model: ConflictsViewModel) {
    self.model = model
  }

  // MARK: - TerminalScreen

  /// `conflicts`.
  public var promptTitle: String? { "conflicts" }

  /// `ConflictsView`.
  public var viewName: String { "ConflictsView" }

  /// The counts, or why there are none.
  ///
  /// - Parameter terminal: The terminal's width and style.
  /// - Returns: The lines to print.
  public func render(in terminal: TerminalContext) -> [String] {
    ConflictsView.render(model.state)
  }

  /// `ConflictsViewModel.state = …`.
  public var stateLine: String {
    let state = ConflictsView.describe(model.state)
    return "ConflictsViewModel.state = \(state)"
  }

  /// Traces the view model's state.
  ///
  /// - Parameter emit: Prints one transition.
  /// - Returns: The tracer.
  public func traceState(emit: @escaping (String) -> Void) -> StateTracer {
    StateTracer(
      label: "ConflictsViewModel.state", read: { [model] in model.state },
      describe: ConflictsView.describe, emit: emit)
  }

  /// On the conflicts screen.
  public static let helpHeading = "Conflicts"
  /// How to reach the conflicts screen.
  public static let directions = "type `conflicts` on the notebooks screen first"

  /// The conflicts screen's commands.
  public static let commands: [ScreenCommand<ConflictsScreen>] = [
    ScreenCommand(["open"], usage: "open", summary: "list the notes counted here") {
      screen, arguments, _ throws(ScreenError) in
      guard arguments.isEmpty else { throw .usage("open") }
      return ScreenResult(.push(.noteList(screen.model.scope)))
    }
  ]
}
