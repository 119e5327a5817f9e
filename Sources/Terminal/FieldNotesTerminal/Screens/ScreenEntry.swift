/// A command on one kind of screen that opens another kind, added by the app's factory: how a
/// screen module offers a way in without the screen that hosts the command knowing of it.
///
/// `tags` on the notebooks screen is one: the tags screen's module describes the command, and
/// the factory puts it on the notebooks screen, the way a navigation host adds one line per
/// destination.
@MainActor
public struct ScreenEntry<Route> {
  /// The command's names and words.
  public let help: CommandHelp
  /// Where it goes.
  public let route: Route
  /// The heading of the host's commands in `help`.
  let hostHeading: String
  /// What to type to reach the host.
  let hostDirections: String
  private let isHost: (AnyObject) -> Bool

  /// Creates an entry.
  ///
  /// - Parameters:
  ///   - help: The command's names and words; it takes no arguments.
  ///   - route: Where it goes.
  ///   - host: The kind of screen that offers it.
  public init<Host: TerminalScreen>(_ help: CommandHelp, opens route: Route, on host: Host.Type)
  where Host.Route == Route {
    self.help = help
    self.route = route
    self.hostHeading = Host.helpHeading
    self.hostDirections = Host.directions
    self.isHost = { $0 is Host }
  }

  /// Whether a screen offers this entry.
  func isOffered(by screen: any TerminalScreen<Route>) -> Bool { isHost(screen) }

  /// The entry as a command of the screen that offers it.
  var command: BoundCommand<Route> {
    BoundCommand(
      help: help, isReachableFromAbove: false, complete: { _ in [] },
      run: { [help, route] arguments, _ throws(ScreenError) in
        guard arguments.isEmpty else { throw .usage(help.usage) }
        return ScreenResult(.push(route))
      })
  }
}
