import FieldNotesModel
import FieldNotesNavigation
import FieldNotesServices
import FieldNotesTerminal
import Foundation
import TrashFeature

/// The trash on a terminal: its view model's state drawn, and `open N`, `restore N`, `empty`
/// (then `yes` or `no`).
@MainActor
public final class TrashScreen: TerminalScreen {
  /// Where FieldNotes' screens navigate.
  public typealias Route = FieldNotesNavigation.Route

  /// How the app makes this screen, and the command on the notebooks screen that opens it
  /// (`trash`).
  ///
  /// - Parameter client: Makes the trash's data from what the app composed: the app passes
  ///   `StoreTrashClient` (`TrashLive`).
  /// - Returns: The registration.
  public static func registration(
    client: @escaping @MainActor (ScreenDependencies) -> any TrashClient
  ) -> ScreenRegistration<Route, ScreenDependencies> {
    ScreenRegistration(
      TrashScreen.self, shows: { $0.place(TrashPlace.self) },
      entries: [
        ScreenEntry(
          ["trash"],
          summary: "open the trash: deleted notes, to look at, restore or delete for good",
          opens: .feature(TrashPlace()), on: .notebooks)
      ],
      make: { _, dependencies in
        let model = TrashViewModel(client: client(dependencies), history: dependencies.history)
        return TrashScreen(model: model, now: dependencies.now, timeZone: dependencies.timeZone)
      })
  }

  let model: TrashViewModel
  private let now: DateProvider
  private let timeZone: TimeZone

  /// Shows the trash.
  ///
  /// - Parameters:
  ///   - model: The view model.
  ///   - now: Where "deleted 5 min ago" is counted from.
  ///   - timeZone: The time zone of calendar dates.
  public init(model: TrashViewModel, now: DateProvider, timeZone: TimeZone) {
    self.model = model
    self.now = now
    self.timeZone = timeZone
  }

  // MARK: - TerminalScreen

  /// `trash`.
  public var promptTitle: String? { "trash" }

  /// `TrashView`.
  public var viewName: String { "TrashView" }

  /// The trashed notes, or the question whether to empty the trash.
  ///
  /// - Parameter terminal: The terminal's width and style.
  /// - Returns: The lines to print.
  public func render(in terminal: TerminalContext) -> [String] {
    TrashView.render(model.state, now: now(), timeZone: timeZone)
  }

  /// The view model's state (for `state`, `trace` and `why`), the clock its dates are
  /// described from (for `why`), `back` closing a note shown in full, and the question whether
  /// to empty it while it waits for an answer.
  public var capabilities: ScreenCapabilities<Route> {
    let state = ViewModelState(
      "TrashViewModel.state", read: { [model] in model.state }, describe: TrashView.describe)
    return ScreenCapabilities(
      state: state,
      drawnFrom: { [unowned self] _ in
        [state.drawnValue, DrawnValue.clock(now(), timeZone: timeZone)]
      },
      back: { [unowned self] () throws(ScreenError) in try back() },
      question: { [model] in
        guard case .confirmingEmpty = model.state else { return nil }
        return "Empty the trash?"
      },
      withdrawQuestion: { [model] in model.withdrawQuestion() })
  }

  /// Leaving the screen withdraws the question whether to empty it.
  public func didLeave() { model.withdrawQuestion() }

  /// `back` from a note shown in full returns to the trash's list; from the list, it leaves.
  ///
  /// - Returns: Staying, or leaving.
  public func back() throws(ScreenError) -> ScreenResult<Route> {
    model.closeNote() ? .stay : ScreenResult(.pop)
  }

  /// On the trash screen.
  public static let helpHeading = "In the trash"
  /// How to reach the trash screen.
  public static let directions = "type `trash` on the notebooks screen first"

  /// The trash screen's commands.
  public static let commands: [ScreenCommand<TrashScreen>] = [
    ScreenCommand(
      ["open", "show"], arguments: CommandArguments([.number("N")]),
      summary: "show trashed note N in full"
    ) { screen, arguments, _ throws(ScreenError) in
      let number = arguments.number(at: 0)
      try ScreenError.carrying { () throws(TrashError) in try screen.model.show(at: number) }
      return .stay
    },
    ScreenCommand(
      ["restore"], arguments: CommandArguments([.number("N")]),
      summary: "put note N back where it was"
    ) { screen, arguments, _ throws(ScreenError) in
      let number = arguments.number(at: 0)
      let note = try ScreenError.carrying { () throws(TrashError) in
        try screen.model.restore(at: number)
      }
      let place = screen.model.notebookName(of: note).map {
        "\u{201C}\($0.terminalSafe)\u{201D}"
      }
      return .say(
        "Restored \u{201C}\(note.title.terminalSafe)\u{201D} to \(place ?? "no notebook").")
    },
    ScreenCommand(
      ["empty"], arguments: .none, summary: "delete every note in the trash for good (asks first)"
    ) { screen, arguments, _ throws(ScreenError) in
      try ScreenError.carrying { () throws(TrashError) in try screen.model.askToEmpty() }
      return .stay
    },
    ScreenCommand(["yes", "y"], arguments: .none, summary: "answer yes to the question on screen") {
      screen, arguments, _ throws(ScreenError) in
      let count = try ScreenError.carrying { () throws(TrashError) in
        try screen.model.confirmEmpty()
      }
      return .say("Deleted \(String(count: count, noun: "note")) for good.")
    },
    ScreenCommand(["no", "n"], arguments: .none, summary: "answer no to the question on screen") {
      screen, arguments, _ throws(ScreenError) in
      try ScreenError.carrying { () throws(TrashError) in try screen.model.cancelEmpty() }
      return .say("Kept the trash as it was.")
    },
  ]
}
