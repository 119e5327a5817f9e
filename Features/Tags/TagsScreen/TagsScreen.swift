import FieldNotesModel
import FieldNotesNavigation
import FieldNotesServices
import FieldNotesTerminal
import TagsFeature

/// The tags screen on a terminal: ``TagsFeature``'s view model, the view drawn from its
/// state, and the commands typed at it (`open`, `rename`, `delete`, `yes`, `no`, `undo`).
@MainActor
public final class TagsScreen: TerminalScreen {
  /// Where FieldNotes' screens navigate.
  public typealias Route = FieldNotesNavigation.Route

  /// The command that opens this screen, for the app to offer on another screen.
  public static let entry = CommandHelp(
    names: ["tags"], usage: "tags", summary: "list every tag with its note count")

  let model: TagsViewModel
  /// The tags as last drawn, for `open N`.
  private var rows: [String] = []

  /// Opens the tags screen.
  ///
  /// - Parameter store: The store holding the notes.
  public init(store: NoteStore) {
    model = TagsViewModel(store: store)
  }

  // MARK: - TerminalScreen

  /// `tags`.
  public var promptTitle: String? { "tags" }

  /// `TagsView`.
  public var viewName: String { "TagsView" }

  /// Every tag with its note count, or the question asked; the rows are remembered for
  /// `open N`.
  ///
  /// - Returns: The lines to print.
  public func render() -> [String] {
    let state = model.state
    if case .loaded(let rows) = state { self.rows = rows.map(\.name) }
    return TagsView.render(state)
  }

  /// `TagsViewModel.state = …`.
  public var stateLine: String { "TagsViewModel.state = \(TagsView.describe(model.state))" }

  /// Traces the view model's state.
  ///
  /// - Parameter emit: Prints one transition.
  /// - Returns: The tracer.
  public func traceState(emit: @escaping (String) -> Void) -> StateTracer? {
    StateTracer(
      label: "TagsViewModel.state", read: { [model] in model.state },
      describe: TagsView.describe, emit: emit)
  }

  /// `back` withdraws a question first; otherwise leaves.
  ///
  /// - Returns: Staying while a question was withdrawn, else leaving.
  public func back() throws(ScreenError) -> ScreenResult<Route> {
    guard case .confirming = model.state else { return ScreenResult(.pop) }
    model.cancelDeletion()
    return .stay
  }

  /// On the tags screen.
  public static let helpHeading = "Tags"
  /// How to reach the tags screen.
  public static let directions = "open the tags first (`tags` on the notebooks screen)"

  /// The tags screen's commands.
  public static let commands: [ScreenCommand<TagsScreen>] = [
    ScreenCommand(["open", "cd"], usage: "open TAG|N", summary: "list the notes tagged TAG") {
      screen, arguments, _ throws(ScreenError) in
      guard arguments.count == 1 else { throw .usage("open TAG|N") }
      let tag =
        Int(arguments[0]) != nil
        ? try RowNumber.element(arguments[0], in: screen.rows) : arguments[0]
      return ScreenResult(.push(.noteList(screen.model.scope(ofTag: tag))))
    }
    .completing { screen, previous in previous.isEmpty ? screen.tagNames : [] },
    ScreenCommand(
      ["rename"], usage: "rename TAG NEWTAG", summary: "rename a tag on every note"
    ) { screen, arguments, _ throws(ScreenError) in
      guard arguments.count == 2 else { throw .usage("rename TAG NEWTAG") }
      try screen.run { () throws(TagsError) in
        try screen.model.renameTag(arguments[0], to: arguments[1])
      }
      return .stay
    }
    .completing { screen, previous in previous.isEmpty ? screen.tagNames : [] },
    ScreenCommand(
      ["delete", "rm"], usage: "delete TAG", summary: "remove a tag from every note (asks first)"
    ) { screen, arguments, _ throws(ScreenError) in
      guard arguments.count == 1 else { throw .usage("delete TAG") }
      try screen.run { () throws(TagsError) in try screen.model.requestDeletion(ofTag: arguments[0])
      }
      return .stay
    }
    .completing { screen, previous in previous.isEmpty ? screen.tagNames : [] },
    ScreenCommand(
      ["yes", "y"], usage: "yes", summary: "answer yes to the question on screen",
      hintElsewhere: "there is no question to answer"
    ) { screen, arguments, _ throws(ScreenError) in
      guard arguments.isEmpty else { throw .usage("yes") }
      try screen.run { () throws(TagsError) in try screen.model.confirmDeletion() }
      return .stay
    },
    ScreenCommand(
      ["no", "n"], usage: "no", summary: "answer no to the question on screen",
      hintElsewhere: "there is no question to answer"
    ) { screen, arguments, _ throws(ScreenError) in
      guard arguments.isEmpty else { throw .usage("no") }
      try screen.run { () throws(TagsError) in
        guard case .confirming = screen.model.state else { throw .noDeletionPending }
        screen.model.cancelDeletion()
      }
      return .stay
    },
    ScreenCommand(["undo"], usage: "undo", summary: "undo the last rename or deletion of a tag") {
      screen, arguments, _ throws(ScreenError) in
      guard arguments.isEmpty else { throw .usage("undo") }
      try screen.run { () throws(TagsError) in try screen.model.undo() }
      return .stay
    },
  ]

  // MARK: - Commands

  private var tagNames: [String] { rows.map { "#" + $0 } }

  private func run(_ work: () throws(TagsError) -> Void) throws(ScreenError) {
    do { try work() } catch {
      throw .refused(error.errorDescription ?? "The tags can't do that now.")
    }
  }
}
