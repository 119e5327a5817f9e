import ConflictsFeature
import FieldNotesModel
import FieldNotesNavigation
import FieldNotesServices
import FieldNotesTerminal
import Foundation

/// The conflict inbox on a terminal: its view model's state drawn, and `open N`,
/// `keep original|copy|both [N]` and `close`.
@MainActor
public final class ConflictsScreen: TerminalScreen {
  /// Where FieldNotes' screens navigate.
  public typealias Route = FieldNotesNavigation.Route

  /// How the app makes this screen, and the command on the notebooks screen that opens it
  /// (`conflicts`).
  ///
  /// - Parameter client: Makes the inbox's data from what the app composed: the app passes
  ///   `StoreConflictsClient` (`ConflictsLive`).
  /// - Returns: The registration.
  public static func registration(
    client: @escaping @MainActor (ScreenDependencies) -> any ConflictsClient
  ) -> ScreenRegistration<Route, ScreenDependencies> {
    ScreenRegistration(
      ConflictsScreen.self, shows: { $0.place(ConflictsPlace.self) },
      entries: [
        ScreenEntry(
          ["conflicts"],
          summary: "open the conflict inbox: texts a sync kept apart, to compare and resolve",
          opens: .feature(ConflictsPlace()), on: .notebooks)
      ],
      make: { _, dependencies in
        let model = ConflictsViewModel(client: client(dependencies))
        return ConflictsScreen(model: model, now: dependencies.now, timeZone: dependencies.timeZone)
      })
  }

  let model: ConflictsViewModel
  private let now: DateProvider
  private let timeZone: TimeZone

  /// Shows the conflict inbox.
  ///
  /// - Parameters:
  ///   - model: The view model.
  ///   - now: Where "edited 5 min ago" is counted from.
  ///   - timeZone: The time zone of calendar dates.
  public init(model: ConflictsViewModel, now: DateProvider, timeZone: TimeZone) {
    self.model = model
    self.now = now
    self.timeZone = timeZone
  }

  // MARK: - TerminalScreen

  /// `conflicts`.
  public var promptTitle: String? { "conflicts" }

  /// `ConflictsView`.
  public var viewName: String { "ConflictsView" }

  /// The conflicts, or the one open.
  ///
  /// - Parameter terminal: The terminal's width and style.
  /// - Returns: The lines to print.
  public func render(in terminal: TerminalContext) -> [String] {
    ConflictsView.render(model.state, now: now(), timeZone: timeZone)
  }

  /// The view model's state (for `state`, `trace` and `why`), and the clock its dates are
  /// described from (for `why`).
  public var capabilities: ScreenCapabilities<Route> {
    let state = ViewModelState(
      "ConflictsViewModel.state", read: { [model] in model.state }, describe: ConflictsView.describe
    )
    return ScreenCapabilities(
      state: state,
      drawnFrom: { [unowned self] _ in
        [state.drawnValue, DrawnValue.clock(now(), timeZone: timeZone)]
      })
  }

  /// In the conflict inbox.
  public static let helpHeading = "In the conflict inbox"
  /// How to reach the conflicts screen.
  public static let directions = "type `conflicts` on the notebooks screen first"

  /// The conflicts screen's commands.
  public static let commands: [ScreenCommand<ConflictsScreen>] = [
    ScreenCommand(
      ["open", "show"], arguments: CommandArguments([.number("N")]),
      summary: "compare conflict N's two texts"
    ) { screen, arguments, _ throws(ScreenError) in
      try ScreenError.carrying { () throws(ConflictsError) in
        try screen.model.open(at: arguments.number(at: 0))
      }
      return .stay
    },
    ScreenCommand(
      ["keep"],
      arguments: CommandArguments([
        .choice(ConflictResolution.allCases.map(\.rawValue)), .optional(.number("N")),
      ]),
      summary: "resolve the open conflict (or conflict N) keeping that text"
    ) { screen, arguments, _ throws(ScreenError) in try screen.keep(arguments) }
    .completing { _, previous in
      previous.isEmpty ? ConflictResolution.allCases.map(\.rawValue) : []
    },
    ScreenCommand(["close"], arguments: .none, summary: "go back to the list of conflicts") {
      screen, arguments, _ throws(ScreenError) in
      screen.model.close()
      return .stay
    },
  ]

  private func keep(_ arguments: [String]) throws(ScreenError) -> ScreenResult<Route> {
    // The declaration let through only a resolution's name, then a number or nothing; were it
    // ever otherwise, keeping both texts loses neither.
    let resolution = ConflictResolution(rawValue: arguments[0].lowercased()) ?? .keepBoth
    let number = arguments.count == 2 ? arguments.number(at: 1) : nil
    let conflict = try ScreenError.carrying { () throws(ConflictsError) in
      try model.resolve(resolution, at: number)
    }
    let title = "\u{201C}\(conflict.copyTitle.terminalSafe)\u{201D}"
    switch resolution {
    case .keepOriginal:
      return .say("Kept the note as it is; the copy of \(title) is in the trash.")
    case .keepCopy where conflict.original == nil, .keepBoth where conflict.original == nil:
      return .say(
        "Kept the copy of \(title) as a note of its own: the note it conflicted with is gone.")
    case .keepCopy:
      return .say(
        "The note now has the copy's text (its own is kept as a version); the copy of \(title) "
          + "is in the trash.")
    case .keepBoth:
      return .say("Kept both: the copy of \(title) is a note of its own now.")
    }
  }
}
