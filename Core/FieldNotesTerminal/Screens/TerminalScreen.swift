/// A screen of a line-oriented terminal app: what it shows and the commands typed at it.
///
/// A screen owns its commands. The app keeps a stack of screens, asks the one on top to draw
/// itself, and hands each typed line to ``ScreenNavigator``, which finds the command among the
/// top screen's own (or a command that a screen below lets through) and applies the
/// ``ScreenResult`` it returns. The app registers each kind of screen once
/// (``ScreenRegistration``); nothing else names it.
///
/// These are the requirements every screen has. What only some screens do is a value the screen
/// hands over, ``capabilities``: the view model's state it draws (from which `state`, `trace`
/// and `why` come), work to finish before anything else, lines taken as text, its own `back`,
/// background work, and more; the navigator reads the value, never the screen's type.
@MainActor
public protocol TerminalScreen<Route>: AnyObject {
  /// The value the app navigates by, such as an enum of every place in the app.
  associatedtype Route

  /// The commands typed at this kind of screen, in the order `help` lists them.
  static var commands: [ScreenCommand<Self>] { get }

  /// The heading of this screen's commands in `help`, such as `On a shelf`.
  static var helpHeading: String { get }

  /// What to type to reach this kind of screen, said when one of its commands is typed
  /// elsewhere, such as "open a shelf first (`open NAME` or `open all`)".
  static var directions: String { get }

  /// The screen's part of the prompt, such as `Attic`; `nil` for none.
  var promptTitle: String? { get }

  /// The view's name, for render counts, such as `NoteListView`; by default the screen's type
  /// name with `View` for `Screen`.
  var viewName: String { get }

  /// Draws the screen as lines of text for a terminal; Observation tracks what it reads, so the
  /// screen is drawn again when any of that changes. Drawing changes nothing the screen reads;
  /// a screen may keep what it drew, such as the rows its row numbers stand for.
  ///
  /// - Parameter terminal: The terminal's width and style.
  /// - Returns: The lines to print.
  func render(in terminal: TerminalContext) -> [String]

  /// One line describing the screen's state, for `state`: by default, its view model's state
  /// (``ScreenCapabilities/state``).
  var stateLine: String { get }

  /// What the screen does beyond drawing and its commands; nothing by default.
  var capabilities: ScreenCapabilities<Route> { get }
}

extension TerminalScreen {
  /// Nothing beyond drawing and commands.
  public var capabilities: ScreenCapabilities<Route> { ScreenCapabilities() }

  /// The screen's type name with `View` for `Screen`: `TagsView` for `TagsScreen`.
  public var viewName: String {
    let name = String(describing: Self.self)
    return name.hasSuffix("Screen") ? name.dropLast("Screen".count) + "View" : name
  }

  /// The view model's state in a line, such as `ShelfViewModel.state = loaded(3 rows)`; a
  /// screen with no view model says so.
  public var stateLine: String {
    capabilities.state?.line ?? "\(viewName) is drawn from no view model's state"
  }
}

extension TerminalScreen {
  /// This kind of screen's commands, for `help` and for finding where a command is used.
  public static var guide: ScreenGuide {
    ScreenGuide(
      heading: helpHeading, directions: directions,
      commands: commands.map {
        CommandHelp(
          names: $0.names, usage: $0.usage, summary: $0.summary, hintElsewhere: $0.hintElsewhere,
          details: $0.details)
      })
  }

  /// The command a word names on this screen, bound to it, if there is one.
  ///
  /// - Parameters:
  ///   - word: The command's name, in any case.
  ///   - reachingDown: Whether only commands that screens above may use count.
  /// - Returns: The bound command.
  func command(named word: String, reachingDown: Bool) -> BoundCommand<Route>? {
    let name = word.lowercased()
    guard
      let command = Self.commands.first(where: {
        $0.names.contains(name) && (!reachingDown || $0.isReachableFromAbove)
      })
    else { return nil }
    return BoundCommand(
      help: CommandHelp(
        names: command.names, usage: command.usage, summary: command.summary,
        details: command.details),
      isReachableFromAbove: command.isReachableFromAbove, argumentForm: command.argumentForm,
      complete: { [unowned self] previous in command.complete(self, previous) },
      run: { [unowned self] arguments, context throws(ScreenError) in
        try await command.run(self, arguments, context)
      })
  }

  /// The screen's commands, bound to it.
  ///
  /// - Parameter reachingDown: Whether only commands that screens above may use count.
  /// - Returns: The bound commands, in `help` order.
  func boundCommands(reachingDown: Bool) -> [BoundCommand<Route>] {
    Self.commands.filter { !reachingDown || $0.isReachableFromAbove }.compactMap {
      command(named: $0.name, reachingDown: reachingDown)
    }
  }
}
